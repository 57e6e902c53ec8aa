import { Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCoins, IconShoppingCart } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ledgerQueryOptions } from '../../../api/credits-api';
import { LoadingFallback } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { StatCard } from '../../../components/stat-card';
import { describeLedgerEntry } from '../../../lib/ledger-description';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { useScopeAccess } from '../../../session/use-scope-access';

const kindColor = { purchase: 'green', grant: 'green', refund: 'orange', spend: 'blue', correction: 'orange' } as const;

/** Balance and history, with the way to buy more: the person's, or (under /org/:orgId) the organisation's. */
export function CreditsPage() {
  const { t, i18n } = useTranslation();
  const { scope, canWrite } = useScopeAccess();
  const ledger = useInfiniteQuery(ledgerQueryOptions(scope));
  if (ledger.isPending) return <LoadingFallback />;
  if (ledger.isError) {
    return (
      <Stack gap="lg">
        <PageHeading title={t('credits.title')} icon={IconCoins} description={t('credits.intro')} />
        <QueryErrorAlert query={ledger} />
      </Stack>
    );
  }
  const entries = ledger.data.pages.flatMap((page) => page.entries);
  const balance = ledger.data.pages[0]?.balance ?? 0;
  const spent = entries.filter((e) => e.kind === 'spend').reduce((sum, e) => sum - e.amount, 0);

  return (
    <Stack gap="lg">
      <PageHeading
        title={t('credits.title')}
        icon={IconCoins}
        description={t('credits.intro')}
        actions={
          canWrite && (
            <Button component={Link} to={purchaseHref('credits')} leftSection={<IconShoppingCart size={16} />}>
              {t('pricing.panel.buyCredits')}
            </Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StatCard
          title={t('credits.balance')}
          value={<span data-testid="credit-balance">{balance}</span>}
          color={balance > 0 ? 'success' : 'muted'}
        />
        <StatCard title={t('credits.spentShown')} value={spent} />
      </SimpleGrid>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('credits.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('credits.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('credits.date')}</Table.Th>
                <Table.Th>{t('credits.kind')}</Table.Th>
                <Table.Th>{t('credits.description')}</Table.Th>
                <Table.Th ta="right">{t('credits.amount')}</Table.Th>
                <Table.Th ta="right">{t('credits.balanceAfter')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{new Date(entry.createdAt).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={kindColor[entry.kind]}>
                      {t(`credits.kinds.${entry.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{describeLedgerEntry(t, i18n.language, entry)}</Table.Td>
                  <Table.Td ta="right" c={entry.amount < 0 ? 'red.8' : 'green.9'}>
                    {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                  </Table.Td>
                  <Table.Td ta="right">{entry.balanceAfter}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {ledger.hasNextPage && (
        <Group>
          <Button variant="default" loading={ledger.isFetchingNextPage} onClick={() => ledger.fetchNextPage()}>
            {t('credits.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
