import type { FixState } from '@fixpoint/shared';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fixStateColors } from '../../../lib/maps/palette';

const states: FixState[] = ['fixed', 'float', 'dgps', 'single', 'none'];

/** What the rover dots' colours mean. */
export function FixLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" aria-label={t('fleet.legend')}>
      {states.map((state) => (
        <Group key={state} gap={6} wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: '50%', background: fixStateColors[state] }} aria-hidden />
          <Text size="xs">{t(`fleet.fix.${state}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}
