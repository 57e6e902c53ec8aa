import type { Geodetic } from '@fixpoint/rtcm';

const RATE_WINDOW_MS = 60_000;

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
  readonly #counts = new Map<number, number>();
  /**
   * Counts at past snapshots, oldest first, reaching back just over a minute: message rates are taken over that
   * window, so a message sent every 10 or 30 s (1005, 1006, 1033, 1230) reads as its steady rate instead of
   * flickering between 0 and a burst over each few-second flush interval.
   */
  #history: { at: number; counts: Map<number, number> }[] = [{ at: Date.now(), counts: new Map() }];
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

  countMessage(messageType: number): void {
    this.#counts.set(messageType, (this.#counts.get(messageType) ?? 0) + 1);
    this.aggregate?.countMessage(messageType);
  }

  /** The bitrate over the time since the previous snapshot (the flush interval); message rates over the last minute. */
  snapshot(now: number): { bitrate: number; messageTypes: Record<string, MessageTypeStats> } {
    const seconds = Math.max((now - this.#snapshotAt) / 1000, 0.001);
    this.bitrate = Math.round(((this.bytesIn - this.#bytesAtSnapshot) * 8) / seconds);
    this.#bytesAtSnapshot = this.bytesIn;
    this.#snapshotAt = now;

    while (this.#history.length > 1 && (this.#history[1]?.at ?? now) <= now - RATE_WINDOW_MS) this.#history.shift();
    const since = this.#history[0] ?? { at: now, counts: new Map<number, number>() };
    const windowSeconds = Math.max((now - since.at) / 1000, 0.001);
    for (const [type, count] of this.#counts) {
      this.#rates.set(type, ((count - (since.counts.get(type) ?? 0)) * 60) / windowSeconds);
    }
    this.#history.push({ at: now, counts: new Map(this.#counts) });
    return { bitrate: this.bitrate, messageTypes: this.messageTypes() };
  }

  messageTypes(): Record<string, MessageTypeStats> {
    const types: Record<string, MessageTypeStats> = {};
    for (const [type, count] of [...this.#counts].sort(([a], [b]) => a - b)) {
      types[String(type)] = { count, ratePerMinute: Math.round((this.#rates.get(type) ?? 0) * 10) / 10 };
    }
    return types;
  }
}
