import type { NtripAccount } from '@fixpoint/shared';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys } from '../../../api/accounts-api';
import { orgMembersQueryOptions } from '../../../api/org-members-api';
import { ErrorAlert } from '../../../components/error-alert';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { organizationScope } from '../../../session/owner-scope';
import { lendAccount, takeBackAccount } from '../api/lending-api';
import { formatUntil } from '../lib/lending';

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local input holds. */
const toLocalInput = (date: Date) => {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

/**
 * An organisation's account lent to one member until a moment (admins and owners): who has it and until when, and
 * taking it back, which regenerates the password so the member's receiver stops connecting.
 */
export function LendingPanel({ orgId, account }: { orgId: string; account: NtripAccount }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const scope = organizationScope(orgId);
  const [isConfirming, setConfirming] = useState(false);
  const onChanged = async (updated: NtripAccount) => {
    queryClient.setQueryData(accountKeys.list(scope), (list: NtripAccount[] | undefined) =>
      list?.map((a) => (a.id === updated.id ? updated : a)),
    );
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
  };
  const takeBack = useMutation({
    mutationFn: () => takeBackAccount({ orgId, accountId: account.id }),
    onSuccess: async (updated) => {
      setConfirming(false);
      await onChanged(updated);
    },
  });

  return (
    <Stack gap="xs" component="section" aria-labelledby="lending-title">
      <Title order={3} size="h4" id="lending-title">
        {t('org.lending.title')}
      </Title>
      {account.lending ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" data-testid="lending-state">
            {t('org.lending.lentTo', {
              name: account.lending.name || account.lending.email,
              date: formatUntil(account.lending.until, i18n.language),
            })}
          </Text>
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            {t('org.lending.takeBack')}
          </Button>
        </Group>
      ) : (
        <LendForm orgId={orgId} accountId={account.id} onLent={onChanged} />
      )}
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('org.lending.confirmTitle', { name: account.name })}
        centered
      >
        <Stack>
          <Text size="sm">{t('org.lending.confirmText')}</Text>
          <ErrorAlert error={takeBack.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('accounts.cancel')}
            </Button>
            <Button color="red" loading={takeBack.isPending} onClick={() => takeBack.mutate()}>
              {t('org.lending.takeBack')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function LendForm({
  orgId,
  accountId,
  onLent,
}: {
  orgId: string;
  accountId: string;
  onLent: (account: NtripAccount) => Promise<void>;
}) {
  const { t } = useTranslation();
  const members = useQuery(orgMembersQueryOptions(orgId));
  const [userId, setUserId] = useState<string | null>(null);
  const [until, setUntil] = useState('');
  const untilDate = until ? new Date(until) : null;
  const isPast = untilDate !== null && (Number.isNaN(untilDate.getTime()) || untilDate.getTime() <= Date.now());
  const lend = useMutation({
    mutationFn: () => lendAccount({ orgId, accountId, userId: userId ?? '', until: untilDate?.toISOString() ?? '' }),
    onSuccess: onLent,
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (userId && untilDate && !isPast) lend.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('org.lending.hint')}
        </Text>
        <Group align="flex-start" wrap="wrap">
          <Select
            label={t('org.lending.member')}
            placeholder={t('org.lending.pickMember')}
            data={(members.data ?? []).map((m) => ({ value: m.userId, label: `${m.name || m.email} (${m.email})` }))}
            value={userId}
            onChange={setUserId}
            searchable
            nothingFoundMessage={members.isError ? apiErrorMessage(members.error, t) : t('org.lending.noMembers')}
            w={280}
          />
          <TextInput
            type="datetime-local"
            label={t('org.lending.until')}
            value={until}
            min={toLocalInput(new Date())}
            onChange={(event) => setUntil(event.currentTarget.value)}
            error={isPast ? t('org.lending.inFuture') : undefined}
            w={240}
          />
        </Group>
        <ErrorAlert error={lend.error} />
        <Group>
          <Button type="submit" disabled={!userId || !untilDate || isPast} loading={lend.isPending}>
            {t('org.lending.lend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
