import { describe, expect, it } from 'vitest';
import { StationLiveState } from './station-live-state';

/** Feeds `state` one 1077 a second and one 1006 every 10 s for `seconds`, snapshotting every 2 s like the store. */
function stream(state: StationLiveState, start: number, seconds: number) {
  const snapshots: number[] = [];
  for (let second = 1; second <= seconds; second++) {
    state.countMessage(1077);
    if (second % 10 === 0) state.countMessage(1006);
    state.onData(100, start + second * 1000);
    if (second % 2 === 0)
      snapshots.push(state.snapshot(start + second * 1000).messageTypes['1006']?.ratePerMinute ?? 0);
  }
  return snapshots;
}

describe('StationLiveState', () => {
  it('gives a message sent every 10 s its steady rate at every flush once a minute has passed', () => {
    const start = Date.now();
    const state = new StationLiveState('station', '127.0.0.1', 'test');
    const rates1006 = stream(state, start, 180);
    // After the first minute every 2 s flush reads 6 per minute, give or take one message in the window's edge;
    // over the flush interval alone it read 0 at four flushes of five and 30 at the fifth.
    for (const rate of rates1006.slice(30)) {
      expect(rate).toBeGreaterThanOrEqual(5);
      expect(rate).toBeLessThanOrEqual(7);
    }
    expect(state.messageTypes()['1077']).toEqual({ count: 180, ratePerMinute: 60 });
  });

  it('keeps the bitrate over the last flush interval, so a stopped stream reads 0 at once', () => {
    const start = Date.now();
    const state = new StationLiveState('station', '127.0.0.1', 'test');
    stream(state, start, 10);
    expect(state.bitrate).toBe(800);
    expect(state.snapshot(start + 12_000).bitrate).toBe(0);
  });
});
