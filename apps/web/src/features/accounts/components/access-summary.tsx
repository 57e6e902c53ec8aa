import type { NtripAccount } from '@fixpoint/shared';
import { Anchor, Badge, Box, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
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
  const stateBadge = (state: NetworkState) => (
    // Never cut short ("ACTI…"): the badge keeps its width and the text beside it wraps instead.
    <Badge
      variant="light"
      color={state === 'active' ? 'green' : state === 'pending' ? 'blue' : 'gray'}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {t(`accounts.state.${state}`)}
    </Badge>
  );
  const untilText = (until: string | null) =>
    until ? new Date(until).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
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
        {/* On a phone a table of four columns does not fit (issue 30): one block per row instead, same facts. */}
        <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.slice(0, shown).map((row) => (
            <Paper key={row.key} component="li" withBorder radius="sm" p="sm" data-testid="access-item">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.account}
                </Text>
                {stateBadge(row.state)}
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.network ?? '—'} · {t('dashboard.access.until')}: {untilText(row.until)}
              </Text>
            </Paper>
          ))}
        </Stack>
        <Box visibleFrom="sm">
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
                    <Table.Td>{stateBadge(row.state)}</Table.Td>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{untilText(row.until)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        {rows.length > shown && (
          <Text size="sm" c="dimmed">
            {t('dashboard.access.more', { count: rows.length - shown })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
