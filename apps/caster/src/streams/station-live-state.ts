import type { Geodetic } from '@fixpoint/rtcm';

const RATE_WINDOW_MS = 60_000;

interface TypeTally {
  count: number;
  lastAt: number;
}

export interface MessageTypeStats {
  count: number;
  ratePerMinute: number;
}

/**
 * What the caster knows about a connected station right now: counted on the hot path with plain numbers, turned
 * into rates when written to the database (every few seconds), so nothing per frame touches the database.
 */
export class StationLiveState {
  readonly connectedSince = new Date();
  lastDataAt: number | undefined;
  bytesIn = 0;
  bitrate = 0;
  position: Geodetic | undefined;
  /**
   * A station's state that sums this one with others (a relayed nmea=1 station's per-rover links): bytes, data
   * time and message counts counted here are counted there too.
   */
  aggregate: StationLiveState | undefined;
  /** Per message type: how many arrived, and when the latest did. */
  readonly #types = new Map<number, TypeTally>();
  /**
   * Tallies at past snapshots, oldest first, reaching back just over a minute. A type's rate is the arrivals since
   * the oldest over the time between that snapshot's latest arrival and the latest one now: whole intervals, so a
   * message sent every 10 s reads exactly 6 per minute at every flush, not 0 at most flushes (as over one
   * few-second flush interval) nor 5 to 7 (as over a fixed window that holds 6 or 7 arrivals).
   */
  #history: { at: number; types: Map<number, TypeTally> }[] = [{ at: Date.now(), types: new Map() }];
  #rates = new Map<number, number>();
  #bytesAtSnapshot = 0;
  #snapshotAt = Date.now();

  constructor(
    readonly stationId: string,
    readonly sourceAddress: string,
    readonly sourceAgent: string,
  ) {}

  onData(bytes: number, now: number): void {
    this.bytesIn += bytes;
    this.lastDataAt = now;
    this.aggregate?.onData(bytes, now);
  }

  countMessage(messageType: number, now: number): void {
    const tally = this.#types.get(messageType);
    if (tally) {
      tally.count += 1;
      tally.lastAt = now;
    } else {
      this.#types.set(messageType, { count: 1, lastAt: now });
    }
    this.aggregate?.countMessage(messageType, now);
  }

  /** The bitrate over the time since the previous snapshot (the flush interval); message rates over the last minute. */
  snapshot(now: number): { bitrate: number; messageTypes: Record<string, MessageTypeStats> } {
    const seconds = Math.max((now - this.#snapshotAt) / 1000, 0.001);
    this.bitrate = Math.round(((this.bytesIn - this.#bytesAtSnapshot) * 8) / seconds);
    this.#bytesAtSnapshot = this.bytesIn;
    this.#snapshotAt = now;

    while (this.#history.length > 1 && (this.#history[1]?.at ?? now) <= now - RATE_WINDOW_MS) this.#history.shift();
    const since = this.#history[0] ?? { at: now, types: new Map<number, TypeTally>() };
    const windowMs = Math.max(now - since.at, 1);
    for (const [type, tally] of this.#types) {
      const before = since.types.get(type);
      const arrivals = tally.count - (before?.count ?? 0);
      // Until a type has arrived before the window's start there is no interval to measure from: spread its
      // arrivals over the window.
      const spanMs = before && tally.lastAt - before.lastAt >= 1 ? tally.lastAt - before.lastAt : windowMs;
      this.#rates.set(type, (arrivals * 60_000) / spanMs);
    }
    this.#history.push({ at: now, types: new Map([...this.#types].map(([type, t]) => [type, { ...t }])) });
    return { bitrate: this.bitrate, messageTypes: this.messageTypes() };
  }

  /** Per message type: how many arrived and when the latest did (live; the degradation check reads it). */
  typeTallies(): ReadonlyMap<number, Readonly<TypeTally>> {
    return this.#types;
  }

  messageTypes(): Record<string, MessageTypeStats> {
    const types: Record<string, MessageTypeStats> = {};
    for (const [type, { count }] of [...this.#types].sort(([a], [b]) => a - b)) {
      types[String(type)] = { count, ratePerMinute: Math.round((this.#rates.get(type) ?? 0) * 10) / 10 };
    }
    return types;
  }
}
