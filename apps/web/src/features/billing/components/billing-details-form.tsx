import type { InvoiceParty } from '@fixpoint/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { PartyFields, partyToForm } from '../../../components/party-fields';
import { useOwnerScope } from '../../../session/owner-scope';
import { billingKeys, saveBillingProfile } from '../api/billing-api';

/** The billing page's card for the buyer on invoices; saving it updates the billing profile. */
export function BillingDetailsForm({
  profile,
  fallback,
}: {
  profile: InvoiceParty | null;
  fallback: { name: string; email: string };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [details, setDetails] = useState(() => partyToForm(profile, fallback));
  const scope = useOwnerScope();
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveBillingProfile>[1]) => saveBillingProfile(scope, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
  return (
    <FormCard
      title={t('billing.details.title')}
      mutation={save}
      successText={t('settings.saved')}
      submitLabel={t('settings.save')}
      isSubmitDisabled={!details.name.trim()}
      onSubmit={() => save.mutate({ ...details, country: details.country || null })}
    >
      <PartyFields value={details} onChange={setDetails} />
    </FormCard>
  );
}
