import {
  addGgaStats,
  correctionAgeEdges,
  emptyGgaStats,
  histogramPercentile,
  type StoredGgaStats,
  satelliteEdges,
} from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { GgaAccumulator, MAX_CREDIT_MS, sentAt } from './gga-stats';

const gga = (quality: number, age: number | null = 1.2, satellites: number | null = 16, hdop: number | null = 0.8) => ({
  quality,
  time: null,
  ageOfDifferential: age,
  satellites,
  hdop,
});

describe('GgaAccumulator', () => {
  it('credits the time from one GGA to the next to the first one, and the time since the last to the last', () => {
    const t0 = 1_000_000;
    const acc = new GgaAccumulator(t0);
    expect(acc.snapshot(t0)).toBeNull();
    // Connected at t0; float from 2 s, fixed from 10 s, single from 20 s, snapshot at 25 s.
    for (let s = 2; s < 10; s++) acc.add(gga(5), t0 + s * 1000);
    for (let s = 10; s < 20; s++) acc.add(gga(4), t0 + s * 1000);
    for (let s = 20; s < 25; s++) acc.add(gga(1, null), t0 + s * 1000);
    const stats = acc.snapshot(t0 + 25_000);
    expect(stats?.fixMs).toEqual({ fixed: 10_000, float: 8_000, dgps: 0, single: 5_000, none: 0 });
    expect(stats?.firstFixS).toBe(10);
    expect(stats?.last).toBe('single');
    // A snapshot does not change what is credited: a later one counts from the same last GGA.
    expect(acc.snapshot(t0 + 26_000)?.fixMs.single).toBe(6_000);
  });

  it('caps a long silence between two GGA', () => {
    const acc = new GgaAccumulator(0);
    acc.add(gga(4), 0);
    acc.add(gga(4), 10 * 60_000);
    expect(acc.snapshot(10 * 60_000)?.fixMs.fixed).toBe(MAX_CREDIT_MS);
  });

  it('keeps correction age, satellites and HDOP as histograms whose percentiles match the GGA sent', () => {
    const acc = new GgaAccumulator(0);
    for (let i = 0; i < 95; i++) acc.add(gga(4, 1.4, 14 + (i % 5), 0.9), i * 1000);
    for (let i = 95; i < 100; i++) acc.add(gga(4, 25, 6, 3.2), i * 1000);
    const stats = acc.snapshot(100_000);
    if (!stats) throw new Error('no stats');
    expect(histogramPercentile(correctionAgeEdges, stats.age, 0.5)).toBe(1);
    expect(histogramPercentile(correctionAgeEdges, stats.age, 0.99)).toBe(20);
    expect(histogramPercentile(satelliteEdges, stats.sats, 0.5)).toBe(16);
    expect(stats.hdop.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('writes the snapshot as stored JSON with sparse histograms, which merges back to the same numbers', () => {
    const acc = new GgaAccumulator(0);
    expect(acc.toJson(0)).toBeNull();
    for (let i = 0; i < 30; i++) acc.add(gga(i < 10 ? 5 : 4, i < 20 ? 1.4 : 25, 14 + (i % 3), 0.9), i * 1000);
    acc.add(gga(2, null, null, null), 30_500);
    const text = acc.toJson(33_000);
    const stored: StoredGgaStats = JSON.parse(text ?? 'null');
    expect(stored.sats).toEqual({ '14': 10, '15': 10, '16': 10 });
    expect(stored.age).toEqual({ '1': 20, '10': 10 });
    const merged = emptyGgaStats();
    addGgaStats(merged, stored);
    const { last, firstFixS, ...numbers } = acc.snapshot(33_000) ?? emptyGgaStats();
    expect(merged).toMatchObject(numbers);
    expect(merged.fixMs).toEqual({ fixed: 20_500, float: 10_000, dgps: 2_500, single: 0, none: 0 });
    expect([stored.last, stored.firstFixS]).toEqual([last, firstFixS]);
  });
});

describe('sentAt', () => {
  const readAt = 1_000_000;

  it("dates a GGA read with later ones back by how far its own time is behind the last one's", () => {
    expect(sentAt(43_201.5, 43_205, readAt)).toBe(readAt - 3_500);
    expect(sentAt(43_205, 43_205, readAt)).toBe(readAt);
    // Across midnight.
    expect(sentAt(86_399, 1, readAt)).toBe(readAt - 2_000);
  });

  it('takes the read time without both times, or when the time is not shortly before the last', () => {
    expect(sentAt(null, 43_205, readAt)).toBe(readAt);
    expect(sentAt(43_205, null, readAt)).toBe(readAt);
    expect(sentAt(43_206, 43_205, readAt)).toBe(readAt);
    expect(sentAt(43_205 - MAX_CREDIT_MS / 1000 - 1, 43_205, readAt)).toBe(readAt);
  });
});

describe('GgaAccumulator.addRead and endOf', () => {
  const at = (quality: number, time: number | null) => ({ ...gga(quality), time });

  it('dates a late read on from the GGA before it by their own times, never after the read', () => {
    const acc = new GgaAccumulator(0);
    acc.addRead([at(4, 100)], 10_000, false);
    // Read 5.3 s later: sent at 11, 12, 13 s (by their times), not crowded at the read.
    acc.addRead([at(4, 101), at(5, 102), at(5, 103)], 15_300, true);
    expect(acc.snapshot(13_000)?.fixMs).toMatchObject({ fixed: 2_000, float: 1_000 });
    // Times that claim more than the read allows end at the read.
    acc.addRead([at(1, 110), at(1, 111)], 16_000, true);
    expect(acc.snapshot(16_000)?.fixMs).toMatchObject({ fixed: 2_000, float: 4_000, single: 0 });
  });

  it('falls back to dating from the read when the times do not advance', () => {
    const acc = new GgaAccumulator(0);
    acc.addRead([at(4, 100)], 10_000, false);
    // A rover repeating one sentence: all at the read, the slice to the state before.
    acc.addRead([at(5, 100), at(5, 100)], 15_000, true);
    expect(acc.snapshot(15_000)?.fixMs).toMatchObject({ fixed: 5_000, float: 0 });
  });

  it('ends a rover that went away unseen one of its GGA intervals after its last GGA', () => {
    const acc = new GgaAccumulator(0);
    expect(acc.endOf(5_000)).toBe(5_000);
    acc.add(gga(4), 1_000);
    acc.add(gga(4), 2_000);
    expect(acc.endOf(6_000)).toBe(3_000);
    expect(acc.endOf(2_500)).toBe(2_500);
  });
});
