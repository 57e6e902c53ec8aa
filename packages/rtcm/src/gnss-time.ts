import type { Constellation } from './msm';

const GPS_EPOCH_MS = Date.UTC(1980, 0, 6);
/** GPS - UTC since 2017-01-01; no leap second has been announced since. */
const GPS_UTC_LEAP_SECONDS = 18;
/** BeiDou time runs 14 s behind GPS time. */
const BDT_GPS_OFFSET_MS = 14_000;
/** GLONASS time is Moscow time, UTC + 3 h. */
const GLONASS_UTC_OFFSET_MS = 3 * 3_600_000;
const WEEK_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday (day 4 counting Sunday as 0). */
const UNIX_EPOCH_WEEKDAY = 4;
const GLONASS_TIME_OF_DAY_BITS = 2 ** 27;

const modulo = (value: number, divisor: number): number => ((value % divisor) + divisor) % divisor;

/** Milliseconds of the GPS week for a UTC instant (Date or Unix ms). */
export function gpsTimeOfWeekMs(time: Date | number): number {
  const utcMs = typeof time === 'number' ? time : time.getTime();
  return modulo(utcMs - GPS_EPOCH_MS + GPS_UTC_LEAP_SECONDS * 1000, WEEK_MS);
}

/**
 * The 30-bit MSM epoch time field for a UTC instant: time of week in ms for GPS-timed systems, BDT time of week for
 * BeiDou, and for GLONASS the day of week (Sunday 0) in the top 3 bits above the ms of the Moscow day.
 */
export function msmEpochTime(constellation: Constellation, time: Date | number): number {
  const utcMs = typeof time === 'number' ? time : time.getTime();
  if (constellation === 'GLONASS') {
    const moscowMs = utcMs + GLONASS_UTC_OFFSET_MS;
    const dayOfWeek = modulo(Math.floor(moscowMs / DAY_MS) + UNIX_EPOCH_WEEKDAY, 7);
    return dayOfWeek * GLONASS_TIME_OF_DAY_BITS + modulo(moscowMs, DAY_MS);
  }
  const gpsTow = gpsTimeOfWeekMs(utcMs);
  return constellation === 'BeiDou' ? modulo(gpsTow - BDT_GPS_OFFSET_MS, WEEK_MS) : gpsTow;
}

/** Splits a GLONASS MSM epoch time field into its day of week (Sunday 0, 7 unknown) and ms of the Moscow day. */
export function splitGlonassEpochTime(epochTime: number): { dayOfWeek: number; timeOfDayMs: number } {
  return {
    dayOfWeek: Math.floor(epochTime / GLONASS_TIME_OF_DAY_BITS),
    timeOfDayMs: epochTime % GLONASS_TIME_OF_DAY_BITS,
  };
}
