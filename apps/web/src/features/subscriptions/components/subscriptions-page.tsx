import { formatMoney, type Subscription } from '@fixpoint/shared';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconReceipt, IconShoppingCart } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountKeys } from '../../../api/accounts-api';
import {
  endOrgSubscriptionNow,
  setSubscriptionCancelled,
  subscriptionKeys,
  subscriptionsQueryOptions,
} from '../../../api/subscriptions-api';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeading } from '../../../components/page-heading';
import { usePendingDialog } from '../../../components/pending-dialog';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { subscriptionStatusColor } from '../../../components/status-colors';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { useOwnerScope } from '../../../session/owner-scope';
import { useScopeAccess } from '../../../session/use-scope-access';
import { SeatsDialog } from './seats-dialog';

/**
 * `/subscriptions` and `/org/:orgId/subscriptions`: what the user (or the organisation) subscribed to, until when,
 * which NTRIP accounts fill its seats, and cancel at period end or resume; buying another opens the plan dialogs.
 * An organisation's plain members only look.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const { scope, canWrite } = useScopeAccess();
  const subscriptions = useQuery(subscriptionsQueryOptions(scope));
  const buy = canWrite && (
    <Button component={Link} to={purchaseHref('subscription')} leftSection={<IconShoppingCart size={16} />}>
      {t('subscriptions.buy')}
    </Button>
  );
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeading
        title={t('subscriptions.title')}
        icon={IconReceipt}
        description={t('subscriptions.intro')}
        actions={buy}
      />
      {subscriptions.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={200} radius="md" />
          <Skeleton height={200} radius="md" />
        </SimpleGrid>
      ) : subscriptions.isError ? (
        <QueryErrorAlert query={subscriptions} />
      ) : subscriptions.data.length === 0 ? (
        <Text c="dimmed">{t('subscriptions.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {subscriptions.data.map((subscription) => (
            <SubscriptionCard key={subscription.id} subscription={subscription} canWrite={canWrite} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function SubscriptionCard({ subscription, canWrite }: { subscription: Subscription; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const scope = useOwnerScope();
  const [dialog, setDialog] = useState<'seats' | 'cancel' | 'end' | null>(null);
  const pending = usePendingDialog();
  const change = useMutation({
    mutationFn: (input: { id: string; cancel: boolean } | { id: string; endNow: true }) => {
      if (!('endNow' in input)) return setSubscriptionCancelled(scope, input);
      if (scope.kind !== 'organization') throw new Error('Only an organisation ends a subscription now.');
      return endOrgSubscriptionNow(scope.orgId, input.id);
    },
    onSuccess: async () => {
      setDialog(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]);
    },
  });
  const { status } = subscription;
  const longDate = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  const periodEnd = longDate(subscription.currentPeriodEnd);
  const isLive = status === 'active' || status === 'cancelling' || status === 'past_due';
  // Ending at the period end, or (an organisation's) now: the same confirmation with its own words.
  const confirm =
    dialog === 'cancel'
      ? {
          title: t('subscriptions.confirmCancel.title'),
          text: t('subscriptions.confirmCancel.text', { date: periodEnd }),
          label: t('subscriptions.confirmCancel.confirm'),
          kind: 'cancel' as const,
        }
      : dialog === 'end'
        ? {
            title: t('subscriptions.endNow.title'),
            text: t('subscriptions.endNow.text'),
            label: t('subscriptions.endNow.confirm'),
            kind: 'end' as const,
          }
        : null;
  const price = `${formatMoney(subscription.amount, subscription.currency)}${subscription.interval ? ` ${t(`pricing.per.${subscription.interval}`)}` : ''}`;

  /** Cancel, resume or end now: the confirmation closes and the pending dialog tells how it went (spec 4). */
  const runChange = async (kind: 'cancel' | 'resume' | 'end') => {
    setDialog(null);
    const name = subscription.productName;
    const outcome = await pending.run(
      change.mutateAsync(
        kind === 'end' ? { id: subscription.id, endNow: true } : { id: subscription.id, cancel: kind === 'cancel' },
      ),
      {
        loadingText: t(`subscriptions.progress.${kind}.loading`, { name }),
        success: {
          title: t(`subscriptions.progress.${kind}.title`),
          message: t(`subscriptions.progress.${kind}.text`, { name, date: periodEnd }),
        },
        failure: { title: t(`subscriptions.progress.${kind}.failed`) },
      },
    );
    // The failure view said why; the card keeps the reason only when the dialog was dismissed before it.
    if (!outcome.isOk && !outcome.isDismissed) change.reset();
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={subscription.productName}
      data-testid="subscription"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {subscription.productName}
            </Title>
            <Text size="sm" c="dimmed">
              {subscription.networkName ?? t('subscriptions.networkGone')} · {price}
            </Text>
          </Stack>
          <Badge color={subscriptionStatusColor[status]} variant="light" data-testid="subscription-status">
            {t(`subscriptions.status.${status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {status === 'active'
            ? subscription.provider === 'manual'
              ? t('subscriptions.ends', { date: periodEnd })
              : t('subscriptions.renews', { date: periodEnd })
            : status === 'cancelled'
              ? // The day it really ended: ended at once, that day; run out, its period's end (decision 0073).
                t('subscriptions.ended', { date: longDate(subscription.endedAt ?? subscription.currentPeriodEnd) })
              : status === 'past_due'
                ? t('subscriptions.pastDue', {
                    date: longDate(subscription.graceEndsAt ?? subscription.currentPeriodEnd),
                  })
                : t('subscriptions.ends', { date: periodEnd })}
        </Text>
        {/* An ended subscription has no seats to fill: nothing to choose. */}
        {(isLive || subscription.accounts.length > 0) && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('subscriptions.seatsUsed', { used: subscription.accounts.length, count: subscription.seats })}
            </Text>
            {subscription.accounts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('subscriptions.noSeats')}
              </Text>
            ) : (
              <>
                {subscription.accounts.map((account) => (
                  <Text key={account.id} size="sm">
                    {account.name}{' '}
                    <Text span size="xs" c="dimmed">
                      {account.username}
                    </Text>
                  </Text>
                ))}
                {isLive && subscription.seats > subscription.accounts.length && (
                  <Text size="sm" c="dimmed" fs="italic" data-testid="empty-seats">
                    {t('subscriptions.emptySeats', { count: subscription.seats - subscription.accounts.length })}
                  </Text>
                )}
              </>
            )}
          </Stack>
        )}
        <ErrorAlert error={change.error} />
        {isLive && canWrite && (
          <Group gap="sm">
            <Button variant="default" onClick={() => setDialog('seats')}>
              {t('subscriptions.editSeats')}
            </Button>
            {status === 'cancelling' ? (
              <Button loading={change.isPending} onClick={() => void runChange('resume')}>
                {t('subscriptions.resume')}
              </Button>
            ) : (
              <Button variant="subtle" color="red" onClick={() => setDialog('cancel')}>
                {t('subscriptions.cancelAtPeriodEnd')}
              </Button>
            )}
            {scope.kind === 'organization' && (
              <Button variant="subtle" color="red" onClick={() => setDialog('end')}>
                {t('subscriptions.endNow.open')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {dialog === 'seats' && <SeatsDialog subscription={subscription} onClose={() => setDialog(null)} />}
      {confirm && (
        <Modal opened onClose={() => setDialog(null)} title={confirm.title} centered>
          <Stack>
            <Text size="sm">{confirm.text}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)} data-autofocus>
                {t('subscriptions.confirmCancel.keep')}
              </Button>
              <Button color="red" onClick={() => void runChange(confirm.kind)}>
                {confirm.label}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {pending.dialog}
    </Card>
  );
}
