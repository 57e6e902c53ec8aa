import { type AdminOrganization, type OrgStatus, orgStatuses } from '@fixpoint/shared';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListFilters, ListPage, ListTable, tabularNumbers, useListSearch } from '../../../components/list-page';
import { orgStatusColor } from '../../../components/status-colors';
import { paths } from '../../../config/paths';
import {
  adminOrganizationKeys,
  adminOrganizationsQueryOptions,
  setAdminOrganizationStatus,
} from '../api/admin-organizations-api';
import { AdminOrganizationDrawer } from './admin-organization-drawer';

/**
 * `/admin/organizations` (spec 2): every organisation, searched by name or owner and filtered by status, with the
 * beta's pending requests approved or declined in place and the details (members, accounts, subscriptions, credits)
 * in a drawer.
 */
export function AdminOrganizationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { search, setSearch, debounced } = useListSearch();
  const [status, setStatus] = useState<OrgStatus | null>(null);
  // `/admin/organizations/<id>` opens that organisation's details (linked from its subscriptions, decision 0073).
  const { orgId } = useParams();
  const navigate = useNavigate();
  const [chosenId, setOpenId] = useState<string | null>(null);
  const openId = chosenId ?? orgId ?? null;
  const close = () => {
    setOpenId(null);
    if (orgId) navigate(paths.admin.organizations.getHref(), { replace: true });
  };
  const organizations = useQuery(adminOrganizationsQueryOptions(debounced, status));
  const decide = useMutation({
    mutationFn: setAdminOrganizationStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationKeys.all }),
  });

  return (
    <>
      <ListPage
        title={t('adminOrgs.title')}
        icon={IconBuilding}
        description={t('adminOrgs.intro')}
        filters={
          <ListFilters
            search={search}
            onSearch={setSearch}
            status={{
              label: t('adminOrgs.statusFilter'),
              placeholder: t('adminOrgs.allStatuses'),
              options: orgStatuses.map((value) => ({ value, label: t(`orgCreate.status.${value}`) })),
              value: status,
              onChange: setStatus,
            }}
          />
        }
        actionError={decide.error}
        query={organizations}
        isEmpty={(data) => data.length === 0}
        empty={debounced || status ? t('adminOrgs.noMatch') : t('adminOrgs.empty')}
      >
        {(data) => (
          <OrganizationsTable
            organizations={data}
            deciding={decide.isPending ? (decide.variables?.id ?? null) : null}
            onDecide={(id, next) => decide.mutate({ id, status: next })}
            onOpen={setOpenId}
          />
        )}
      </ListPage>
      {openId && <AdminOrganizationDrawer id={openId} onClose={close} />}
    </>
  );
}

function OrganizationsTable({
  organizations,
  deciding,
  onDecide,
  onOpen,
}: {
  organizations: AdminOrganization[];
  deciding: string | null;
  onDecide: (id: string, status: 'active' | 'declined') => void;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <ListTable
      label={t('adminOrgs.title')}
      minWidth={980}
      hasActions
      columns={[
        { header: t('adminOrgs.name') },
        { header: t('adminOrgs.status') },
        { header: t('adminOrgs.owner') },
        { header: t('adminOrgs.members'), isNumeric: true },
        { header: t('adminOrgs.accounts'), isNumeric: true },
        { header: t('adminOrgs.subscriptions'), isNumeric: true },
        { header: t('adminOrgs.credits'), isNumeric: true },
        { header: t('adminOrgs.created') },
      ]}
    >
      {organizations.map((org) => (
        <Table.Tr key={org.id} data-testid="admin-organization-row">
          <Table.Td>
            <Text size="sm" fw={500}>
              {org.name}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge color={orgStatusColor[org.status]} variant="light">
              {t(`orgCreate.status.${org.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{org.ownerEmail ?? '—'}</Table.Td>
          <Table.Td ta="right" style={tabularNumbers}>
            {number.format(org.memberCount)}
          </Table.Td>
          <Table.Td ta="right" style={tabularNumbers}>
            {number.format(org.accountCount)}
          </Table.Td>
          <Table.Td ta="right" style={tabularNumbers}>
            {number.format(org.subscriptionCount)}
          </Table.Td>
          <Table.Td ta="right" style={tabularNumbers}>
            {number.format(org.tokenAmount)}
          </Table.Td>
          <Table.Td style={tabularNumbers}>{date(org.createdAt)}</Table.Td>
          <Table.Td>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {org.status === 'pending' && (
                <>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={deciding === org.id}
                    onClick={() => onDecide(org.id, 'active')}
                    aria-label={t('adminOrgs.approveFor', { name: org.name })}
                  >
                    {t('adminOrgs.approve')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    disabled={deciding === org.id}
                    onClick={() => onDecide(org.id, 'declined')}
                    aria-label={t('adminOrgs.declineFor', { name: org.name })}
                  >
                    {t('adminOrgs.decline')}
                  </Button>
                </>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => onOpen(org.id)}
                aria-label={t('adminOrgs.detailsFor', { name: org.name })}
              >
                {t('adminOrgs.details')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
