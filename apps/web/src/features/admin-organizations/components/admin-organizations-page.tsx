import { type AdminOrganization, type OrgStatus, orgStatuses } from '@fixpoint/shared';
import { Badge, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { orgStatusColor } from '../../organizations/components/org-status';
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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<OrgStatus | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const organizations = useQuery(adminOrganizationsQueryOptions(debounced, status));
  const decide = useMutation({
    mutationFn: setAdminOrganizationStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationKeys.all }),
  });

  return (
    <Stack gap="lg">
      <PageHeading title={t('adminOrgs.title')} icon={IconBuilding} description={t('adminOrgs.intro')} />
      <Group gap="sm" align="flex-end">
        <TextInput
          placeholder={t('cardTable.search')}
          aria-label={t('cardTable.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          aria-label={t('adminOrgs.statusFilter')}
          placeholder={t('adminOrgs.allStatuses')}
          clearable
          data={orgStatuses.map((value) => ({ value, label: t(`orgCreate.status.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as OrgStatus | null)}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <ErrorAlert error={decide.error} />
      {organizations.isPending ? (
        <Stack gap="xs" aria-busy>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} radius="sm" />
          ))}
        </Stack>
      ) : organizations.isError ? (
        <QueryErrorAlert query={organizations} />
      ) : organizations.data.length === 0 ? (
        <Text c="dimmed">{debounced || status ? t('adminOrgs.noMatch') : t('adminOrgs.empty')}</Text>
      ) : (
        <OrganizationsTable
          organizations={organizations.data}
          deciding={decide.isPending ? (decide.variables?.id ?? null) : null}
          onDecide={(id, next) => decide.mutate({ id, status: next })}
          onOpen={setOpenId}
        />
      )}
      {openId && <AdminOrganizationDrawer id={openId} onClose={() => setOpenId(null)} />}
    </Stack>
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
  const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" aria-label={t('adminOrgs.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminOrgs.name')}</Table.Th>
            <Table.Th>{t('adminOrgs.status')}</Table.Th>
            <Table.Th>{t('adminOrgs.owner')}</Table.Th>
            <Table.Th ta="right">{t('adminOrgs.members')}</Table.Th>
            <Table.Th ta="right">{t('adminOrgs.accounts')}</Table.Th>
            <Table.Th ta="right">{t('adminOrgs.subscriptions')}</Table.Th>
            <Table.Th ta="right">{t('adminOrgs.credits')}</Table.Th>
            <Table.Th>{t('adminOrgs.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('adminProducts.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
              <Table.Td ta="right" style={numeric}>
                {number.format(org.memberCount)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {number.format(org.accountCount)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {number.format(org.subscriptionCount)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {number.format(org.tokenAmount)}
              </Table.Td>
              <Table.Td style={numeric}>{date(org.createdAt)}</Table.Td>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
