import { RINEX_INTERVALS, RINEX_SYSTEMS } from '@fixpoint/shared';
import { Checkbox, Group, Input, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RinexInterval, RinexSystem } from '../hooks/use-rinex-draft';

/** The observation interval and the satellite systems of the file (every system by default). */
export function OutputOptions({
  interval,
  onInterval,
  systems,
  onSystems,
}: {
  interval: RinexInterval;
  onInterval: (interval: RinexInterval) => void;
  systems: readonly RinexSystem[];
  onSystems: (systems: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Input.Wrapper label={t('rinex.options.interval')} id="rinex-interval">
        <div>
          <SegmentedControl
            aria-labelledby="rinex-interval-label"
            value={String(interval)}
            onChange={(value) => {
              const next = RINEX_INTERVALS.find((seconds) => String(seconds) === value);
              if (next) onInterval(next);
            }}
            data={RINEX_INTERVALS.map((seconds) => ({
              value: String(seconds),
              label: t('rinex.options.seconds', { count: seconds }),
            }))}
          />
        </div>
      </Input.Wrapper>
      <Checkbox.Group
        label={t('rinex.options.systems')}
        value={[...systems]}
        onChange={onSystems}
        error={systems.length === 0 ? t('rinex.options.noSystem') : undefined}
      >
        <Group gap="md" mt={6}>
          {RINEX_SYSTEMS.map((system) => (
            <Checkbox key={system} value={system} label={t(`rinex.options.system.${system}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
