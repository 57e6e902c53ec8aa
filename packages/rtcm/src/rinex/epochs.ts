import type { ObservationMessage, SatelliteObservation } from './observations';

export interface ObservationEpoch {
  /** GPS ms. */
  time: number;
  /** In arrival order; signals of one satellite from several messages are merged. */
  satellites: SatelliteObservation[];
}

/**
 * Groups observation messages into epochs the way convbin does (RINEX.md pitfall 1): an epoch is complete when a
 * message says no more follow; a message with another time empties an incomplete epoch. So a lost last message
 * loses its epoch rather than writing half of one, and epochs come out in time order.
 */
export class EpochAssembler {
  #time: number | null = null;
  #satellites = new Map<string, SatelliteObservation>();
  #isComplete = false;

  push(message: ObservationMessage): ObservationEpoch | null {
    if (this.#isComplete || this.#time !== message.time) {
      this.#satellites = new Map();
      this.#time = message.time;
    }
    for (const satellite of message.satellites) {
      const existing = this.#satellites.get(satellite.satellite);
      if (existing) existing.signals.push(...satellite.signals);
      else
        this.#satellites.set(satellite.satellite, { satellite: satellite.satellite, signals: [...satellite.signals] });
    }
    this.#isComplete = message.isLastOfEpoch;
    return this.#isComplete ? { time: message.time, satellites: [...this.#satellites.values()] } : null;
  }
}

export interface EpochFilterOptions {
  /** Keep epochs on multiples of this many seconds (0: every epoch). */
  intervalSeconds: number;
  /** System letters to keep; empty: all. */
  systems: string;
  /** GPS ms window [from, to). */
  from: number;
  to: number;
}

/** Tags may sit a few ms off the second (the MIXED capture ends in .001 s). */
const INTERVAL_TOLERANCE_MS = 25;

/**
 * Selects the epochs to write and carries slips over the epochs left out, so a slip in a skipped epoch marks the
 * next written one. Every signal starts with a slip: nothing proves continuity before the first observation
 * (convbin's rule for a new station).
 */
export class EpochFilter {
  readonly #options: EpochFilterOptions;
  readonly #slips = new Set<string>();
  readonly #seen = new Set<string>();
  #lastTime = Number.NEGATIVE_INFINITY;

  constructor(options: EpochFilterOptions) {
    this.#options = options;
  }

  apply(epoch: ObservationEpoch): ObservationEpoch | null {
    const { systems, intervalSeconds, from, to } = this.#options;
    const satellites = epoch.satellites.filter((s) => systems === '' || systems.includes(s.satellite[0] as string));
    for (const { satellite, signals } of satellites) {
      for (const signal of signals) {
        const key = satellite + signal.code;
        if (!this.#seen.has(key)) {
          this.#seen.add(key);
          this.#slips.add(key);
        }
        if (signal.lli & 1) this.#slips.add(key);
      }
    }
    const isInWindow = epoch.time >= from && epoch.time < to && epoch.time > this.#lastTime;
    if (!isInWindow || satellites.length === 0 || !isOnInterval(epoch.time, intervalSeconds)) return null;
    this.#lastTime = epoch.time;
    return {
      time: epoch.time,
      satellites: satellites.map(({ satellite, signals }) => ({
        satellite,
        signals: signals.map((signal) => {
          const key = satellite + signal.code;
          if (signal.phase === undefined || !this.#slips.has(key)) return signal;
          this.#slips.delete(key);
          return { ...signal, lli: signal.lli | 1 };
        }),
      })),
    };
  }
}

function isOnInterval(time: number, intervalSeconds: number): boolean {
  if (intervalSeconds <= 0) return true;
  const offset = (time + INTERVAL_TOLERANCE_MS) % (intervalSeconds * 1000);
  return offset <= 2 * INTERVAL_TOLERANCE_MS;
}
