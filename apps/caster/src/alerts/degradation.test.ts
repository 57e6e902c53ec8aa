import type { Geodetic } from '@fixpoint/rtcm';
import { describe, expect, it } from 'vitest';
import { DegradationDetector, type DegradationReason } from './degradation';

const options = { baselineMs: 60_000, recentMs: 10_000, missingFactor: 5, positionJumpM: 1 };
const home: Geodetic = { latitude: 52, longitude: 5, height: 40 };

/** A station simulated second by second: bytes per second, the message types it sends each second, its position. */
function station() {
  const detector = new DegradationDetector(options);
  let now = 1_000_000;
  let bytesIn = 0;
  const types = new Map<number, { count: number; lastAt: number }>();
  return {
    detector,
    /** Runs `seconds` seconds, looking every 2 s; returns the last verdict. */
    run(seconds: number, { bytes = 1_000, sends = [1005, 1077], position = home as Geodetic | undefined } = {}) {
      let reasons: readonly DegradationReason[] = [];
      for (let s = 0; s < seconds; s++) {
        now += 1_000;
        bytesIn += bytes;
        for (const type of sends) {
          const tally = types.get(type) ?? { count: 0, lastAt: 0 };
          types.set(type, { count: tally.count + 1, lastAt: now });
        }
        if (s % 2 === 1) reasons = detector.look({ now, bytesIn, lastDataAt: now, types, position });
      }
      return reasons;
    },
  };
}

describe('the degradation rule', () => {
  it('says nothing of a steady station, nor before it has a usual rate', () => {
    const s = station();
    expect(s.run(20, { bytes: 100 })).toEqual([]);
    expect(s.run(120)).toEqual([]);
  });

  it('finds a rate below half the usual one, keeps the usual one while slow, and recovers', () => {
    const s = station();
    s.run(90);
    expect(s.run(6, { bytes: 600 })).toEqual([]);
    const slow = s.run(10, { bytes: 300 });
    expect(slow).toEqual([{ kind: 'rate', percent: expect.any(Number) }]);
    expect((slow[0] as { percent: number }).percent).toBeLessThan(50);
    // Slow for longer than the baseline window: the usual rate is still the one from before.
    const later = s.run(90, { bytes: 300 });
    expect(later).toEqual([{ kind: 'rate', percent: expect.any(Number) }]);
    expect((later[0] as { percent: number }).percent).toBeLessThan(50);
    expect(s.run(12)).toEqual([]);
  });

  it('finds a usual message type missing for five times its interval', () => {
    const s = station();
    s.run(90);
    expect(s.run(8, { sends: [1005] })).toEqual([]);
    expect(s.run(4, { sends: [1005] })).toEqual([{ kind: 'missing', types: [1077] }]);
    expect(s.run(2)).toEqual([]);
  });

  it('finds an antenna position jump over 1 m, and takes the new one as usual once it has held', () => {
    const s = station();
    s.run(90);
    expect(s.run(4, { position: { ...home, height: 40.5 } })).toEqual([]);
    const moved = { ...home, latitude: 52.00003 };
    expect(s.run(4, { position: moved })).toEqual([{ kind: 'position', metres: 3.3 }]);
    expect(s.run(70, { position: moved })).toEqual([]);
  });

  it('does not judge a station that went silent (that is down, not degraded)', () => {
    const detector = new DegradationDetector(options);
    const types = new Map([[1077, { count: 3, lastAt: 1_000 }]]);
    detector.look({ now: 1_000, bytesIn: 10, lastDataAt: 1_000, types, position: undefined });
    expect(detector.look({ now: 200_000, bytesIn: 10, lastDataAt: 1_000, types, position: undefined })).toEqual([]);
  });
});
