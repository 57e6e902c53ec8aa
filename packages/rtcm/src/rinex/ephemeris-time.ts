// Full dates for broadcast ephemerides, whose weeks arrive truncated (RINEX.md sections 2-3): the week goes nearest to
// the receive time modulo its wrap, then moves by one when toe would lie more than half a week from it, as RTKLIB
// does. toc goes within half a week of toe (convbin puts it in toe's week, which differs only when the two straddle
// a week boundary).
import { DAY_MS, GPS_EPOCH_UNIX_MS, WEEK_MS } from './time';

/** BDT week 0 starts 2006-01-01 00:00:00 UTC, which is GPS week 1356 plus the 14 s BDT runs behind GPS. */
export const BDS_ORIGIN_GPS_MS = 1356 * WEEK_MS + 14_000;

const modulo = (value: number, divisor: number): number => ((value % divisor) + divisor) % divisor;

/** `time` moved by whole periods to within half a period of `reference`. */
function nearest(time: number, reference: number, period: number): number {
  return time + Math.round((reference - time) / period) * period;
}

/**
 * toe moved by one week when it lies more than half a week from the receive time (the broadcast week is that of
 * transmission, toe may belong to the next). One step only: a week number is trusted beyond that, as RTKLIB does.
 */
function stepTowards(toe: number, reference: number): number {
  if (toe - reference > WEEK_MS / 2) return toe - WEEK_MS;
  if (reference - toe > WEEK_MS / 2) return toe + WEEK_MS;
  return toe;
}

export interface KeplerTimesInput {
  /** The week as broadcast (possibly truncated), in the scale's own numbering. */
  week: number;
  /** Weeks after which the broadcast week wraps (1024 for GPS, 8192 for BDS). */
  weekModulus: number;
  toeSeconds: number;
  tocSeconds: number;
  referenceGpsMs: number;
  /** GPS time of the scale's week 0: 0 for GPS, QZSS and Galileo (in GPS numbering), BDS_ORIGIN_GPS_MS for BDT. */
  originGpsMs: number;
}

export interface KeplerTimes {
  toeGpsMs: number;
  tocGpsMs: number;
  /** The week of toe in the scale's numbering: what RINEX writes in BROADCAST ORBIT 5. */
  week: number;
  /** The receive time as seconds of toe's week (RINEX.md: shifted by +-604800 s to that week). */
  transmissionSeconds: number;
}

export function resolveKeplerTimes(input: KeplerTimesInput): KeplerTimes {
  const reference = input.referenceGpsMs - input.originGpsMs;
  const referenceWeek = Math.floor(reference / WEEK_MS);
  const week = nearest(input.week, referenceWeek, input.weekModulus);
  const toe = stepTowards(week * WEEK_MS + input.toeSeconds * 1000, reference);
  const toeWeekStart = toe - modulo(toe, WEEK_MS);
  const toc = nearest(toeWeekStart + input.tocSeconds * 1000, toe, WEEK_MS);
  return {
    toeGpsMs: toe + input.originGpsMs,
    tocGpsMs: toc + input.originGpsMs,
    week: toeWeekStart / WEEK_MS,
    transmissionSeconds: (reference - toeWeekStart) / 1000,
  };
}

/** A UTC time of day (ms; may be negative after Moscow - 3 h) on the day putting it within 12 h of the receive time. */
export function nearestUtcDay(timeOfDayMs: number, receiveUnixMs: number): number {
  const dayStart = receiveUnixMs - modulo(receiveUnixMs, DAY_MS);
  return nearest(dayStart + timeOfDayMs, receiveUnixMs, DAY_MS);
}

/** Seconds of the week counted in UTC (RINEX 3 GLONASS message frame time). */
export const utcSecondsOfWeek = (unixMs: number): number => modulo(unixMs - GPS_EPOCH_UNIX_MS, WEEK_MS) / 1000;
