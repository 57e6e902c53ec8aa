import { useTranslation } from 'react-i18next';
import { RinexPage } from '../../features/rinex/components/rinex-page';
import { usePageTitle } from '../../lib/use-page-title';

/** `/rinex` and `/org/:orgId/rinex`: its own chunk; the station map (maplibre-gl) loads only when opened. */
export function RinexRoute() {
  const { t } = useTranslation();
  usePageTitle(t('rinex.title'));
  return <RinexPage />;
}
