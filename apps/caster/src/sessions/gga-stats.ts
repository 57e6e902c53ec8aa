import {
  binOf,
  correctionAgeEdges,
  emptyGgaStats,
  type FixMs,
  type FixState,
  fixStateOf,
  type GgaStats,
  hdopEdges,
  satelliteEdges,
} from '@fixpoint/shared';

/**
 * A gap between two GGA longer than this is not credited in full: the rover stopped sending (or the link stalled),
 * and what it did meanwhile is unknown. A minute still covers the slowest usual GGA interval (10 to 30 s).
 */
export const MAX_CREDIT_MS = 60_000;
const DAY_S = 86_400;

/** What the aggregation reads of a GGA. */
export interface AccumulatedGga {
  quality: number;
  /** UTC seconds since midnight, as the rover wrote it. */
  time: number | null;
  ageOfDifferential: number | null;
  satellites: number | null;
  hdop: number | null;
}

/** Milliseconds from UTC time `from` to `to` (seconds since midnight), across midnight. */
function stepMs(from: number, to: number): number {
  return Math.round(((((to - from) % DAY_S) + DAY_S) % DAY_S) * 1000);
}

/**
 * When a GGA that came in one read with later ones was sent: dated back from the read by how far its own UTC time
 * is behind the read's last sentence. Without both times, or not within MAX_CREDIT_MS before the last (a clock
 * jump or a stale time), the read's time.
 */
export function sentAt(time: number | null, lastTime: number | null, readAt: number): number {
  if (time === null || lastTime === null) return readAt;
  const behindMs = stepMs(time, lastTime);
  return behindMs <= MAX_CREDIT_MS ? readAt - behindMs : readAt;
}

/**
 * One session's fix health, aggregated as each GGA arrives (issue 33, decision 0079): time per fix state, the first
 * RTK fix, and fixed histograms of correction age, satellites and HDOP. A few additions per GGA and nothing kept
 * per second; `snapshot()` gives what is written with the session's progress.
 */
export class GgaAccumulator {
  /**
   * Made at the first GGA: most connections in a reconnect storm never send one, and the empty histograms were a
   * measurable share of a login's cost.
   */
  #stats: GgaStats | undefined;
  readonly #startedAt: number;
  #lastState: FixState | null = null;
  #lastAt = 0;
  #lastTime: number | null = null;
  /** From the GGA before the last to the last: how often the rover sends. */
  #lastGapMs: number | null = null;

  constructor(startedAt: number) {
    this.#startedAt = startedAt;
  }

  add(gga: AccumulatedGga, at: number): void {
    this.#stats ??= emptyGgaStats();
    const stats = this.#stats;
    if (this.#lastState !== null) {
      this.#lastGapMs = Math.max(at - this.#lastAt, 0);
      stats.fixMs[this.#lastState] += Math.min(this.#lastGapMs, MAX_CREDIT_MS);
    }
    const state = fixStateOf(gga.quality);
    this.#lastState = state;
    this.#lastAt = at;
    this.#lastTime = gga.time;
    stats.last = state;
    if (state === 'fixed' && stats.firstFixS === null) stats.firstFixS = Math.max(0, (at - this.#startedAt) / 1000);
    if (gga.ageOfDifferential !== null) (stats.age[binOf(correctionAgeEdges, gga.ageOfDifferential)] as number)++;
    if (gga.satellites !== null) (stats.sats[binOf(satelliteEdges, gga.satellites)] as number)++;
    if (gga.hdop !== null) (stats.hdop[binOf(hdopEdges, gga.hdop)] as number)++;
  }

  /**
   * The first `count` GGA of one socket read, oldest first (decision 0080). A slice's read (`isLate`) carries
   * sentences sent up to a slice earlier: each is dated on from the GGA before it by its own UTC time, so the time
   * between them is the rover's however late they were read (never after the read). Where the times cannot say
   * (one missing, not advancing, or more than MAX_CREDIT_MS apart), and for reads as they came, each is dated back
   * from the read (sentAt).
   */
  addRead(read: readonly AccumulatedGga[], readAt: number, isLate: boolean, count = read.length): void {
    const forward = isLate ? this.#datesOn(read, count, readAt) : undefined;
    const lastTime = read[count - 1]?.time ?? null;
    for (let i = 0; i < count; i++) {
      const gga = read[i] as AccumulatedGga;
      this.add(gga, forward?.[i] ?? sentAt(gga.time, lastTime, readAt));
    }
  }

  #datesOn(read: readonly AccumulatedGga[], count: number, readAt: number): number[] | undefined {
    if (this.#lastState === null) return undefined;
    let at = this.#lastAt;
    let time = this.#lastTime;
    const dates: number[] = [];
    for (let i = 0; i < count; i++) {
      const gga = read[i] as AccumulatedGga;
      if (time === null || gga.time === null) return undefined;
      const step = stepMs(time, gga.time);
      if (step === 0 || step > MAX_CREDIT_MS) return undefined;
      at += step;
      time = gga.time;
      dates.push(Math.min(at, readAt));
    }
    return dates;
  }

  /**
   * When a rover that went away while its socket was held stopped (decision 0080): the caster noticed only at the
   * next read, so its GGA time ends one of its own GGA intervals after its last GGA at most, not at `noticedAt`.
   */
  endOf(noticedAt: number): number {
    return this.#lastGapMs === null ? noticedAt : Math.min(noticedAt, this.#lastAt + this.#lastGapMs);
  }

  /**
   * The aggregates as of `now`: the time since the latest GGA counts in its state (up to MAX_CREDIT_MS), so a
   * session written mid-phase or at its end includes its last seconds. Null before the first GGA.
   */
  snapshot(now: number): GgaStats | null {
    const fixMs = this.#fixMsAt(now);
    if (!fixMs) return null;
    const stats = this.#stats as GgaStats;
    return { ...stats, fixMs, age: [...stats.age], sats: [...stats.sats], hdop: [...stats.hdop] };
  }

  /**
   * snapshot(now) as it is stored (StoredGgaStats: the histograms sparse), written out as JSON text directly: every
   * live session's is written every 10 s, and JSON.stringify of the dense snapshot was most of what a rover's GGA
   * cost the progress write (decision 0088).
   */
  toJson(now: number): string | null {
    const fixMs = this.#fixMsAt(now);
    if (!fixMs) return null;
    const { firstFixS, age, sats, hdop, last } = this.#stats as GgaStats;
    return (
      `{"fixMs":{"fixed":${fixMs.fixed},"float":${fixMs.float},"dgps":${fixMs.dgps},"single":${fixMs.single},` +
      `"none":${fixMs.none}},"firstFixS":${firstFixS ?? 'null'},"age":${sparseJson(age)},"sats":${sparseJson(sats)},` +
      `"hdop":${sparseJson(hdop)},"last":"${last}"}`
    );
  }

  /** Time per fix state as of `now`: the time since the latest GGA counts in its state, up to MAX_CREDIT_MS. */
  #fixMsAt(now: number): FixMs | null {
    if (this.#lastState === null || !this.#stats) return null;
    const fixMs = { ...this.#stats.fixMs };
    fixMs[this.#lastState] += Math.min(Math.max(now - this.#lastAt, 0), MAX_CREDIT_MS);
    return fixMs;
  }
}

/** `{"bin":count,...}` for the bins that are not empty. */
function sparseJson(counts: readonly number[]): string {
  let text = '';
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] as number;
    if (count !== 0) text += `${text === '' ? '' : ','}"${i}":${count}`;
  }
  return `{${text}}`;
}
