import { type BillingSettings, billingLimits, parseMajorUnits, type TaxRate } from '@fixpoint/shared';
import { ActionIcon, Button, Group, Radio, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconReceiptTax, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { FormCard } from '../../../components/form-card';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import {
  adminBillingKeys,
  billingSettingsQueryOptions,
  saveBillingSettings,
  saveTaxRates,
  taxRatesQueryOptions,
} from '../api/admin-billing-api';

type Row = { key: number; country: string; rate: string; label: string };
let nextKey = 0;
const toRow = (rate: TaxRate): Row => ({
  key: nextKey++,
  country: rate.country,
  rate: String(rate.rateBp / 100),
  label: rate.label,
});

/**
 * Admin → Settings → Tax management: whether prices include VAT, reverse charge for businesses abroad with a VAT
 * ID, and the VAT rate per buyer country. Invoices take the buyer's country's rate; no rate means no VAT.
 */
export function TaxSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(billingSettingsQueryOptions());
  const rates = useQuery(taxRatesQueryOptions());
  return (
    <Stack gap="lg" maw={760}>
      <PageHeading
        title={t('adminBilling.tax.title')}
        icon={IconReceiptTax}
        description={t('adminBilling.tax.intro')}
      />
      {settings.isPending || rates.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : settings.isError || rates.isError ? (
        <QueryErrorAlert query={[settings, rates]} />
      ) : (
        <>
          <TaxModeForm settings={settings.data} />
          <TaxRatesForm rates={rates.data} />
        </>
      )}
    </Stack>
  );
}

function TaxModeForm({ settings }: { settings: BillingSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pricesIncludeTax, setIncluded] = useState(settings.pricesIncludeTax);
  const [reverseCharge, setReverseCharge] = useState(settings.reverseCharge);
  const save = useMutation({
    mutationFn: saveBillingSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminBillingKeys.settings(), saved),
  });
  return (
    <FormCard
      title={t('adminBilling.tax.mode')}
      mutation={save}
      successText={t('settings.saved')}
      submitLabel={t('settings.save')}
      isSubmitDisabled={false}
      onSubmit={() => save.mutate({ ...settings, pricesIncludeTax, reverseCharge })}
    >
      <Radio.Group
        value={pricesIncludeTax ? 'including' : 'excluding'}
        onChange={(value) => setIncluded(value === 'including')}
      >
        <Stack gap="xs">
          <Radio value="including" label={t('adminBilling.tax.including')} />
          <Radio value="excluding" label={t('adminBilling.tax.excluding')} />
        </Stack>
      </Radio.Group>
      <Switch
        checked={reverseCharge}
        onChange={(e) => setReverseCharge(e.currentTarget.checked)}
        label={t('adminBilling.tax.reverseCharge')}
        description={
          settings.seller.country ? t('adminBilling.tax.reverseChargeHint') : t('adminBilling.tax.noSellerCountry')
        }
      />
    </FormCard>
  );
}

function TaxRatesForm({ rates }: { rates: TaxRate[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => rates.map(toRow));
  const save = useMutation({
    mutationFn: saveTaxRates,
    onSuccess: (saved) => queryClient.setQueryData(adminBillingKeys.taxRates(), saved),
  });
  const set = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const rateBp = (text: string) => {
    const minor = parseMajorUnits(text);
    return minor !== null && minor <= 10_000 ? minor : null;
  };
  const countries = rows.map((row) => row.country);
  const errors = rows.map((row) => ({
    country: !row.country
      ? t('adminBilling.tax.chooseCountry')
      : countries.indexOf(row.country) !== countries.lastIndexOf(row.country)
        ? t('adminBilling.tax.duplicate')
        : undefined,
    rate: rateBp(row.rate) === null ? t('adminBilling.tax.rateRule') : undefined,
    label: row.label.trim() ? undefined : t('adminBilling.tax.labelRule'),
  }));
  const isValid = errors.every((e) => !e.country && !e.rate && !e.label);
  return (
    <FormCard
      title={t('adminBilling.tax.rates')}
      mutation={save}
      successText={t('settings.saved')}
      submitLabel={t('settings.save')}
      isSubmitDisabled={!isValid}
      onSubmit={() =>
        save.mutate(
          rows.map((row) => ({ country: row.country, rateBp: rateBp(row.rate) as number, label: row.label.trim() })),
        )
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adminBilling.tax.noRates')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label={t('adminBilling.tax.rates')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.details.country')}</Table.Th>
              <Table.Th>{t('adminBilling.tax.rate')}</Table.Th>
              <Table.Th>{t('adminBilling.tax.label')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key} data-testid="tax-rate-row">
                <Table.Td>
                  <CountrySelect
                    aria-label={t('billing.details.country')}
                    value={row.country || null}
                    onChange={(country) => set(row.key, { country: country ?? '' })}
                    error={errors[index]?.country}
                  />
                </Table.Td>
                <Table.Td w={130}>
                  <TextInput
                    aria-label={t('adminBilling.tax.rate')}
                    rightSection="%"
                    inputMode="decimal"
                    value={row.rate}
                    onChange={(e) => set(row.key, { rate: e.currentTarget.value })}
                    error={errors[index]?.rate}
                  />
                </Table.Td>
                <Table.Td w={140}>
                  <TextInput
                    aria-label={t('adminBilling.tax.label')}
                    value={row.label}
                    maxLength={billingLimits.label}
                    onChange={(e) => set(row.key, { label: e.currentTarget.value })}
                    error={errors[index]?.label}
                  />
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('adminBilling.tax.remove', { country: row.country })}
                    onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setRows((all) => [...all, { key: nextKey++, country: '', rate: '', label: 'VAT' }])}
        >
          {t('adminBilling.tax.add')}
        </Button>
      </Group>
    </FormCard>
  );
}
