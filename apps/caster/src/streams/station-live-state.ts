import type { Geodetic } from '@fixpoint/rtcm';

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
  #countsAtSnapshot = new Map<number, number>();
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

  /** Rates over the time since the previous snapshot (the flush interval). */
  snapshot(now: number): { bitrate: number; messageTypes: Record<string, MessageTypeStats> } {
    const seconds = Math.max((now - this.#snapshotAt) / 1000, 0.001);
    this.bitrate = Math.round(((this.bytesIn - this.#bytesAtSnapshot) * 8) / seconds);
    for (const [type, count] of this.#counts) {
      this.#rates.set(type, ((count - (this.#countsAtSnapshot.get(type) ?? 0)) * 60) / seconds);
    }
    this.#countsAtSnapshot = new Map(this.#counts);
    this.#bytesAtSnapshot = this.bytesIn;
    this.#snapshotAt = now;
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
