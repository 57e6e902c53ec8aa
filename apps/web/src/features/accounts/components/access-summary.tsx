import type { NtripAccount } from '@fixpoint/shared';
import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountsQueryOptions } from '../../../api/accounts-api';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { useOwnerScope } from '../../../session/owner-scope';

const shown = 8;
type NetworkState = NtripAccount['networks'][number]['state'];

/**
 * The dashboard's answer to "what can my rovers use, and until when": each NTRIP account's networks with their
 * access state and end (bought days, subscription seats or grants alike). Nothing without accounts. On an
 * organisation's overview, the organisation's accounts.
 */
export function AccessSummary() {
  const { t, i18n } = useTranslation();
  const scope = useOwnerScope();
  const accounts = useQuery(accountsQueryOptions(scope));
  const allHref = scope.kind === 'organization' ? paths.org.accounts.getHref(scope.orgId) : paths.accounts.getHref();
  if (accounts.isError) {
    return (
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="access-summary-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="access-summary-title">
            {t('dashboard.access.title')}
          </Title>
          <QueryErrorAlert query={accounts} />
        </Stack>
      </Card>
    );
  }
  if (!accounts.isSuccess || accounts.data.length === 0) return null;
  type Row = { key: string; account: string; network: string | null; state: NetworkState; until: string | null };
  const rows = accounts.data.flatMap((account): Row[] =>
    account.networks.length === 0
      ? [{ key: account.id, account: account.name, network: null, state: 'never', until: null }]
      : account.networks.map((n) => ({
          key: `${account.id}:${n.networkId}`,
          account: account.name,
          network: n.networkName,
          state: n.state,
          until: n.activeUntil,
        })),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="access-summary-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="access-summary-title">
            {t('dashboard.access.title')}
          </Title>
          <Anchor component={Link} to={allHref} size="sm">
            {t('dashboard.access.all')}
          </Anchor>
        </Group>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-labelledby="access-summary-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.access.account')}</Table.Th>
                <Table.Th>{t('dashboard.access.network')}</Table.Th>
                <Table.Th>{t('dashboard.access.state')}</Table.Th>
                <Table.Th>{t('dashboard.access.until')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, shown).map((row) => (
                <Table.Tr key={row.key} data-testid="access-row">
                  <Table.Td>{row.account}</Table.Td>
                  <Table.Td>{row.network ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={row.state === 'active' ? 'green' : row.state === 'pending' ? 'blue' : 'gray'}
                    >
                      {t(`accounts.state.${row.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.until
                      ? new Date(row.until).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length > shown && (
          <Text size="sm" c="dimmed">
            {t('dashboard.access.more', { count: rows.length - shown })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
