import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantCredits } from '../../../api/credits-api';
import { adminUserKeys } from '../../../api/get-admin-users';
import { ErrorAlert } from '../../../components/error-alert';

/** The most one grant may add or remove (the server's limit). */
const maxGrant = 1_000_000;

type AmountProblem = 'fraction' | 'notANumber' | 'zero' | 'tooLarge';

/**
 * Reads the typed amount as a whole number of credits, or says what is wrong with it. Nothing typed is dropped or
 * guessed at: `1.5`, `1,5` and `1e3` are refused as they are (a number field that ignores the `.` or `e` turns them
 * into 15 and 13), and a sign alone is a number still being typed.
 */
export function parseCreditAmount(text: string): { amount?: number; problem?: AmountProblem } {
  const typed = text.trim();
  if (typed === '' || typed === '-' || typed === '+') return {};
  if (/^[+-]?\d*[.,]\d*$/.test(typed)) return { problem: 'fraction' };
  if (!/^[+-]?\d+$/.test(typed)) return { problem: 'notANumber' };
  const amount = Number(typed);
  if (amount === 0) return { problem: 'zero' };
  if (Math.abs(amount) > maxGrant) return { problem: 'tooLarge' };
  return { amount };
}

/** PUT /admin/tokens: add (positive) or remove (negative) whole credits, with a reason kept in the user's ledger. */
export function GrantCreditsDialog({ user, onClose }: { user: { id: string; name: string }; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('10');
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: grantCredits,
    // The user's page shows the new balance and ledger entry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(user.id) }),
  });
  const { amount, problem } = parseCreditAmount(text);
  const problems: Record<AmountProblem, string> = {
    fraction: t('admin.users.wholeNumbers'),
    notANumber: t('adminUsers.grant.notANumber'),
    zero: t('adminUsers.grant.notZero'),
    tooLarge: t('adminUsers.grant.tooLarge', { max: maxGrant.toLocaleString(i18n.language) }),
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.users.grantTitle', { name: user.name })} centered>
      <Stack>
        {mutation.isSuccess && (
          <Alert color="green" data-testid="grant-result">
            {t('admin.users.granted', { balance: mutation.data.balance })}
          </Alert>
        )}
        <ErrorAlert error={mutation.error} />
        <TextInput
          label={t('admin.users.amount')}
          description={t('adminUsers.grant.wholeHint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          error={problem ? problems[problem] : undefined}
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          {t('admin.users.amountHint')}
        </Text>
        <TextInput
          label={t('admin.users.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={200}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('errors.close')}
          </Button>
          <Button
            disabled={amount === undefined}
            loading={mutation.isPending}
            onClick={() =>
              amount !== undefined && mutation.mutate({ userId: user.id, tokenAmount: amount, reason: reason.trim() })
            }
          >
            {t('admin.users.grant')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
