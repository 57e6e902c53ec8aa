import { useTranslation } from 'react-i18next';
import { CreditsPage } from '../../features/credits/components/credits-page';
import { usePageTitle } from '../../lib/use-page-title';

export function CreditsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('credits.title'));
  return <CreditsPage />;
}
