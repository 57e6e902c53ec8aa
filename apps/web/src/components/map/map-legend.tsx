import { Box, Group, Loader, SegmentedControl, Text } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type MapTheme, markerColors, tierColors } from '../../lib/maps/palette';

/** Above a coverage map: what its colours mean, whether tiers are being drawn, and the light or dark style. */
export function MapLegend({
  hasRovers,
  isComputing,
  theme,
  onTheme,
}: {
  hasRovers: boolean;
  isComputing: boolean;
  theme: MapTheme;
  /** Absent where the map has a style of its own (MAP_STYLE_URL): no switch then. */
  onTheme?: (theme: MapTheme) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="sm" aria-label={t('maps.legend')} role="list">
        {(['excellent', 'good', 'degraded'] as const).map((tier) => (
          <Group key={tier} gap={6} wrap="nowrap" role="listitem">
            <Box w={14} h={14} bg={tierColors[tier]} style={{ borderRadius: 3, opacity: 0.85 }} aria-hidden />
            <Text size="xs">{t(`maps.tier.${tier}`)}</Text>
          </Group>
        ))}
        <Group gap={6} wrap="nowrap" role="listitem">
          <Box
            w={12}
            h={12}
            style={{ borderRadius: '50%', border: `3px solid ${markerColors.up}`, boxShadow: '0 0 0 1px #868e96' }}
            aria-hidden
          />
          <Text size="xs">{t('maps.stationUp')}</Text>
        </Group>
        <Group gap={6} wrap="nowrap" role="listitem">
          <Box w={12} h={12} style={{ borderRadius: '50%', border: `3px solid ${markerColors.down}` }} aria-hidden />
          <Text size="xs">{t('maps.stationDown')}</Text>
        </Group>
        {isComputing && (
          <Group gap={6} wrap="nowrap" role="listitem">
            <Loader size={12} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('maps.computing')}
            </Text>
          </Group>
        )}
        {hasRovers && (
          <Group gap={6} wrap="nowrap" role="listitem">
            <Box w={10} h={10} bg={markerColors.rover} style={{ borderRadius: '50%' }} aria-hidden />
            <Text size="xs">{t('maps.rover')}</Text>
          </Group>
        )}
      </Group>
      {onTheme && (
        <SegmentedControl
          size="xs"
          aria-label={t('maps.theme')}
          value={theme}
          onChange={(value) => onTheme(value as MapTheme)}
          data={(['light', 'dark'] as const).map((value) => ({
            value,
            label: (
              <Group gap={4} wrap="nowrap">
                {value === 'light' ? <IconSun size={14} aria-hidden /> : <IconMoon size={14} aria-hidden />}
                {t(`maps.${value}`)}
              </Group>
            ),
          }))}
        />
      )}
    </Group>
  );
}
