import type { RinexStation } from '@fixpoint/shared';
import { RINEX_MAX_WINDOW_HOURS } from '@fixpoint/shared';

export const minuteMs = 60_000;
export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

/** A window of the archive, in epoch milliseconds. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** The window as the four UTC inputs of the form hold it: `yyyy-mm-dd` and `hh:mm`. */
export interface WindowInputs {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

const iso = (ms: number) => new Date(ms).toISOString();

/** The UTC day (`yyyy-mm-dd`) and time (`hh:mm`) of an instant, the values of date and time inputs. */
export const utcDate = (ms: number) => iso(ms).slice(0, 10);
export const utcTime = (ms: number) => iso(ms).slice(11, 16);

/** An instant from a UTC date and time input; null while either is incomplete. */
export function fromUtcInputs(date: string, time: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const ms = Date.parse(`${date}T${time}:00Z`);
  return Number.isNaN(ms) ? null : ms;
}

export const toInputs = ({ from, to }: TimeWindow): WindowInputs => ({
  startDate: utcDate(from),
  startTime: utcTime(from),
  endDate: utcDate(to),
  endTime: utcTime(to),
});

export function fromInputs(inputs: WindowInputs): TimeWindow | null {
  const from = fromUtcInputs(inputs.startDate, inputs.startTime);
  const to = fromUtcInputs(inputs.endDate, inputs.endTime);
  return from === null || to === null ? null : { from, to };
}

/** `2026-11-24 10:00 UTC`: the portal states RINEX times in UTC, as the files do. */
export const formatUtc = (value: number | string) => {
  const ms = typeof value === 'string' ? Date.parse(value) : value;
  return `${utcDate(ms)} ${utcTime(ms)} UTC`;
};

/** `2026-11-24 10:00–11:00 UTC`, or with both dates when the window crosses midnight. */
export function formatUtcRange(fromValue: number | string, toValue: number | string) {
  const from = typeof fromValue === 'string' ? Date.parse(fromValue) : fromValue;
  const to = typeof toValue === 'string' ? Date.parse(toValue) : toValue;
  const end = utcDate(from) === utcDate(to) ? utcTime(to) : `${utcDate(to)} ${utcTime(to)}`;
  return `${utcDate(from)} ${utcTime(from)}–${end} UTC`;
}

/**
 * The last `minutes` on whole minutes, ending at the next minute so the seconds just recorded are in it (the server
 * allows a window to end up to a minute ahead of its clock).
 */
export function lastMinutes(minutes: number, now: number): TimeWindow {
  const to = floorTo(now, minuteMs) + minuteMs;
  return { from: to - minutes * minuteMs, to };
}

/** The oldest instant a network still keeps: its retention, counted back from now. */
export const retentionStart = (station: Pick<RinexStation, 'retentionDays'>, now: number) =>
  now - station.retentionDays * dayMs;

/** The first day worth offering: neither before the retention nor before the first recording. */
export function earliestDay(station: Pick<RinexStation, 'retentionDays' | 'firstDataAt'>, now: number) {
  const first = station.firstDataAt ? Date.parse(station.firstDataAt) : now;
  return utcDate(Math.max(retentionStart(station, now), first));
}

export type WindowProblem = 'invalid' | 'order' | 'tooLong' | 'future' | 'tooOld';

/** What is wrong with a window before it is sent: the rules of rinexRequestSchema and the service, checked early. */
export function windowProblem(window: TimeWindow | null, now: number, oldest: number): WindowProblem | null {
  if (!window) return 'invalid';
  if (window.to <= window.from) return 'order';
  if (window.to - window.from > RINEX_MAX_WINDOW_HOURS * hourMs) return 'tooLong';
  // The server allows a minute of clock difference.
  if (window.to > now + minuteMs) return 'future';
  if (window.from < oldest) return 'tooOld';
  return null;
}

/** What the availability strip shows: the last 24 or 48 hours, or one UTC day. */
export type StripView = { kind: 'recent'; hours: 24 | 48 } | { kind: 'day'; day: string };

/**
 * The strip's window: whole hours, the last one running up to now (on the hour itself, the hour just ended), and a
 * day never past now.
 */
export function stripWindow(view: StripView, now: number): TimeWindow {
  if (view.kind === 'recent') {
    return { from: floorTo(now - 1, hourMs) - (view.hours - 1) * hourMs, to: now };
  }
  const from = Date.parse(`${view.day}T00:00:00Z`);
  return { from, to: Math.min(from + dayMs, now) };
}

/** `1 h 5 min`, `12 min`, `30 s`: a length of recorded time. */
export function formatDuration(seconds: number) {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
