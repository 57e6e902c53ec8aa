import { billingLimits, type InvoiceParty } from '@fixpoint/shared';
import { Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { billingKeys, saveBillingProfile } from '../api/billing-api';
import { CountrySelect } from './country-select';

type Details = Required<{ [K in keyof InvoiceParty]: string }>;
const toForm = (party: InvoiceParty | null, fallback: { name: string; email: string }): Details => ({
  name: party?.name ?? fallback.name,
  company: party?.company ?? '',
  address: party?.address ?? '',
  postalCode: party?.postalCode ?? '',
  city: party?.city ?? '',
  country: party?.country ?? '',
  vatId: party?.vatId ?? '',
  email: party?.email ?? fallback.email,
});

/**
 * The buyer on invoices: name or company, address, country (it sets the VAT rate) and VAT ID (a business in another
 * country than the seller's is charged no VAT). Also used for the seller in the admin's invoice settings.
 */
export function PartyFields({
  value,
  onChange,
  errors = {},
}: {
  value: Details;
  onChange: (next: Details) => void;
  errors?: Partial<Record<keyof Details, string>>;
}) {
  const { t } = useTranslation();
  const field = (key: keyof Details) => ({
    value: value[key],
    onChange: (event: { currentTarget: { value: string } }) => onChange({ ...value, [key]: event.currentTarget.value }),
    error: errors[key],
  });
  return (
    <>
      <Group grow align="flex-start">
        <TextInput label={t('billing.details.name')} required maxLength={billingLimits.name} {...field('name')} />
        <TextInput label={t('billing.details.company')} maxLength={billingLimits.name} {...field('company')} />
      </Group>
      <TextInput label={t('billing.details.address')} maxLength={billingLimits.address} {...field('address')} />
      <Group grow align="flex-start">
        <TextInput label={t('billing.details.postalCode')} maxLength={billingLimits.line} {...field('postalCode')} />
        <TextInput label={t('billing.details.city')} maxLength={billingLimits.line} {...field('city')} />
      </Group>
      <Group grow align="flex-start">
        <CountrySelect
          label={t('billing.details.country')}
          value={value.country || null}
          onChange={(country) => onChange({ ...value, country: country ?? '' })}
          clearable
          error={errors.country}
        />
        <TextInput
          label={t('billing.details.vatId')}
          placeholder="NL123456789B01"
          maxLength={billingLimits.vatId + 8}
          {...field('vatId')}
        />
      </Group>
      <TextInput label={t('billing.details.email')} type="email" {...field('email')} />
    </>
  );
}

export function BillingDetailsForm({
  profile,
  fallback,
}: {
  profile: InvoiceParty | null;
  fallback: { name: string; email: string };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [details, setDetails] = useState(() => toForm(profile, fallback));
  const save = useMutation({
    mutationFn: saveBillingProfile,
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

export type { Details as PartyForm };
export { toForm as partyToForm };
