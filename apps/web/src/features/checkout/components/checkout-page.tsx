import { type CheckoutState, formatMoney } from '@fixpoint/shared';
import { Button, Card, Group, Loader, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { orgMemberKeys } from '../../../api/org-members-api';
import { LookupErrorAlert } from '../../../components/lookup-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { type Status, StatusIcon } from '../../../components/status-icon';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { authKeys } from '../../../session/auth-api';
import type { OwnerScope } from '../../../session/owner-scope';
import { useScopeAccess } from '../../../session/use-scope-access';
import { checkoutStateQueryOptions } from '../api/checkout-api';
import { trackPurchaseOnce } from './track-purchase';

type Outcome = 'paid' | 'waiting' | 'review' | 'declined' | 'cancelled' | 'expired';

/** No session id in the address: nothing to look up, so the same "not found" as an unknown one. */
const missingSession = { error: new ApiError(404, 'NOT_FOUND', ''), isFetching: false, refetch: () => undefined };

const outcomeStatus: Record<Outcome, Status> = {
  paid: 'success',
  waiting: 'info',
  review: 'warning',
  declined: 'error',
  cancelled: 'warning',
  expired: 'warning',
};

/** What the buyer sees: the provider's word, or their own cancel on the provider's page (which moved no money). */
function outcomeOf(state: CheckoutState, isCancelledByReturn: boolean): Outcome {
  if (state.status === 'paid') return 'paid';
  if (state.status === 'open' && isCancelledByReturn) return 'cancelled';
  if (state.status === 'open' || state.status === 'pending') return 'waiting';
  // The provider confirmed another amount than we asked for: an administrator looks before anything is granted.
  if (state.status === 'needs_review') return 'review';
  return state.status;
}

/** Where the way onward leads: the person's pages, or the organisation's that bought. */
function onwardHrefs(scope: OwnerScope) {
  if (scope.kind === 'personal') {
    return {
      home: paths.dashboard.getHref(),
      accounts: paths.accounts.getHref(),
      subscriptions: paths.subscriptions.getHref(),
      credits: paths.credits.getHref(),
    };
  }
  return {
    home: paths.org.overview.getHref(scope.orgId),
    accounts: paths.org.accounts.getHref(scope.orgId),
    subscriptions: paths.org.subscriptions.getHref(scope.orgId),
    credits: paths.org.credits.getHref(scope.orgId),
  };
}

/**
 * The `/checkout` (and `/org/:orgId/checkout`) return page: paid, waiting for the provider's confirmation (polled), declined, cancelled or
 * expired, with what was bought and the way onward. Credits or a subscription appear only once the provider
 * confirmed; this page never fulfils.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const checkoutSessionId = params.get('checkoutSessionId') ?? '';
  const queryClient = useQueryClient();
  const { scope, balance } = useScopeAccess();
  const checkout = useQuery({
    ...checkoutStateQueryOptions(scope, checkoutSessionId),
    enabled: checkoutSessionId !== '',
  });
  const status = checkout.data?.status;
  const href = onwardHrefs(scope);

  useEffect(() => {
    if (!checkout.data) return;
    trackPurchaseOnce(checkout.data);
    // The balance shown below is the buyer's: the person's, or the organisation's.
    if (checkout.data.status === 'paid') {
      void queryClient.invalidateQueries({
        queryKey: scope.kind === 'organization' ? orgMemberKeys.detail(scope.orgId) : authKeys.user(),
      });
    }
  }, [checkout.data, queryClient, scope]);

  const heading = <PageHeading title={t('checkout.title')} icon={IconShoppingCart} />;
  if (!checkoutSessionId || checkout.isError) {
    return (
      <Stack gap="lg">
        {heading}
        <LookupErrorAlert
          query={checkout.isError ? checkout : missingSession}
          notFoundTitle={t('checkout.notFound.title')}
          notFoundText={t('checkout.notFound.text')}
          backHref={href.home}
          backLabel={t('checkout.toDashboard')}
        />
      </Stack>
    );
  }
  if (!checkout.data) {
    return (
      <Stack gap="lg" maw={640}>
        {heading}
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  }

  const state = checkout.data;
  const outcome = outcomeOf(state, params.get('cancelled') === '1');
  const price = `${formatMoney(state.amount, state.currency)}${state.interval ? ` ${t(`pricing.per.${state.interval}`)}` : ''}`;
  const retryHref = purchaseHref(state.type === 'Token' ? 'credits' : 'subscription', { pathname: href.home });

  return (
    <Stack gap="lg" maw={640}>
      {heading}
      <Card
        withBorder
        radius="md"
        padding="lg"
        data-testid="checkout-result"
        data-status={status}
        data-outcome={outcome}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            {outcome === 'waiting' ? <Loader size={28} /> : <StatusIcon status={outcomeStatus[outcome]} />}
            <Title order={2} size="h3">
              {t(`checkout.outcome.${outcome}.title`)}
            </Title>
          </Group>
          <Text>
            {t(`checkout.outcome.${outcome}.${state.type === 'Token' ? 'credits' : 'subscription'}`, {
              count: state.creditsAmount ?? 0,
              product: state.productName,
              date: state.subscription?.currentPeriodEnd
                ? new Date(state.subscription.currentPeriodEnd).toLocaleDateString()
                : '',
            })}
          </Text>
          <Table withRowBorders={false} aria-label={t('checkout.summary')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td c="dimmed">{t('checkout.product')}</Table.Td>
                <Table.Td ta="right">{state.productName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td c="dimmed">{t('checkout.price')}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {price}
                </Table.Td>
              </Table.Tr>
              {state.creditsAmount !== null && (
                <Table.Tr>
                  <Table.Td c="dimmed">{t('checkout.credits')}</Table.Td>
                  <Table.Td ta="right">{state.creditsAmount}</Table.Td>
                </Table.Tr>
              )}
              {state.type === 'Token' && outcome === 'paid' && balance !== undefined && (
                <Table.Tr>
                  <Table.Td c="dimmed">{t('checkout.balance')}</Table.Td>
                  <Table.Td ta="right" data-testid="checkout-balance">
                    {balance}
                  </Table.Td>
                </Table.Tr>
              )}
              {state.testMode && (
                <Table.Tr>
                  <Table.Td c="dimmed">{t('checkout.mode')}</Table.Td>
                  <Table.Td ta="right">{t('pricing.testMode')}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group gap="sm">
            {outcome === 'paid' && (
              <Button component={Link} to={state.type === 'Token' ? href.accounts : href.subscriptions}>
                {state.type === 'Token' ? t('checkout.toAccounts') : t('checkout.toAccountsSubscription')}
              </Button>
            )}
            {(outcome === 'declined' || outcome === 'cancelled' || outcome === 'expired') && (
              <Button component={Link} to={retryHref}>
                {t('checkout.tryAgain')}
              </Button>
            )}
            {state.type === 'Token' && outcome === 'paid' && (
              <Button component={Link} to={href.credits} variant="default">
                {t('checkout.toCredits')}
              </Button>
            )}
            <Button component={Link} to={href.home} variant="subtle">
              {scope.kind === 'organization' ? t('org.toOverview') : t('checkout.toDashboard')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
