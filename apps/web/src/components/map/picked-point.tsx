import type { expectedQuality, LatLon } from '@fixpoint/shared';
import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tierBadgeColor } from '../../lib/maps/palette';

export interface PickedPoint {
  point: LatLon;
  quality: ReturnType<typeof expectedQuality>;
}

/** Below a coverage map: the expected quality at the point the user picked and its nearest stations, or a hint. */
export function PickedPointPanel({
  picked,
  hint,
  onClose,
}: {
  picked: PickedPoint | null;
  hint: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const km = (value: number) => t('maps.km', { value: value < 10 ? value.toFixed(1) : Math.round(value) });
  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite">
      {picked ? (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('maps.expectedQuality')}
              </Text>
              <Badge color={tierBadgeColor[picked.quality.tier]} variant="light">
                {t(`maps.tier.${picked.quality.tier}`)}
              </Badge>
            </Group>
            {picked.quality.nearest.length > 0 ? (
              <Text size="sm" c="dimmed">
                {t('maps.nearest')}{' '}
                {picked.quality.nearest
                  .map(
                    ({ station, distanceKm }) =>
                      `${station.mountpoint}${station.identifier ? ` (${station.identifier})` : ''} ${km(distanceKm)}${
                        station.status === 'down' ? ` · ${t('maps.down')}` : ''
                      }`,
                  )
                  .join(', ')}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('maps.noStations')}
              </Text>
            )}
          </Stack>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('maps.closeInfo')}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
