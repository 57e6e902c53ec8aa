import { describe, expect, it } from 'vitest';
import {
  earliestDay,
  formatDuration,
  formatUtcRange,
  fromUtcInputs,
  lastMinutes,
  stripWindow,
  toInputs,
  windowProblem,
} from './rinex-time';

const at = (iso: string) => Date.parse(iso);
const now = at('2026-11-24T10:37:42Z');

describe('RINEX windows', () => {
  it('reads and writes the UTC date and time inputs', () => {
    expect(fromUtcInputs('2026-11-24', '09:15')).toBe(at('2026-11-24T09:15:00Z'));
    expect(fromUtcInputs('2026-11-24', '')).toBeNull();
    expect(fromUtcInputs('2026-13-40', '09:15')).toBeNull();
    expect(toInputs(lastMinutes(15, now))).toEqual({
      startDate: '2026-11-24',
      startTime: '10:23',
      endDate: '2026-11-24',
      endTime: '10:38',
    });
  });

  it('refuses what the server would refuse, in its order', () => {
    const oldest = at('2026-11-17T10:37:42Z');
    const window = (from: string, to: string) => ({ from: at(from), to: at(to) });
    expect(windowProblem(null, now, oldest)).toBe('invalid');
    expect(windowProblem(window('2026-11-24T10:00:00Z', '2026-11-24T10:00:00Z'), now, oldest)).toBe('order');
    expect(windowProblem(window('2026-11-22T10:00:00Z', '2026-11-23T10:00:01Z'), now, oldest)).toBe('tooLong');
    expect(windowProblem(window('2026-11-22T10:00:00Z', '2026-11-23T10:00:00Z'), now, oldest)).toBeNull();
    expect(windowProblem(window('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z'), now, oldest)).toBe('future');
    expect(windowProblem(window('2026-11-17T10:00:00Z', '2026-11-17T11:00:00Z'), now, oldest)).toBe('tooOld');
  });

  it('shows whole hours in the strip, a day never past now', () => {
    expect(stripWindow({ kind: 'recent', hours: 24 }, now)).toEqual({ from: at('2026-11-23T11:00:00Z'), to: now });
    expect(stripWindow({ kind: 'recent', hours: 48 }, now).from).toBe(at('2026-11-22T11:00:00Z'));
    // On the hour the strip still has 24 cells: the last is the hour just ended.
    expect(stripWindow({ kind: 'recent', hours: 24 }, at('2026-11-24T22:00:00Z')).from).toBe(
      at('2026-11-23T22:00:00Z'),
    );
    expect(stripWindow({ kind: 'day', day: '2026-11-20' }, now)).toEqual({
      from: at('2026-11-20T00:00:00Z'),
      to: at('2026-11-21T00:00:00Z'),
    });
    expect(stripWindow({ kind: 'day', day: '2026-11-24' }, now).to).toBe(now);
  });

  it('offers no day before the retention or the first recording', () => {
    expect(earliestDay({ retentionDays: 7, firstDataAt: '2026-11-01T00:00:00Z' }, now)).toBe('2026-11-17');
    expect(earliestDay({ retentionDays: 30, firstDataAt: '2026-11-20T08:00:00Z' }, now)).toBe('2026-11-20');
  });

  it('formats lengths and ranges for people', () => {
    expect(formatDuration(30)).toBe('30 s');
    expect(formatDuration(720)).toBe('12 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatUtcRange('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z')).toBe('2026-11-24 10:00–11:00 UTC');
    expect(formatUtcRange('2026-11-24T23:00:00Z', '2026-11-25T01:00:00Z')).toBe(
      '2026-11-24 23:00–2026-11-25 01:00 UTC',
    );
  });
});
