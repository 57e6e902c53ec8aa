import type { NtripAccount } from '@fixpoint/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountKeys } from '../../../api/accounts-api';
import { assignSeats, subscriptionKeys, subscriptionsQueryOptions } from '../../../api/subscriptions-api';
import { ErrorAlert } from '../../../components/error-alert';
import { useOwnerScope } from '../../../session/owner-scope';

/**
 * The account drawer's seats: every live subscription of the owner, whether this account fills one of its seats,
 * and the button to take or leave a seat (access starts or ends at once).
 */
export function AccountSeats({ account }: { account: NtripAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scope = useOwnerScope();
  const subscriptions = useQuery(subscriptionsQueryOptions(scope));
  const change = useMutation({
    mutationFn: (input: { id: string; accountIds: string[] }) => assignSeats(scope, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
  });
  const live = (subscriptions.data ?? []).filter((s) => s.status !== 'cancelled');
  if (live.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('subscriptions.accountSeats.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <ErrorAlert error={change.error} />
      {live.map((subscription) => {
        const ids = subscription.accounts.map((a) => a.id);
        const isSeated = ids.includes(account.id);
        const isFull = ids.length >= subscription.seats;
        return (
          <Group key={subscription.id} justify="space-between" wrap="nowrap" data-testid="account-seat">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {subscription.productName}
              </Text>
              <Text size="xs" c="dimmed">
                {subscription.networkName ?? t('subscriptions.networkGone')} ·{' '}
                {t('subscriptions.seatsUsed', { used: ids.length, count: subscription.seats })}
              </Text>
            </Stack>
            {isSeated ? (
              <Button
                size="xs"
                variant="default"
                loading={change.isPending && change.variables?.id === subscription.id}
                onClick={() =>
                  change.mutate({ id: subscription.id, accountIds: ids.filter((id) => id !== account.id) })
                }
              >
                {t('subscriptions.accountSeats.leave')}
              </Button>
            ) : (
              <Button
                size="xs"
                variant="default"
                disabled={isFull}
                title={isFull ? t('subscriptions.accountSeats.full') : undefined}
                loading={change.isPending && change.variables?.id === subscription.id}
                onClick={() => change.mutate({ id: subscription.id, accountIds: [...ids, account.id] })}
              >
                {isFull ? t('subscriptions.accountSeats.full') : t('subscriptions.accountSeats.take')}
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
