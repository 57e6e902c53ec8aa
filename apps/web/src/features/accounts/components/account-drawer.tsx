import { maxConnectionsLimit, type NtripAccount } from '@fixpoint/shared';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input';
import { AccountSeats } from '../../subscriptions/components/account-seats';
import { accountKeys, deleteAccount, regeneratePassword, updateAccount } from '../api/accounts-api';
import { ActivationDialog } from './activation-dialog';
import { CredentialsPanel } from './credentials-panel';
import { diagnosisColor } from './diagnosis';
import { SessionHistory } from './session-history';

export function AccountDrawer({ account, onClose }: { account: NtripAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(account.name);
  const [maxConnections, setMaxConnections] = useState<number | undefined>(account.maxConnections);
  const [isActivating, setActivating] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });

  const save = useMutation({
    mutationFn: () => updateAccount(account.id, { name: name.trim(), maxConnections }),
    onSuccess: refresh,
  });
  const toggle = useMutation({
    mutationFn: () => updateAccount(account.id, { isDisabled: !account.isDisabled }),
    onSuccess: refresh,
  });
  const regenerate = useMutation({ mutationFn: () => regeneratePassword(account.id), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: () => deleteAccount(account.id),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  const error = [save, toggle, regenerate, remove].find((m) => m.isError)?.error;

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={account.name}>
      <Stack gap="lg">
        <Alert
          color={diagnosisColor[account.diagnosis]}
          title={t(`accounts.diagnosis.${account.diagnosis}.title`)}
          data-testid="diagnosis"
        >
          {t(`accounts.diagnosis.${account.diagnosis}.text`)}
        </Alert>
        {error && <Alert color="red">{error.message}</Alert>}

        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} size="h4">
              {t('accounts.access.title')}
            </Title>
            <Button onClick={() => setActivating(true)} disabled={account.isDisabled}>
              {t('accounts.access.activate')}
            </Button>
          </Group>
          {account.networks.length === 0 ? (
            <Text c="dimmed">{t('accounts.access.none')}</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {account.networks.map((n) => (
                  <Table.Tr key={n.networkId}>
                    <Table.Td>{n.networkName}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={n.state === 'active' ? 'green' : n.state === 'pending' ? 'blue' : 'gray'}
                        variant="light"
                      >
                        {t(`accounts.state.${n.state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {n.state === 'active' && n.activeUntil
                        ? t('accounts.access.until', {
                            date: new Date(n.activeUntil).toLocaleString(i18n.language),
                            count: n.daysLeft ?? 0,
                          })
                        : n.state === 'pending'
                          ? t('accounts.access.pending', { count: n.daysLeft ?? 0 })
                          : n.activeUntil
                            ? t('accounts.access.ended', {
                                date: new Date(n.activeUntil).toLocaleDateString(i18n.language),
                              })
                            : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('subscriptions.accountSeats.title')}
          </Title>
          <AccountSeats account={account} />
        </Stack>

        <Divider />
        <Title order={3} size="h4">
          {t('accounts.credentials.title')}
        </Title>
        <CredentialsPanel accountId={account.id} />

        <Divider />
        <Title order={3} size="h4">
          {t('accounts.settings.title')}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('accounts.settings.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <NumberInput
            label={t('accounts.settings.maxConnections')}
            value={maxConnections}
            onChange={setMaxConnections}
            min={1}
            max={maxConnectionsLimit}
            w={180}
          />
          <Button
            variant="light"
            loading={save.isPending}
            disabled={!name.trim() || !maxConnections}
            onClick={() => save.mutate()}
          >
            {t('settings.save')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('accounts.settings.maxConnectionsHint')}
        </Text>
        <Group>
          <Button variant="default" loading={regenerate.isPending} onClick={() => regenerate.mutate()}>
            {t('accounts.settings.regenerate')}
          </Button>
          <Button variant="default" loading={toggle.isPending} onClick={() => toggle.mutate()}>
            {account.isDisabled ? t('accounts.settings.enable') : t('accounts.settings.disable')}
          </Button>
          {isConfirmingDelete ? (
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('accounts.settings.confirmDelete')}
            </Button>
          ) : (
            <Button color="red" variant="light" onClick={() => setConfirmingDelete(true)}>
              {t('accounts.settings.delete')}
            </Button>
          )}
        </Group>

        <Divider />
        <Title order={3} size="h4">
          {t('accounts.sessions.title')}
        </Title>
        <SessionHistory accountId={account.id} />
      </Stack>
      {isActivating && <ActivationDialog account={account} onClose={() => setActivating(false)} />}
    </Drawer>
  );
}
