import { RtcmFramer } from '@fixpoint/rtcm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { epochSecondAt, runSimulatedStation } from './simulated-station';

afterEach(() => {
  vi.useRealTimers();
});

describe('simulated station', () => {
  it('takes the second a tick was meant for, whether its timer fired a little early or late', () => {
    expect(epochSecondAt(1_700_000_010_000 - 2)).toBe(1_700_000_010);
    expect(epochSecondAt(1_700_000_010_000 + 40)).toBe(1_700_000_010);
    expect(epochSecondAt(1_700_000_010_500)).toBe(1_700_000_010);
  });

  /** 30 s of the station on fake time, its timers firing `earlyMs` before they are due; the types of each chunk. */
  function run(earlyMs: number) {
    vi.useFakeTimers({ now: 1_700_000_000_400 });
    const fakeSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) =>
      fakeSetTimeout(callback, Math.max((ms ?? 0) - earlyMs, 0))) as typeof setTimeout);
    const chunks: Buffer[] = [];
    let isClosed = false;
    const station = runSimulatedStation(
      {
        push: (chunk) => chunks.push(chunk),
        close: () => {
          isClosed = true;
        },
        get isClosed() {
          return isClosed;
        },
      },
      { stationId: 7, position: { latitude: 52, longitude: 5, height: 10 } },
    );
    vi.advanceTimersByTime(30_000);
    station.stop();
    vi.restoreAllMocks();
    const framer = new RtcmFramer();
    return { perChunk: chunks.map((chunk) => framer.push(chunk).map((frame) => frame.messageType)), isClosed };
  }

  it('sends one epoch per second, each once, with a 1006 every 10th second, also when timers fire early', () => {
    for (const earlyMs of [0, 2]) {
      const { perChunk, isClosed } = run(earlyMs);
      // The first epoch at once (second ...000), then one per whole second up to ...030.
      expect(perChunk, `timers ${earlyMs} ms early`).toHaveLength(31);
      expect(perChunk.filter((types) => types.includes(1006))).toHaveLength(4);
      expect(perChunk.every((types) => types.filter((type) => type === 1074).length === 1)).toBe(true);
      expect(isClosed).toBe(true);
    }
  });
});
