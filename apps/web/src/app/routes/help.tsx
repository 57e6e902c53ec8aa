import { useTranslation } from 'react-i18next';
import { HelpPage } from '../../features/help/components/help-page';
import { usePageTitle } from '../../lib/use-page-title';

export function HelpRoute() {
  const { t } = useTranslation();
  usePageTitle(t('help.title'));
  return <HelpPage />;
}
