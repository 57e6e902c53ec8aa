// GNSS time for the RINEX converter. Times are carried as GPS milliseconds: ms since 1980-01-06 00:00:00 in the GPS
// scale (no leap seconds), which every GPS-timed tag maps to without loss. RTCM tags carry no week: it comes from a
// reference time (the archive segment's arrival time, or the previous epoch), RINEX.md section 3.

export const GPS_EPOCH_UNIX_MS = Date.UTC(1980, 0, 6);
export const WEEK_MS = 604_800_000;
export const DAY_MS = 86_400_000;
const HALF_WEEK_MS = WEEK_MS / 2;
const HALF_DAY_MS = DAY_MS / 2;
/** BeiDou time runs 14 s behind GPS time. */
export const BDT_OFFSET_MS = 14_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** GPS - UTC (s) from each UTC instant on; no leap second has been announced after 2017. */
const LEAP_SECONDS: ReadonlyArray<readonly [number, number]> = [
  [Date.UTC(2017, 0, 1), 18],
  [Date.UTC(2015, 6, 1), 17],
  [Date.UTC(2012, 6, 1), 16],
  [Date.UTC(2009, 0, 1), 15],
  [Date.UTC(2006, 0, 1), 14],
  [Date.UTC(1999, 0, 1), 13],
];

/** GPS - UTC in seconds at a UTC instant (Unix ms). */
export function leapSecondsAtUtc(unixMs: number): number {
  for (const [from, seconds] of LEAP_SECONDS) if (unixMs >= from) return seconds;
  return 13;
}

export function unixToGps(unixMs: number): number {
  return unixMs - GPS_EPOCH_UNIX_MS + leapSecondsAtUtc(unixMs) * 1000;
}

export function gpsToUnix(gpsMs: number): number {
  const approximate = gpsMs + GPS_EPOCH_UNIX_MS;
  return approximate - leapSecondsAtUtc(approximate - leapSecondsAtUtc(approximate) * 1000) * 1000;
}

/** GPS - UTC in seconds at a GPS time. */
export function leapSecondsAtGps(gpsMs: number): number {
  return (gpsMs + GPS_EPOCH_UNIX_MS - gpsToUnix(gpsMs)) / 1000;
}

const modulo = (value: number, divisor: number): number => ((value % divisor) + divisor) % divisor;

/** The GPS time of a time of week (ms, GPS scale) nearest to the reference. */
export function resolveTimeOfWeek(towMs: number, referenceGpsMs: number): number {
  const weekStart = referenceGpsMs - modulo(referenceGpsMs, WEEK_MS);
  let time = weekStart + towMs;
  if (time - referenceGpsMs > HALF_WEEK_MS) time -= WEEK_MS;
  else if (referenceGpsMs - time > HALF_WEEK_MS) time += WEEK_MS;
  return time;
}

/** A BeiDou time of week (BDT) as GPS time nearest to the reference. */
export function resolveBdsTimeOfWeek(bdtTowMs: number, referenceGpsMs: number): number {
  return resolveTimeOfWeek(modulo(bdtTowMs + BDT_OFFSET_MS, WEEK_MS), referenceGpsMs);
}

/**
 * A GLONASS time of day (ms of the Moscow day) as GPS time: the day that puts it within 12 h of the reference.
 * Moscow time is UTC + 3 h, so the leap seconds come from a table (RINEX.md section 3).
 */
export function resolveGlonassTimeOfDay(moscowTodMs: number, referenceGpsMs: number): number {
  const referenceMoscow = gpsToUnix(referenceGpsMs) + MOSCOW_OFFSET_MS;
  const dayStart = referenceMoscow - modulo(referenceMoscow, DAY_MS);
  let moscow = dayStart + moscowTodMs;
  if (moscow - referenceMoscow > HALF_DAY_MS) moscow -= DAY_MS;
  else if (referenceMoscow - moscow > HALF_DAY_MS) moscow += DAY_MS;
  return unixToGps(moscow - MOSCOW_OFFSET_MS);
}

export interface CalendarTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Seconds with the fraction. */
  second: number;
}

/** Calendar fields of a time in a scale without leap seconds (GPS ms as GPS time, or Unix ms as UTC). */
function calendar(ms: number, epochUnixMs: number): CalendarTime {
  const wholeSeconds = Math.floor(ms / 1000);
  const date = new Date(epochUnixMs + wholeSeconds * 1000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds() + (ms - wholeSeconds * 1000) / 1000,
  };
}

/** The GPS calendar (as RINEX writes GPS-scale epochs) of a GPS time. */
export const gpsCalendar = (gpsMs: number): CalendarTime => calendar(gpsMs, GPS_EPOCH_UNIX_MS);

/** The UTC calendar of a Unix time. */
export const utcCalendar = (unixMs: number): CalendarTime => calendar(unixMs, 0);

/** GPS week and time of week (ms). */
export function gpsWeek(gpsMs: number): { week: number; towMs: number } {
  return { week: Math.floor(gpsMs / WEEK_MS), towMs: modulo(gpsMs, WEEK_MS) };
}
