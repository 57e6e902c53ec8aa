import { describe, expect, it } from 'vitest';
import {
  addGgaStats,
  binOf,
  correctionAgeEdges,
  emptyGgaStats,
  fixStateOf,
  histogramPercentile,
  satelliteEdges,
} from './fleet';
import { assessHealth, type HealthInput } from './fleet-health';

const base: HealthInput = {
  fixMs: { fixed: 0, float: 0, dgps: 0, single: 0, none: 0 },
  timeToFirstFixS: null,
  correctionAgeP95S: 1,
  satellites: 18,
  baseDistanceKm: 5,
  isBaseDegraded: false,
  latest: { mountpoint: 'DELFT', durationS: 600, bytesSent: 120_000, ggaCount: 600, isOpen: true },
  failedLogins: 0,
  accessDaysLeft: 30,
  hasAccess: true,
};
const fixMs = (fixed: number, float: number, single = 0) => ({ fixed, float, dgps: 0, single, none: 0 });

describe('assessHealth', () => {
  it('is Good when mostly RTK fixed, saying how much', () => {
    const health = assessHealth({ ...base, fixMs: fixMs(90, 10), timeToFirstFixS: 25 });
    expect(health.status).toBe('good');
    expect(health.reasons.map((r) => r.text)).toEqual(['RTK fixed 90% of the time.']);
  });

  it('is Limited when mostly float, naming the far base, old corrections and few satellites as likely causes', () => {
    const health = assessHealth({
      ...base,
      fixMs: fixMs(20, 70, 10),
      baseDistanceKm: 42.37,
      correctionAgeP95S: 15,
      satellites: 7,
    });
    expect(health.status).toBe('limited');
    expect(health.reasons.map((r) => r.code)).toEqual([
      'rarely-fixed',
      'base-far',
      'old-corrections',
      'few-satellites',
    ]);
    expect(health.reasons[0]?.values).toEqual({ fixedPct: 20, floatPct: 70, otherPct: 10 });
    expect(health.reasons[1]?.text).toContain('42.4 km away (more than 30 km)');
  });

  it('is Limited by a long time to first fix even when mostly fixed, and blames the degraded base', () => {
    const health = assessHealth({ ...base, fixMs: fixMs(80, 20), timeToFirstFixS: 400, isBaseDegraded: true });
    expect(health.status).toBe('limited');
    expect(health.reasons.map((r) => r.code)).toEqual(['slow-first-fix', 'base-degraded']);
  });

  it('falls back to the sky view when no measured cause explains a float rover', () => {
    expect(assessHealth({ ...base, fixMs: fixMs(10, 90) }).reasons.map((r) => r.code)).toEqual([
      'rarely-fixed',
      'obstructed-sky',
    ]);
  });

  it('is Unknown without any GGA time', () => {
    expect(assessHealth(base)).toMatchObject({ status: 'unknown', reasons: [{ code: 'no-gga' }] });
  });

  it('requires action for an AUTO rover that sends no GGA, telling how to fix it', () => {
    const health = assessHealth({
      ...base,
      latest: { mountpoint: 'NL_AUTO', durationS: 20, bytesSent: 0, ggaCount: 0, isOpen: true },
    });
    expect(health.status).toBe('action-required');
    expect(health.reasons[0]?.code).toBe('no-gga-auto');
    expect(health.reasons[0]?.text).toContain('turn on "send GGA to caster"');
  });

  it('gives a just-connected rover a moment before asking for action', () => {
    const latest = { mountpoint: 'NL_AUTO', durationS: 5, bytesSent: 0, ggaCount: 0, isOpen: true };
    expect(assessHealth({ ...base, latest }).status).toBe('unknown');
  });

  it('requires action for a connected rover without corrections, refused logins and ending access', () => {
    const health = assessHealth({
      ...base,
      fixMs: fixMs(100, 0),
      latest: { mountpoint: 'DELFT', durationS: 60, bytesSent: 0, ggaCount: 60, isOpen: true },
      failedLogins: 4,
      accessDaysLeft: 2,
    });
    expect(health.status).toBe('action-required');
    expect(health.reasons.map((r) => r.code)).toEqual(['no-corrections', 'failed-logins', 'access-ending']);
    expect(assessHealth({ ...base, hasAccess: false, accessDaysLeft: null }).reasons[0]?.code).toBe('access-ended');
  });
});

describe('GGA aggregates', () => {
  it('maps every GGA quality to a fix state', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(fixStateOf)).toEqual([
      'none',
      'single',
      'dgps',
      'dgps',
      'fixed',
      'float',
      'none',
      'none',
      'none',
      'dgps',
    ]);
  });

  it('bins values by their lower edge and reads percentiles back from the counts', () => {
    expect(binOf(correctionAgeEdges, 0.4)).toBe(0);
    expect(binOf(correctionAgeEdges, 7.9)).toBe(6);
    expect(binOf(correctionAgeEdges, 500)).toBe(correctionAgeEdges.length - 1);
    expect(binOf(correctionAgeEdges, -3)).toBe(0);
    const counts = new Array(correctionAgeEdges.length).fill(0);
    counts[1] = 90; // 1 s
    counts[9] = 10; // 15 s
    expect(histogramPercentile(correctionAgeEdges, counts, 0.5)).toBe(1);
    expect(histogramPercentile(correctionAgeEdges, counts, 0.95)).toBe(15);
    expect(histogramPercentile(satelliteEdges, new Array(satelliteEdges.length).fill(0), 0.5)).toBeNull();
  });

  it('merges stored sessions, ignoring what is not a number', () => {
    const into = emptyGgaStats();
    const one = emptyGgaStats();
    one.fixMs.fixed = 1000;
    one.sats[12] = 3;
    addGgaStats(into, one);
    addGgaStats(into, { fixMs: { fixed: 500, float: 'x' }, sats: [0, 0, null] });
    addGgaStats(into, null);
    // Sparse counts (decision 0088) add up with dense ones; bins out of range or not integers are ignored.
    addGgaStats(into, {
      fixMs: { float: 250 },
      sats: { '12': 2, '40': 1, '41': 9, '1.5': 9, x: 9 },
      hdop: { '8': 'x' },
    });
    expect(into.fixMs).toEqual({ fixed: 1500, float: 250, dgps: 0, single: 0, none: 0 });
    expect(into.sats[12]).toBe(5);
    expect(into.sats[40]).toBe(1);
    expect(into.sats.reduce((a, b) => a + b, 0)).toBe(6);
    expect(into.hdop.every((count) => count === 0)).toBe(true);
  });
});
