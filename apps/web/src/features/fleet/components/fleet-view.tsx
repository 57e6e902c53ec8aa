import type { Fleet, MapStation } from '@fixpoint/shared';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CoverageMap } from '../../../components/map/coverage-map';
import { StatCard } from '../../../components/stat-card';
import { fleetRovers } from '../lib/fleet-view';
import { FixLegend } from './fleet-legend';
import { FleetTable } from './fleet-table';

/** A count in its status colour, or quiet when there is none: an empty fleet raises no alarm. */
const alarm = <Color extends string>(count: number, color: Color) => (count > 0 ? color : 'muted');

/** The counts by health, the rovers on the map by fix state and the sortable table: the owner's and the admin's. */
export function FleetView({ fleet, stations, label }: { fleet: Fleet; stations: MapStation[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <StatCard
          title={t('fleet.status.good')}
          value={fleet.counts.good}
          color={alarm(fleet.counts.good, 'success')}
        />
        <StatCard
          title={t('fleet.status.limited')}
          value={fleet.counts.limited}
          color={alarm(fleet.counts.limited, 'warning')}
        />
        <StatCard
          title={t('fleet.status.action-required')}
          value={fleet.counts['action-required']}
          color={alarm(fleet.counts['action-required'], 'error')}
        />
        <StatCard title={t('fleet.status.unknown')} value={fleet.counts.unknown} color="muted" />
      </SimpleGrid>
      <Stack gap="xs">
        <CoverageMap stations={stations} rovers={fleetRovers(fleet.accounts)} label={label} height={380} />
        <FixLegend />
      </Stack>
      <FleetTable accounts={fleet.accounts} emptyText={t('fleet.empty')} />
    </Stack>
  );
}
