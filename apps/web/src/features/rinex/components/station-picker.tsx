import type { LatLon, RinexStation } from '@fixpoint/shared';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithTimeout } from '../../../lib/lazy-import';
import { formatKm, nearestStation } from '../lib/nearest-station';
import { StationSelect } from './station-select';

// maplibre-gl (about 290 KB gzip) loads only when the surveyor opens the map.
const StationMap = lazy(() => importWithTimeout(() => import('./station-map')));

/** Step 1: the station, from the grouped select or by clicking where one measured on a small map. */
export function StationPicker({
  stations,
  value,
  onChange,
}: {
  stations: readonly RinexStation[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [isMapOpen, setIsMapOpen] = useState(false);
  const [picked, setPicked] = useState<LatLon | null>(null);
  const nearest = picked ? nearestStation(stations, picked) : null;
  const hasPositions = stations.some((station) => station.latitude !== null && station.longitude !== null);

  return (
    <Stack gap="sm">
      <StationSelect stations={stations} value={value} onChange={(id) => id && onChange(id)} />
      {hasPositions && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={isMapOpen ? <IconMapPinOff size={16} /> : <IconMapPin size={16} />}
            aria-expanded={isMapOpen}
            onClick={() => setIsMapOpen((open) => !open)}
          >
            {isMapOpen ? t('rinex.station.hideMap') : t('rinex.station.pickOnMap')}
          </Button>
        </Group>
      )}
      {isMapOpen && (
        <Stack gap="xs">
          <Suspense fallback={<Skeleton height={280} radius="md" />}>
            <StationMap stations={stations} selectedId={value} picked={picked} onPick={setPicked} />
          </Suspense>
          <Paper withBorder p="sm" radius="md" aria-live="polite">
            {!picked ? (
              <Text size="sm" c="dimmed">
                {t('rinex.station.mapHint')}
              </Text>
            ) : nearest ? (
              <Group justify="space-between" gap="sm">
                <Text size="sm">
                  {t('rinex.station.nearest', {
                    mountpoint: nearest.station.mountpoint,
                    network: nearest.station.networkName,
                    km: formatKm(nearest.distanceKm),
                  })}
                </Text>
                {nearest.station.id !== value && (
                  <Button size="xs" variant="default" onClick={() => onChange(nearest.station.id)}>
                    {t('rinex.station.use')}
                  </Button>
                )}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('rinex.station.noneNearby')}
              </Text>
            )}
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
