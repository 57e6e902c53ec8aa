import { maxActivationDays, type NtripAccount } from '@fixpoint/shared';
import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountKeys, activateAccount } from '../../../api/accounts-api';
import { creditKeys } from '../../../api/credits-api';
import { networksQueryOptions } from '../../../api/networks-api';
import { orgMemberKeys } from '../../../api/org-members-api';
import { ErrorAlert } from '../../../components/error-alert';
import { NumberInput } from '../../../components/number-input';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { authKeys } from '../../../session/auth-api';
import { useScopeAccess } from '../../../session/use-scope-access';

/**
 * Spend credits on days of access: network, days, and the cost against the balance before confirming. The credits
 * are the scope's: the person's, or the organisation's on its pages.
 */
export function ActivationDialog({
  account,
  initialNetworkId,
  onClose,
}: {
  account: NtripAccount;
  /** Preselected network, e.g. when the user came from a network's marketplace page. */
  initialNetworkId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const networks = useQuery(networksQueryOptions());
  const { scope, balance: scopeBalance } = useScopeAccess();
  const [pickedNetworkId, setNetworkId] = useState<string | null>(
    initialNetworkId ?? account.networks[0]?.networkId ?? null,
  );
  // With one network to choose from, it is the choice: the cost shows at once, not after opening the list.
  const onlyNetwork = networks.data?.length === 1 ? networks.data[0] : undefined;
  const networkId = pickedNetworkId ?? onlyNetwork?.id ?? null;
  const [days, setDays] = useState<number | undefined>(1);
  const network = networks.data?.find((n) => n.id === networkId);
  const cost = network && days ? network.dailyPrice * days : 0;
  const balance = scopeBalance ?? 0;
  const isShort = cost > balance;

  const mutation = useMutation({
    mutationFn: (input: { accountId: string; networkId: string; days: number }) => activateAccount(scope, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({
          queryKey: scope.kind === 'organization' ? orgMemberKeys.detail(scope.orgId) : authKeys.user(),
        }),
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
      ]);
    },
  });

  return (
    <Modal opened onClose={onClose} title={t('accounts.activate.title', { name: account.name })} centered>
      {mutation.isSuccess ? (
        <Stack>
          <Alert color="green">
            {mutation.data.activeUntil
              ? t('accounts.activate.doneUntil', { date: new Date(mutation.data.activeUntil).toLocaleString() })
              : t('accounts.activate.donePending', { days: mutation.data.days })}
          </Alert>
          <Button onClick={onClose}>{t('errors.close')}</Button>
        </Stack>
      ) : (
        <Stack>
          <Select
            label={t('accounts.activate.network')}
            placeholder={t('accounts.activate.pickNetwork')}
            data={(networks.data ?? []).map((n) => ({
              value: n.id,
              label: `${n.name} (${t('accounts.activate.perDay', { count: n.dailyPrice, price: n.dailyPrice })})`,
            }))}
            value={networkId}
            onChange={setNetworkId}
            nothingFoundMessage={t('accounts.activate.noNetworks')}
          />
          <NumberInput
            label={t('accounts.activate.days')}
            value={days}
            onChange={setDays}
            min={1}
            max={maxActivationDays}
          />
          {network?.accessStartsAt === 'first-connection' && (
            <Text size="sm" c="dimmed">
              {t('accounts.activate.firstConnection')}
            </Text>
          )}
          <Table withRowBorders={false} aria-label={t('accounts.activate.summary')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('accounts.activate.cost')}</Table.Td>
                <Table.Td ta="right" data-testid="activation-cost">
                  {t('accounts.credits', { count: cost })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{scope.kind === 'organization' ? t('org.balance') : t('accounts.activate.balance')}</Table.Td>
                <Table.Td ta="right" data-testid="activation-balance">
                  {t('accounts.credits', { count: balance })}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {isShort && (
            <Alert color="yellow">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('accounts.activate.short', { missing: cost - balance })}</Text>
                <Button component={Link} to={purchaseHref('credits')} size="xs" variant="default">
                  {t('pricing.panel.buyCredits')}
                </Button>
              </Group>
            </Alert>
          )}
          <ErrorAlert error={mutation.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('accounts.cancel')}
            </Button>
            <Button
              disabled={!network || !days || isShort}
              loading={mutation.isPending}
              onClick={() => network && days && mutation.mutate({ accountId: account.id, networkId: network.id, days })}
            >
              {t('accounts.activate.confirm', { count: cost })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
