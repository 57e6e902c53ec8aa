import { maxConnectionsLimit, type NtripAccount } from '@fixpoint/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys, deleteAccount, regeneratePassword, updateAccount } from '../../../api/accounts-api';
import { ErrorAlert } from '../../../components/error-alert';
import { NumberInput } from '../../../components/number-input';
import type { OwnerScope } from '../../../session/owner-scope';

/** The drawer's settings: name and connection limit, a new password, disable or enable, and delete. */
export function AccountSettingsForm({
  scope,
  account,
  onDeleted,
}: {
  scope: OwnerScope;
  account: NtripAccount;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(account.name);
  const [maxConnections, setMaxConnections] = useState<number | undefined>(account.maxConnections);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });

  const save = useMutation({
    mutationFn: () => updateAccount(scope, account.id, { name: name.trim(), maxConnections }),
    onSuccess: refresh,
  });
  const toggle = useMutation({
    mutationFn: () => updateAccount(scope, account.id, { isDisabled: !account.isDisabled }),
    onSuccess: refresh,
  });
  const regenerate = useMutation({ mutationFn: () => regeneratePassword(scope, account.id), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: () => deleteAccount(scope, account.id),
    onSuccess: async () => {
      await refresh();
      onDeleted();
    },
  });
  const error = [save, toggle, regenerate, remove].find((m) => m.isError)?.error;

  return (
    <Stack gap="sm">
      <ErrorAlert error={error} />
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('accounts.settings.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <NumberInput
          label={t('accounts.settings.maxConnections')}
          value={maxConnections}
          onChange={setMaxConnections}
          min={1}
          max={maxConnectionsLimit}
          w={180}
        />
        <Button
          variant="default"
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
    </Stack>
  );
}
