import { billingLimits, type InvoiceParty } from '@fixpoint/shared';
import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from './country-select';

export type PartyForm = Required<{ [K in keyof InvoiceParty]: string }>;
export const partyToForm = (party: InvoiceParty | null, fallback: { name: string; email: string }): PartyForm => ({
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
  value: PartyForm;
  onChange: (next: PartyForm) => void;
  errors?: Partial<Record<keyof PartyForm, string>>;
}) {
  const { t } = useTranslation();
  const field = (key: keyof PartyForm) => ({
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
