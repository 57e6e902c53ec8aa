import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { formatDuration } from '../../../lib/rinex-time';
import type { OwnerScope } from '../../../session/owner-scope';
import type { RinexPrice } from '../hooks/use-rinex-price';

/**
 * Step 4: what the window holds and costs before anything is spent: recorded time, credits (recorded hours times
 * the network's hourly price), the balance, and the way to buy credits when it is short.
 */
export function PriceSummary({
  scope,
  price,
  balance,
  canBuy,
}: {
  scope: OwnerScope;
  price: RinexPrice;
  balance: number | undefined;
  canBuy: boolean;
}) {
  const { t } = useTranslation();
  const { coverage, data } = price;

  if (coverage.isError) return <Alert color="red">{apiErrorMessage(coverage.error, t)}</Alert>;
  if (!data) {
    return (
      <Stack gap="xs" data-testid="price-loading" aria-label={t('rinex.price.checking')}>
        <Skeleton height={16} width="60%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={16} width="50%" />
      </Stack>
    );
  }

  const windowSeconds = (Date.parse(data.to) - Date.parse(data.from)) / 1000;
  const isPartial = data.coveredSeconds > 0 && data.coveredSeconds < windowSeconds - 1;
  const missing = balance === undefined ? 0 : data.credits - balance;
  const row = (label: string, value: string, testId: string) => (
    <Table.Tr>
      <Table.Td px={0}>{label}</Table.Td>
      <Table.Td px={0} ta="right" fw={500} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="sm" aria-busy={!price.isCurrent} style={{ opacity: price.isCurrent ? 1 : 0.6 }}>
      <Table withRowBorders={false} verticalSpacing={4} aria-label={t('rinex.price.title')}>
        <Table.Tbody>
          {row(
            t('rinex.price.recorded'),
            t('rinex.price.recordedValue', {
              covered: formatDuration(data.coveredSeconds),
              total: formatDuration(windowSeconds),
            }),
            'rinex-recorded',
          )}
          {row(t('rinex.price.credits'), t('rinex.price.creditsValue', { count: data.credits }), 'rinex-price')}
          {row(
            t(scope.kind === 'organization' ? 'rinex.price.orgBalance' : 'rinex.price.balance'),
            balance === undefined ? '…' : t('rinex.price.creditsValue', { count: balance }),
            'rinex-balance',
          )}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('rinex.price.perHour', { count: data.hourlyPrice })}
      </Text>
      {data.coveredSeconds === 0 && (
        <Alert color="yellow" p="xs">
          {t('rinex.price.noData')}
        </Alert>
      )}
      {isPartial && (
        <Text size="sm" data-testid="rinex-partial">
          {t('rinex.price.partial', {
            covered: Math.round(data.coveredSeconds / 60),
            total: Math.round(windowSeconds / 60),
          })}
        </Text>
      )}
      {missing > 0 && (
        <Alert color="yellow" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('rinex.price.short', { count: missing })}</Text>
            {canBuy && (
              <Button component={Link} to={purchaseHref('credits')} size="xs" variant="default">
                {t('rinex.price.buyCredits')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
