import { describe, expect, it } from 'vitest';
import {
  gpsCalendar,
  gpsToUnix,
  gpsWeek,
  leapSecondsAtUtc,
  resolveBdsTimeOfWeek,
  resolveGlonassTimeOfDay,
  resolveTimeOfWeek,
  unixToGps,
  WEEK_MS,
} from './time';

describe('GNSS time', () => {
  it('knows the leap seconds of RINEX.md', () => {
    expect(leapSecondsAtUtc(Date.UTC(2009, 11, 18))).toBe(15);
    expect(leapSecondsAtUtc(Date.UTC(2012, 9, 14))).toBe(16);
    expect(leapSecondsAtUtc(Date.UTC(2024, 2, 13))).toBe(18);
  });

  it('converts between Unix and GPS time both ways', () => {
    const unix = Date.UTC(2024, 2, 13, 16, 35, 45);
    const gps = unixToGps(unix);
    expect(gpsToUnix(gps)).toBe(unix);
    expect(gpsCalendar(gps)).toEqual({ year: 2024, month: 3, day: 13, hour: 16, minute: 36, second: 3 });
  });

  it('resolves a time of week across the week rollover (GMSD7: 1709 -> 1710)', () => {
    const reference = 1710 * WEEK_MS + 5_000; // just after the rollover
    expect(gpsWeek(resolveTimeOfWeek(604_799_000, reference))).toEqual({ week: 1709, towMs: 604_799_000 });
    expect(gpsWeek(resolveTimeOfWeek(1_000, 1709 * WEEK_MS + 604_790_000))).toEqual({ week: 1710, towMs: 1_000 });
  });

  it('adds 14 s to BeiDou tags', () => {
    expect(gpsWeek(resolveBdsTimeOfWeek(318_931_000, 2305 * WEEK_MS)).towMs).toBe(318_945_000);
  });

  it('maps a GLONASS Moscow time of day to GPS time (USCL: 1087 day 3 is GPS 318945000)', () => {
    // RINEX.md: USCL 1077 318945000 = 1087 day 3; 2024-03-13 is a Wednesday.
    const reference = unixToGps(Date.UTC(2024, 2, 13, 16, 35, 45));
    const gps = resolveGlonassTimeOfDay(
      (318_945_000 - 3 * 86_400_000 - 18_000 + 3 * 3_600_000) % 86_400_000,
      reference,
    );
    expect(gpsWeek(gps).towMs).toBe(318_945_000);
  });
});
