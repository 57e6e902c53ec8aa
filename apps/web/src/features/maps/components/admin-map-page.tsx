import { SimpleGrid, Stack } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingFallback } from '../../../components/loading-fallback';
import { CoverageMap } from '../../../components/map/coverage-map';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { StatCard } from '../../../components/stat-card';
import { adminMapQueryOptions } from '../api/maps-api';
import { RoversTable } from './rovers-table';

/** /admin/map: every station with live status and every connected rover. */
export function AdminMapPage() {
  const { t } = useTranslation();
  const map = useQuery(adminMapQueryOptions());
  if (map.isPending) return <LoadingFallback />;
  if (map.isError) {
    return (
      <Stack gap="lg" maw={1400}>
        <PageHeading title={t('maps.adminHeading')} icon={IconMap} description={t('maps.adminIntro')} />
        <QueryErrorAlert query={map} />
      </Stack>
    );
  }
  const { stations, rovers } = map.data;
  const up = stations.filter((station) => station.status === 'up').length;
  const degraded = stations.filter((station) => station.status === 'degraded').length;
  const down = stations.length - up - degraded;
  return (
    <Stack gap="lg" maw={1400}>
      <PageHeading title={t('maps.adminHeading')} icon={IconMap} description={t('maps.adminIntro')} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <StatCard title={t('maps.stationsUp')} value={up} color={up > 0 ? 'success' : 'muted'} />
        <StatCard title={t('maps.stationsDegraded')} value={degraded} color={degraded > 0 ? 'warning' : 'muted'} />
        <StatCard title={t('maps.stationsDown')} value={down} color={down > 0 ? 'error' : 'muted'} />
        <StatCard title={t('maps.roversConnected')} value={rovers.length} />
      </SimpleGrid>
      <CoverageMap stations={stations} rovers={rovers} label={t('maps.adminHeading')} />
      <RoversTable rovers={rovers} emptyText={t('maps.noConnectedRovers')} />
    </Stack>
  );
}
