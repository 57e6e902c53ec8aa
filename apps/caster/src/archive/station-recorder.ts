/** A station's buffered segment grows to at most this before it is written early. */
export const DEFAULT_MAX_SEGMENT_BYTES = 8 * 1024 * 1024;

const HOUR_MS = 3_600_000;
const MIN_CAPACITY = 16 * 1024;

/** A piece of a station's stream ready to be written: whole frames back to back, as they arrived. */
export interface SegmentDraft {
  stationId: string;
  /** Arrival time (ms) of the first and the last frame. */
  startedAt: number;
  endedAt: number;
  bytes: Buffer;
  frames: number;
  /** Frames per message type, `{ "1077": 60 }`. */
  messageTypes: Record<string, number>;
}

/** What the recorder needs of a frame: its bytes arrive joined, in `raw`. */
export interface FrameInfo {
  readonly messageType: number;
}

const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);

/**
 * One live station's current segment: frames are copied in as they are published (the caller's buffers may be
 * views of a socket read), message types counted. `record` cuts the segment first when the new frames arrive in
 * another UTC hour or would pass `maxBytes`, so a segment never spans an hour boundary and memory stays bounded;
 * `cut` ends it on the caller's schedule (flush interval, disconnect). Synchronous and cheap: it runs in fan-out.
 */
export class StationRecorder {
  #buffer: Buffer | undefined;
  #length = 0;
  #frames = 0;
  #types = new Map<number, number>();
  #startedAt = 0;
  #endedAt = 0;
  /** The previous segment's size: the next buffer starts at it, so a steady stream does not regrow every time. */
  #capacityHint = MIN_CAPACITY;

  constructor(
    readonly stationId: string,
    readonly maxBytes = DEFAULT_MAX_SEGMENT_BYTES,
  ) {}

  /** Arrival time of the segment's first frame; undefined while empty. */
  get startedAt(): number | undefined {
    return this.#frames > 0 ? this.#startedAt : undefined;
  }

  get bufferedBytes(): number {
    return this.#length;
  }

  /** Adds whole frames; returns the segment cut off first, if these frames could not join it. */
  record(raw: Uint8Array, frames: readonly FrameInfo[], arrivedAt: number): SegmentDraft | undefined {
    if (frames.length === 0) return undefined;
    const cutOff =
      this.#frames > 0 && (hourOf(arrivedAt) !== hourOf(this.#startedAt) || this.#length + raw.length > this.maxBytes)
        ? this.cut()
        : undefined;
    if (this.#frames === 0) {
      this.#startedAt = arrivedAt;
      this.#endedAt = arrivedAt;
    }
    this.#append(raw);
    this.#frames += frames.length;
    for (const frame of frames) this.#types.set(frame.messageType, (this.#types.get(frame.messageType) ?? 0) + 1);
    // A clock stepped back must not make endedAt precede startedAt.
    this.#endedAt = Math.max(this.#endedAt, arrivedAt);
    return cutOff;
  }

  /** Ends the current segment; undefined when nothing was recorded since the last cut. */
  cut(): SegmentDraft | undefined {
    if (this.#frames === 0 || !this.#buffer) return undefined;
    const draft: SegmentDraft = {
      stationId: this.stationId,
      startedAt: this.#startedAt,
      endedAt: this.#endedAt,
      // The buffer is handed over whole; the next segment gets a new one.
      bytes: this.#buffer.subarray(0, this.#length),
      frames: this.#frames,
      messageTypes: Object.fromEntries([...this.#types].map(([type, count]) => [String(type), count])),
    };
    this.#capacityHint = Math.min(Math.max(MIN_CAPACITY, this.#length + (this.#length >> 2)), this.maxBytes);
    this.discard();
    return draft;
  }

  /** Forgets the current segment (the station is not recorded after all). */
  discard(): void {
    this.#buffer = undefined;
    this.#length = 0;
    this.#frames = 0;
    this.#types = new Map();
  }

  #append(raw: Uint8Array): void {
    const needed = this.#length + raw.length;
    if (!this.#buffer || needed > this.#buffer.length) {
      const capacity = Math.max(needed, Math.min((this.#buffer?.length ?? 0) * 2, this.maxBytes), this.#capacityHint);
      const grown = Buffer.allocUnsafe(capacity);
      if (this.#buffer) this.#buffer.copy(grown, 0, 0, this.#length);
      this.#buffer = grown;
    }
    this.#buffer.set(raw, this.#length);
    this.#length = needed;
  }
}
