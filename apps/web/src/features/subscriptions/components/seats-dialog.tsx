import type { Subscription } from '@fixpoint/shared';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys, accountsQueryOptions } from '../../../api/accounts-api';
import { assignSeats, subscriptionKeys } from '../../../api/subscriptions-api';
import { ErrorAlert } from '../../../components/error-alert';
import { useOwnerScope } from '../../../session/owner-scope';

/** Chooses which NTRIP accounts fill a subscription's seats; each gets the network until the period ends. */
export function SeatsDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scope = useOwnerScope();
  // Seats are for the owner's own accounts: not the ones an organisation lent to the person.
  const accounts = useQuery({
    ...accountsQueryOptions(scope),
    select: (list) => (scope.kind === 'personal' ? list.filter((account) => !account.organization) : list),
  });
  const [accountIds, setAccountIds] = useState(subscription.accounts.map((account) => account.id));
  const save = useMutation({
    mutationFn: (input: { id: string; accountIds: string[] }) => assignSeats(scope, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('subscriptions.seats.title', { name: subscription.productName })} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('subscriptions.seats.hint', { count: subscription.seats, network: subscription.networkName ?? '' })}
        </Text>
        <MultiSelect
          label={t('subscriptions.seats.accounts')}
          placeholder={accountIds.length < subscription.seats ? t('subscriptions.seats.placeholder') : undefined}
          data={(accounts.data ?? []).map((account) => ({
            value: account.id,
            label: `${account.name} (${account.username})`,
          }))}
          value={accountIds}
          onChange={setAccountIds}
          maxValues={subscription.seats}
          searchable
          nothingFoundMessage={t('subscriptions.seats.noAccounts')}
        />
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('subscriptions.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate({ id: subscription.id, accountIds })}>
            {t('subscriptions.seats.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
