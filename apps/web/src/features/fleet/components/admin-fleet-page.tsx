import { Group, Select, Stack, Text } from '@mantine/core';
import { IconActivityHeartbeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminFleetQueryOptions } from '../../../api/fleet-api';
import { LoadingFallback } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { fleetStationsQueryOptions } from '../api/fleet-stations-api';
import { FleetView } from './fleet-view';

/**
 * `/admin/fleet` (issue 33): every rover with recent sessions, one owner's (`?ownerType=user&ownerId=…`, linked from
 * the admin's user page) or the rovers one station served (`?stationId=…`): a base whose rovers never fix is a base
 * problem.
 */
export function AdminFleetPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const stationId = params.get('stationId');
  const ownerType = params.get('ownerType');
  const ownerId = params.get('ownerId');
  const search = new URLSearchParams(
    stationId ? { stationId } : ownerType && ownerId ? { ownerType, ownerId } : {},
  ).toString();
  const fleet = useQuery(adminFleetQueryOptions(search));
  const stations = useQuery(fleetStationsQueryOptions('admin'));
  return (
    <Stack gap="lg" maw={1400}>
      <PageHeading title={t('fleet.adminTitle')} icon={IconActivityHeartbeat} description={t('fleet.adminIntro')} />
      <Group align="flex-end">
        <Select
          label={t('fleet.stationFilter')}
          placeholder={t('fleet.allStations')}
          data={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.mountpoint} (${s.networkName})` }))}
          value={stationId}
          onChange={(value) => setParams(value ? { stationId: value } : {})}
          searchable
          clearable
          w={320}
        />
        {ownerId && !stationId && (
          <Text size="sm" c="dimmed">
            {t('fleet.ownerFilter')}
          </Text>
        )}
      </Group>
      {fleet.isPending ? (
        <LoadingFallback />
      ) : fleet.isError ? (
        <QueryErrorAlert query={fleet} />
      ) : (
        <FleetView
          fleet={fleet.data}
          stations={(stations.data ?? []).filter((s) => !stationId || s.id === stationId)}
          label={t('fleet.adminTitle')}
        />
      )}
    </Stack>
  );
}
