import { describe, expect, it } from 'vitest';
import { gpsTimeOfWeekMs, msmEpochTime, splitGlonassEpochTime } from './gnss-time';

describe('msmEpochTime', () => {
  // Sunday 2025-06-01 00:00:00 UTC: a GPS week starts 18 s earlier (GPS time runs ahead of UTC).
  const sundayMidnight = Date.UTC(2025, 5, 1);

  it('counts GPS time of week, 18 leap seconds ahead of UTC', () => {
    expect(gpsTimeOfWeekMs(sundayMidnight)).toBe(18_000);
    expect(gpsTimeOfWeekMs(sundayMidnight - 18_000)).toBe(0);
    expect(msmEpochTime('GPS', new Date(sundayMidnight + 3_600_000))).toBe(3_618_000);
    expect(msmEpochTime('Galileo', sundayMidnight)).toBe(18_000);
  });

  it('counts BeiDou time 14 s behind GPS time', () => {
    expect(msmEpochTime('BeiDou', sundayMidnight)).toBe(4_000);
    expect(msmEpochTime('BeiDou', sundayMidnight - 10_000)).toBe(7 * 86_400_000 - 6_000);
  });

  it('gives GLONASS day of week and Moscow time of day', () => {
    const sunday = splitGlonassEpochTime(msmEpochTime('GLONASS', sundayMidnight));
    expect(sunday).toEqual({ dayOfWeek: 0, timeOfDayMs: 3 * 3_600_000 });
    // 22:00 UTC Sunday is 01:00 Monday in Moscow.
    const monday = splitGlonassEpochTime(msmEpochTime('GLONASS', sundayMidnight + 22 * 3_600_000));
    expect(monday).toEqual({ dayOfWeek: 1, timeOfDayMs: 3_600_000 });
  });

  it('fits the 30-bit field', () => {
    for (let day = 0; day < 7; day++) {
      const time = Date.UTC(2025, 5, 1 + day, 23, 59, 59, 999);
      for (const constellation of ['GPS', 'GLONASS', 'BeiDou'] as const) {
        expect(msmEpochTime(constellation, time)).toBeLessThan(2 ** 30);
      }
    }
  });
});
