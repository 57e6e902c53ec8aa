import { describe, expect, it } from 'vitest';
import { StationLiveState } from './station-live-state';

/**
 * Feeds `state` one 1077 a second and one 1006 every 10 s for `seconds` (each a few ms into its second, as a base's
 * epochs are), snapshotting every 2 s like the store; returns the 1006 rate read at each snapshot.
 */
function stream(state: StationLiveState, start: number, seconds: number) {
  const rates1006: number[] = [];
  for (let second = 1; second <= seconds; second++) {
    const at = start + second * 1000 + (second % 7);
    state.countMessage(1077, at);
    if (second % 10 === 0) state.countMessage(1006, at);
    state.onData(100, at);
    if (second % 2 === 0) {
      rates1006.push(state.snapshot(start + second * 1000 + 500).messageTypes['1006']?.ratePerMinute ?? 0);
    }
  }
  return rates1006;
}

describe('StationLiveState', () => {
  it('gives a message sent every 10 s its steady rate at every flush once a minute has passed', () => {
    const start = Date.now();
    const state = new StationLiveState('station', '127.0.0.1', 'test');
    const rates1006 = stream(state, start, 180);
    // Over the flush interval alone it read 0 at four flushes of five and 30 at the fifth; over a fixed minute, 5 to
    // 7 as the window held 5, 6 or 7 arrivals.
    for (const rate of rates1006.slice(35)) expect(rate).toBeCloseTo(6, 0);
    expect(state.messageTypes()['1077']).toEqual({ count: 180, ratePerMinute: 60 });
  });

  it('reads a type that stopped as 0 once its last arrival has left the minute', () => {
    const start = Date.now();
    const state = new StationLiveState('station', '127.0.0.1', 'test');
    stream(state, start, 60);
    expect(state.snapshot(start + 90_000).messageTypes['1077']?.ratePerMinute).toBeGreaterThan(0);
    expect(state.snapshot(start + 125_000).messageTypes['1077']).toEqual({ count: 60, ratePerMinute: 0 });
  });

  it('keeps the bitrate over the last flush interval, so a stopped stream reads 0 at once', () => {
    const start = Date.now();
    const state = new StationLiveState('station', '127.0.0.1', 'test');
    stream(state, start, 10);
    expect(state.bitrate).toBe(800);
    expect(state.snapshot(start + 12_000).bitrate).toBe(0);
  });
});
