import { type BillingSettings, billingLimits } from '@fixpoint/shared';
import { Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { PageHeading } from '../../../components/page-heading';
import { PartyFields, partyToForm } from '../../../components/party-fields';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { adminBillingKeys, billingSettingsQueryOptions, saveBillingSettings } from '../api/admin-billing-api';

/**
 * Admin → Settings → Invoices: the seller on every invoice the local provider issues, the number prefix (numbers
 * follow without gaps), and the footer. Issued invoices keep what they said.
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
  const [prefix, setPrefix] = useState(settings.invoicePrefix);
  const [footer, setFooter] = useState(settings.invoiceFooter);
  const save = useMutation({
    mutationFn: saveBillingSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminBillingKeys.settings(), saved),
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
          seller: { ...seller, country: seller.country || null },
          invoicePrefix: prefix.trim(),
          invoiceFooter: footer,
        })
      }
    >
      <PartyFields value={seller} onChange={setSeller} />
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
