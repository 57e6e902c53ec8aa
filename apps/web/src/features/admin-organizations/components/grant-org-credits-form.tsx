import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';
import { ErrorAlert } from '../../../components/error-alert';
import { NumberInput } from '../../../components/number-input';
import { adminOrganizationKeys, grantOrganizationCredits } from '../api/admin-organizations-api';

/** `PUT /admin/organizations/{id}/tokens`: credits added (or, negative, taken), with a reason kept in its ledger. */
export function GrantOrgCreditsForm({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<number | undefined>(10);
  const [reason, setReason] = useState('');
  const grant = useMutation({
    mutationFn: grantOrganizationCredits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationKeys.all }),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (amount) grant.mutate({ id, tokenAmount: amount, reason: reason.trim() || undefined });
      }}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('adminOrgs.grant.title')}
        </Title>
        {grant.isSuccess && (
          <AppAlert status="success">
            {t('adminOrgs.grant.done', { balance: new Intl.NumberFormat(i18n.language).format(grant.data.balance) })}
          </AppAlert>
        )}
        <ErrorAlert error={grant.error} />
        <Group align="flex-start" gap="sm" grow>
          <NumberInput
            label={t('adminOrgs.grant.amount')}
            description={t('adminOrgs.grant.amountHint')}
            value={amount}
            onChange={setAmount}
            min={-1_000_000}
            max={1_000_000}
            allowDecimal
            error={amount === undefined || Number.isInteger(amount) ? undefined : t('admin.users.wholeNumbers')}
          />
          <TextInput
            label={t('adminOrgs.grant.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={200}
          />
        </Group>
        <Group>
          <Button type="submit" disabled={!amount || !Number.isInteger(amount)} loading={grant.isPending}>
            {t('adminOrgs.grant.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
