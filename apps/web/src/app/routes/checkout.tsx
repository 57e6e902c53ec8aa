import { useTranslation } from 'react-i18next';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { usePageTitle } from '../../lib/use-page-title';

export function CheckoutRoute() {
  const { t } = useTranslation();
  usePageTitle(t('checkout.title'));
  return <CheckoutPage />;
}
