import { isLuhnValid } from '@fixpoint/shared';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useOwnerScope } from '../../../session/owner-scope';
import { savePaymentMethod } from '../api/billing-api';

/** "12/29" → { month: 12, year: 2029 }; null for anything else. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = text.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]) + (match[2]?.length === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * The local provider's own card form (docs/decisions/0039): clearly a test form, checked as a real one would be
 * (Luhn, expiry, CVC). Only the brand, the last four digits and the expiry are kept.
 */
export function LocalCardForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState(false);
  const scope = useOwnerScope();
  const save = useMutation({
    mutationFn: (body: Parameters<typeof savePaymentMethod>[1]) => savePaymentMethod(scope, body),
    onSuccess: onSaved,
  });
  const digits = number.replace(/[\s-]/g, '');
  const parsedExpiry = parseExpiry(expiry);
  const errors = {
    number: /^\d{12,19}$/.test(digits) && isLuhnValid(digits) ? null : t('billing.card.invalidNumber'),
    expiry: parsedExpiry ? null : t('billing.card.invalidExpiry'),
    cvc: /^\d{3,4}$/.test(cvc) ? null : t('billing.card.invalidCvc'),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.number || errors.expiry || errors.cvc || !parsedExpiry) return;
    save.mutate({ number: digits, expMonth: parsedExpiry.month, expYear: parsedExpiry.year, cvc });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('billing.card.formLabel')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="yellow" variant="light">
            {t('pricing.testMode')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('billing.card.testHint')}
          </Text>
        </Group>
        <ErrorAlert error={save.error} />
        <TextInput
          label={t('billing.card.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
          error={touched && errors.number}
          maxLength={23}
        />
        <Group grow>
          <TextInput
            label={t('billing.card.expiry')}
            placeholder={t('billing.card.expiryPlaceholder')}
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
            error={touched && errors.expiry}
            maxLength={7}
          />
          <TextInput
            label={t('billing.card.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(e.currentTarget.value)}
            error={touched && errors.cvc}
            maxLength={4}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('billing.card.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('billing.card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
