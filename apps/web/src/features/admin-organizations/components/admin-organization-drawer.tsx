import { Badge, Button, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { orgStatusColor, subscriptionStatusColor } from '../../../components/status-colors';
import {
  type AdminOrganizationDetail,
  adminOrganizationKeys,
  adminOrganizationQueryOptions,
  setAdminOrganizationStatus,
} from '../api/admin-organizations-api';
import { GrantOrgCreditsForm } from './grant-org-credits-form';

/** One organisation for the admin: its figures, approve or decline, credits, members, accounts, subscriptions. */
export function AdminOrganizationDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useQuery(adminOrganizationQueryOptions(id));
  const decide = useMutation({
    mutationFn: setAdminOrganizationStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationKeys.all }),
  });
  const org = detail.data?.organization;
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={org?.name ?? t('adminOrgs.details')}>
      {detail.isPending ? (
        <Skeleton height={240} radius="md" />
      ) : detail.isError ? (
        <QueryErrorAlert query={detail} />
      ) : (
        <Stack gap="lg">
          <Group justify="space-between">
            <Badge color={orgStatusColor[detail.data.organization.status]} variant="light" size="lg">
              {t(`orgCreate.status.${detail.data.organization.status}`)}
            </Badge>
            <Group gap="xs">
              {detail.data.organization.status !== 'active' && (
                <Button
                  loading={decide.isPending && decide.variables?.status === 'active'}
                  onClick={() => decide.mutate({ id, status: 'active' })}
                >
                  {t('adminOrgs.approve')}
                </Button>
              )}
              {detail.data.organization.status === 'pending' && (
                <Button
                  color="red"
                  variant="subtle"
                  loading={decide.isPending && decide.variables?.status === 'declined'}
                  onClick={() => decide.mutate({ id, status: 'declined' })}
                >
                  {t('adminOrgs.decline')}
                </Button>
              )}
            </Group>
          </Group>
          <ErrorAlert error={decide.error} />
          <Figures detail={detail.data} />
          <Divider />
          <GrantOrgCreditsForm id={id} />
          <Divider />
          <DetailTables detail={detail.data} />
        </Stack>
      )}
    </Drawer>
  );
}

function Figures({ detail }: { detail: AdminOrganizationDetail }) {
  const { t, i18n } = useTranslation();
  const org = detail.organization;
  const figure = (label: string, value: ReactNode) => (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
      {figure(t('adminOrgs.owner'), org.ownerEmail ?? '—')}
      {figure(t('adminOrgs.credits'), new Intl.NumberFormat(i18n.language).format(org.tokenAmount))}
      {figure(
        t('adminOrgs.created'),
        new Date(org.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
      )}
    </SimpleGrid>
  );
}

function DetailTables({ detail }: { detail: AdminOrganizationDetail }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const section = (title: string, count: number, table: ReactNode) => (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title} ({count})
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adminOrgs.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={title}>
            <Table.Tbody>{table}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
  return (
    <Stack gap="lg">
      {section(
        t('adminOrgs.members'),
        detail.members.length,
        detail.members.map((member) => (
          <Table.Tr key={member.userId}>
            <Table.Td>{member.name || '—'}</Table.Td>
            <Table.Td>{member.email}</Table.Td>
            <Table.Td>{t(`orgCreate.roles.${member.role}`)}</Table.Td>
          </Table.Tr>
        )),
      )}
      {section(
        t('adminOrgs.accounts'),
        detail.accounts.length,
        detail.accounts.map((account) => (
          <Table.Tr key={account.id}>
            <Table.Td>{account.name}</Table.Td>
            <Table.Td ff="monospace">{account.username}</Table.Td>
            <Table.Td>
              {account.lending
                ? t('adminOrgs.lentTo', {
                    name: account.lending.name || account.lending.email,
                    date: date(account.lending.until),
                  })
                : ''}
            </Table.Td>
          </Table.Tr>
        )),
      )}
      {section(
        t('adminOrgs.subscriptions'),
        detail.subscriptions.length,
        detail.subscriptions.map((subscription) => (
          <Table.Tr key={subscription.id}>
            <Table.Td>{subscription.productName}</Table.Td>
            <Table.Td>
              <Badge color={subscriptionStatusColor[subscription.status]} variant="light">
                {t(`subscriptions.status.${subscription.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{date(subscription.currentPeriodEnd)}</Table.Td>
          </Table.Tr>
        )),
      )}
    </Stack>
  );
}
