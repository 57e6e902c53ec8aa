import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input';
import { grantCredits } from '../../credits/api/credits-api';

/** PUT /admin/tokens: add (positive) or remove (negative) credits, with a reason kept in the user's ledger. */
export function GrantCreditsDialog({ user, onClose }: { user: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<number | undefined>(10);
  const [reason, setReason] = useState('');
  const mutation = useMutation({ mutationFn: grantCredits });
  // Decimals may be typed, so "1.5" is refused as such instead of read as 15.
  const isWhole = amount === undefined || Number.isInteger(amount);
  return (
    <Modal opened onClose={onClose} title={t('admin.users.grantTitle', { name: user.name })} centered>
      <Stack>
        {mutation.isSuccess && (
          <Alert color="green" data-testid="grant-result">
            {t('admin.users.granted', { balance: mutation.data.balance })}
          </Alert>
        )}
        {mutation.isError && <Alert color="red">{mutation.error.message}</Alert>}
        <NumberInput
          label={t('admin.users.amount')}
          value={amount}
          onChange={setAmount}
          min={-1_000_000}
          max={1_000_000}
          allowDecimal
          error={isWhole ? undefined : t('admin.users.wholeNumbers')}
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
            disabled={!amount || !isWhole}
            loading={mutation.isPending}
            onClick={() => amount && mutation.mutate({ userId: user.id, tokenAmount: amount, reason: reason.trim() })}
          >
            {t('admin.users.grant')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
