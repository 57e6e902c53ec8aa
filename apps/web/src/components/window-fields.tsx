import { RINEX_MAX_WINDOW_HOURS } from '@fixpoint/shared';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDuration,
  formatUtc,
  lastMinutes,
  type TimeWindow,
  utcDate,
  type WindowInputs,
  type WindowProblem,
} from '../lib/rinex-time';

/** Step 3: the window's start and end as UTC date and time inputs, with the quick choices of the recent past. */
export function WindowFields({
  inputs,
  window,
  problem,
  oldest,
  onEdit,
  onChoose,
}: {
  inputs: WindowInputs;
  window: TimeWindow | null;
  problem: WindowProblem | null;
  /** The oldest instant the station's network still keeps. */
  oldest: number;
  onEdit: (inputs: WindowInputs) => void;
  onChoose: (window: TimeWindow) => void;
}) {
  const { t } = useTranslation();
  const today = utcDate(Date.now());
  const field = (key: keyof WindowInputs) => ({
    value: inputs[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onEdit({ ...inputs, [key]: event.currentTarget.value }),
  });
  const problemText =
    problem &&
    t(`rinex.window.problems.${problem}`, {
      hours: RINEX_MAX_WINDOW_HOURS,
      days: Math.round((Date.now() - oldest) / 86_400_000),
      date: formatUtc(oldest),
    });

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconClock size={14} />}
          onClick={() => onChoose(lastMinutes(15, Date.now()))}
        >
          {t('rinex.window.last15')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconClock size={14} />}
          onClick={() => onChoose(lastMinutes(60, Date.now()))}
        >
          {t('rinex.window.lastHour')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput type="date" label={t('rinex.window.startDate')} max={today} {...field('startDate')} />
        <TextInput type="time" label={t('rinex.window.startTime')} {...field('startTime')} />
        <TextInput type="date" label={t('rinex.window.endDate')} max={today} {...field('endDate')} />
        <TextInput type="time" label={t('rinex.window.endTime')} {...field('endTime')} />
      </SimpleGrid>
      {problemText ? (
        <Text size="sm" c="red.8" role="alert" data-testid="window-problem">
          {problemText}
        </Text>
      ) : (
        window && (
          <Text size="sm" c="dimmed">
            {t('rinex.window.summary', {
              duration: formatDuration((window.to - window.from) / 1000),
              hours: RINEX_MAX_WINDOW_HOURS,
            })}
          </Text>
        )
      )}
    </Stack>
  );
}
