import { type BillingSettings, billingLimits } from '@fixpoint/shared';
import { Group, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { PageHeading } from '../../../components/page-heading';
import { PartyFields, partyToForm } from '../../../components/party-fields';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { adminBillingKeys, billingSettingsQueryOptions, saveBillingSettings } from '../api/admin-billing-api';

/** What an EU invoice's footer names beside the seller's address (decision 0072). */
const sellerExtras = ['registration', 'iban', 'bic', 'phone', 'website'] as const;
type SellerExtras = Record<(typeof sellerExtras)[number], string>;
const extrasOf = (seller: BillingSettings['seller']): SellerExtras => ({
  registration: seller.registration ?? '',
  iban: seller.iban ?? '',
  bic: seller.bic ?? '',
  phone: seller.phone ?? '',
  website: seller.website ?? '',
});

/**
 * Admin → Settings → Invoices: the seller on every invoice the local provider issues (with its trade register entry,
 * bank account and contact, printed in the invoice's footer), the number prefix (numbers follow without gaps), and
 * the notes. Issued invoices keep what they said.
 */
export function InvoiceSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(billingSettingsQueryOptions());
  return (
    <Stack gap="lg" maw={760}>
      <PageHeading
        title={t('adminBilling.invoices.title')}
        icon={IconFileInvoice}
        description={t('adminBilling.invoices.intro')}
      />
      {settings.isPending ? (
        <Skeleton height={420} radius="md" />
      ) : settings.isError ? (
        <QueryErrorAlert query={settings} />
      ) : (
        <InvoiceSettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}

function InvoiceSettingsForm({ settings }: { settings: BillingSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [seller, setSeller] = useState(() => partyToForm(settings.seller, { name: '', email: '' }));
  const [extras, setExtras] = useState(() => extrasOf(settings.seller));
  const [prefix, setPrefix] = useState(settings.invoicePrefix);
  const [footer, setFooter] = useState(settings.invoiceFooter);
  const save = useMutation({
    mutationFn: saveBillingSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminBillingKeys.settings(), saved),
  });
  const extra = (key: keyof SellerExtras) => ({
    value: extras[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      setExtras({ ...extras, [key]: event.currentTarget.value }),
  });
  const isPrefixValid = /^[A-Za-z0-9/_-]*$/.test(prefix.trim());
  const next = useQuery({ ...billingSettingsQueryOptions(), select: (data) => data.nextInvoiceNumber });
  return (
    <FormCard
      title={t('adminBilling.invoices.seller')}
      mutation={save}
      successText={t('settings.saved')}
      submitLabel={t('settings.save')}
      isSubmitDisabled={!seller.name.trim() || !isPrefixValid}
      onSubmit={() =>
        save.mutate({
          ...settings,
          seller: { ...seller, ...extras, country: seller.country || null },
          invoicePrefix: prefix.trim(),
          invoiceFooter: footer,
        })
      }
    >
      <PartyFields value={seller} onChange={setSeller} />
      <Title order={3} size="h5" mt="xs">
        {t('adminBilling.invoices.registrationTitle')}
      </Title>
      <TextInput
        label={t('adminBilling.invoices.registration')}
        description={t('adminBilling.invoices.registrationHint')}
        maxLength={billingLimits.registration}
        {...extra('registration')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('adminBilling.invoices.iban')}
          placeholder="NL91 ABNA 0417 1643 00"
          maxLength={billingLimits.iban + 8}
          {...extra('iban')}
        />
        <TextInput
          label={t('adminBilling.invoices.bic')}
          placeholder="ABNANL2A"
          maxLength={billingLimits.bic}
          {...extra('bic')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput label={t('adminBilling.invoices.phone')} maxLength={billingLimits.line} {...extra('phone')} />
        <TextInput label={t('adminBilling.invoices.website')} maxLength={billingLimits.line} {...extra('website')} />
      </Group>
      <TextInput
        label={t('adminBilling.invoices.prefix')}
        description={t('adminBilling.invoices.next', { number: next.data ?? settings.nextInvoiceNumber })}
        value={prefix}
        onChange={(e) => setPrefix(e.currentTarget.value)}
        maxLength={billingLimits.prefix}
        error={isPrefixValid ? undefined : t('adminBilling.invoices.prefixRule')}
      />
      <Textarea
        label={t('adminBilling.invoices.footer')}
        description={t('adminBilling.invoices.footerHint')}
        value={footer}
        onChange={(e) => setFooter(e.currentTarget.value)}
        maxLength={billingLimits.footer}
        rows={3}
      />
      <Text size="xs" c="dimmed">
        {t('adminBilling.invoices.issuedKeep')}
      </Text>
    </FormCard>
  );
}
