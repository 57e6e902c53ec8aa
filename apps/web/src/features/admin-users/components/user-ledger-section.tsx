import type { LedgerPage } from '@fixpoint/shared';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { describeLedgerEntry } from '../../../lib/ledger-description';
import { useAdminUserLedger } from '../api/get-admin-user-ledger';
import { UserSection } from './user-section';

const kindColor = { purchase: 'green', grant: 'green', refund: 'orange', spend: 'blue', correction: 'orange' } as const;

/** The user's credit history, newest first, a page at a time (the first page came with the user). */
export function UserLedgerSection({ userId, firstPage }: { userId: string; firstPage: LedgerPage }) {
  const { t, i18n } = useTranslation();
  const ledger = useAdminUserLedger(userId, firstPage);
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <UserSection title={t('adminUsers.ledger.title')}>
      <Stack gap="sm">
        <QueryErrorAlert query={ledger} title={t('adminUsers.ledger.loadFailed')} />
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('adminUsers.ledger.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label={t('adminUsers.ledger.title')} data-testid="user-ledger">
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
                    <Table.Td>
                      <Text size="sm">{new Date(entry.createdAt).toLocaleString(i18n.language)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={kindColor[entry.kind]}>
                        {t(`credits.kinds.${entry.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{describeLedgerEntry(t, i18n.language, entry)}</Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {/* Only what is taken away stands out; red.9 keeps 4.5:1 contrast on white. */}
                      <Text size="sm" c={entry.amount < 0 ? 'red.9' : undefined}>
                        {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      <Text size="sm">{entry.balanceAfter}</Text>
                    </Table.Td>
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
    </UserSection>
  );
}
