import { useTranslation } from 'react-i18next';
import { InvoiceSettingsPage } from '../../../features/admin-billing/components/invoice-settings-page';
import { TaxSettingsPage } from '../../../features/admin-billing/components/tax-settings-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminInvoiceSettingsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminBilling.invoices.title'));
  return <InvoiceSettingsPage />;
}

export function AdminTaxSettingsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminBilling.tax.title'));
  return <TaxSettingsPage />;
}
