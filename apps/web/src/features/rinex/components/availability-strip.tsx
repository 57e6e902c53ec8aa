import type { RinexStation } from '@fixpoint/shared';
import { Alert, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  earliestDay,
  formatUtcRange,
  hourMs,
  type StripView,
  stripWindow,
  type TimeWindow,
  utcDate,
  utcTime,
} from '../../../lib/rinex-time';
import type { OwnerScope } from '../../../session/owner-scope';
import { useArchiveCoverage } from '../api/get-archive-coverage';
import classes from './availability-strip.module.css';

/**
 * Step 2: the station's recorded data of the last 24 or 48 hours, or of one UTC day, one cell per hour filled by the
 * share recorded. A click chooses that hour as the window; with Shift it stretches the window to it.
 */
export function AvailabilityStrip({
  scope,
  station,
  selected,
  onChoose,
}: {
  scope: OwnerScope;
  station: RinexStation;
  selected: TimeWindow | null;
  onChoose: (window: TimeWindow, isExtending: boolean) => void;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<StripView>({ kind: 'recent', hours: 24 });
  const now = Date.now();
  // Whole minutes, so a re-render does not ask for a new window every millisecond.
  const strip = stripWindow(view, Math.floor(now / 60_000) * 60_000);
  const coverage = useArchiveCoverage(scope, station.id, strip);
  const hours = coverage.data?.stationId === station.id ? coverage.data.hours : undefined;

  const cellSpan = (hour: number) => (Math.min(hour + hourMs, strip.to) - Math.max(hour, strip.from)) / 1000;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl
          size="xs"
          aria-label={t('rinex.availability.range')}
          value={view.kind === 'recent' ? String(view.hours) : ''}
          onChange={(value) => setView({ kind: 'recent', hours: value === '48' ? 48 : 24 })}
          data={[
            { value: '24', label: t('rinex.availability.recent24') },
            { value: '48', label: t('rinex.availability.recent48') },
          ]}
        />
        <TextInput
          type="date"
          size="xs"
          label={t('rinex.availability.day')}
          value={view.kind === 'day' ? view.day : ''}
          min={earliestDay(station, now)}
          max={utcDate(now)}
          onChange={(event) => {
            const day = event.currentTarget.value;
            setView(day ? { kind: 'day', day } : { kind: 'recent', hours: 24 });
          }}
          w={170}
        />
      </Group>
      {coverage.isError ? (
        <Alert color="red">{t('rinex.availability.loadFailed')}</Alert>
      ) : !hours ? (
        <Skeleton height={40} radius="sm" data-testid="availability-loading" />
      ) : (
        <>
          <fieldset className={classes.strip} aria-label={t('rinex.availability.label')}>
            {hours.map((cell) => {
              const hour = Date.parse(cell.hour);
              const span = cellSpan(hour);
              const share = span > 0 ? Math.min(1, cell.seconds / span) : 0;
              const label = t('rinex.availability.cell', {
                range: formatUtcRange(Math.max(hour, strip.from), Math.min(hour + hourMs, strip.to)),
                minutes: Math.round(cell.seconds / 60),
                total: Math.round(span / 60),
              });
              const isSelected = selected !== null && selected.from < hour + hourMs && selected.to > hour;
              return (
                <button
                  key={cell.hour}
                  type="button"
                  className={classes.cell}
                  aria-label={label}
                  title={label}
                  aria-pressed={isSelected}
                  data-share={share.toFixed(2)}
                  onClick={(event) =>
                    onChoose({ from: Math.max(hour, strip.from), to: Math.min(hour + hourMs, now) }, event.shiftKey)
                  }
                >
                  <span className={classes.fill} style={{ height: `${share * 100}%` }} />
                </button>
              );
            })}
          </fieldset>
          <div className={classes.axis} aria-hidden>
            {[0, Math.floor(hours.length / 2), hours.length - 1].map((index) => (
              <Text key={index} size="xs" c="dimmed">
                {hours[index] ? utcTime(Date.parse(hours[index].hour)) : ''}
              </Text>
            ))}
          </div>
        </>
      )}
      <Text size="xs" c="dimmed">
        {t('rinex.availability.hint')}
      </Text>
    </Stack>
  );
}
