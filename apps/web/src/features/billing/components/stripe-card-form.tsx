import { cardPaymentSpacingUnit } from '@fixpoint/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useBrand } from '../../../lib/brand/brand-context';
import { useOwnerScope } from '../../../session/owner-scope';
import { savePaymentMethod } from '../api/billing-api';

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js loads once per key (from Stripe, as its terms require), when the card form first opens. */
const stripeFor = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

/**
 * Stripe's card form (Payment Element) for a SetupIntent, in the brand's card-payment colours and the spec's 8 px
 * spacing unit (spec 1, 9). The card goes from the browser to Stripe; we get back the SetupIntent and save its card.
 */
export default function StripeCardForm({
  publishableKey,
  clientSecret,
  onSaved,
  onCancel,
}: {
  publishableKey: string;
  clientSecret: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const brand = useBrand();
  const options = useMemo(
    () => ({
      clientSecret,
      appearance: {
        theme: 'stripe' as const,
        variables: { ...brand.cardPayment, spacingUnit: cardPaymentSpacingUnit, borderRadius: '6px' },
      },
    }),
    [clientSecret, brand.cardPayment],
  );
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <ConfirmForm onSaved={onSaved} onCancel={onCancel} />
    </Elements>
  );
}

function ConfirmForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const scope = useOwnerScope();
  const save = useMutation({
    mutationFn: (body: Parameters<typeof savePaymentMethod>[1]) => savePaymentMethod(scope, body),
    onSuccess: onSaved,
  });
  const [isConfirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setConfirming(true);
    setError(null);
    const result = await stripe.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    setConfirming(false);
    if (result.error) setError(result.error.message ?? t('billing.card.failed'));
    else if (result.setupIntent) save.mutate({ setupIntentId: result.setupIntent.id });
  };

  return (
    <form onSubmit={submit} aria-label={t('billing.card.formLabel')}>
      <Stack gap="sm">
        {error ? <Alert color="red">{error}</Alert> : <ErrorAlert error={save.error} />}
        <PaymentElement />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('billing.card.cancel')}
          </Button>
          <Button type="submit" disabled={!stripe} loading={isConfirming || save.isPending}>
            {t('billing.card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
