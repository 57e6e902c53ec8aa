import type { Geodetic } from '@fixpoint/rtcm';

export interface DegradationOptions {
  /** The usual: the data rate over this long before the recent window (CASTER_DEGRADED_BASELINE_SECONDS). */
  baselineMs: number;
  /** The recent window compared with the usual (CASTER_DEGRADED_WINDOW_SECONDS). */
  recentMs: number;
  /** A message type silent this many times its usual interval (and at least the recent window) is missing. */
  missingFactor: number;
  /** A reported antenna position (1005/1006) further than this from the one the station had has jumped. */
  positionJumpM: number;
}

export const defaultDegradationOptions: DegradationOptions = {
  baselineMs: 600_000,
  recentMs: 45_000,
  missingFactor: 5,
  positionJumpM: 1,
};

/** Why a station is degraded, as data: the server writes it in words in the reader's language. */
export type DegradationReason =
  | { kind: 'rate'; percent: number }
  | { kind: 'missing'; types: number[] }
  | { kind: 'position'; metres: number };

/** What the detector reads of a station's live state (streams/station-live-state.ts), at one look. */
export interface StationSample {
  now: number;
  bytesIn: number;
  lastDataAt: number | undefined;
  types: ReadonlyMap<number, { readonly count: number; readonly lastAt: number }>;
  position: Geodetic | undefined;
}

/**
 * Decides whether one connected station is degraded (issue 31, decision 0076), looked at every few seconds, not per
 * message: its byte rate over the recent window below half its usual one (the rate over the baseline window before
 * it); a message type it usually sends (seen at least three times, so with an interval) silent for `missingFactor`
 * times that interval; or its antenna position moved more than `positionJumpM` from the one it had. While degraded
 * the usual rate is the one from before (so a lasting drop is not learnt as the new usual); a moved position becomes
 * the usual one once it has held for the baseline window. A station silent since the last look is not judged: that
 * is the source timeout's business (down). Pure: plain numbers in, reasons out.
 */
export class DegradationDetector {
  #samples: { at: number; bytes: number }[] = [];
  #firstSeen = new Map<number, { count: number; lastAt: number }>();
  #reference: { position: Geodetic; since: number } | undefined;
  #candidate: { position: Geodetic; since: number } | undefined;
  #frozenRate: number | undefined;
  #reasons: DegradationReason[] = [];

  constructor(private readonly options: DegradationOptions) {}

  get reasons(): readonly DegradationReason[] {
    return this.#reasons;
  }

  look(sample: StationSample): readonly DegradationReason[] {
    const { now } = sample;
    const previous = this.#samples.at(-1);
    this.#samples.push({ at: now, bytes: sample.bytesIn });
    const oldest = now - this.options.baselineMs - this.options.recentMs;
    while (this.#samples.length > 2 && (this.#samples[1]?.at ?? now) <= oldest) this.#samples.shift();
    for (const [type, tally] of sample.types) {
      if (!this.#firstSeen.has(type)) this.#firstSeen.set(type, { count: tally.count, lastAt: tally.lastAt });
    }
    // Silent since the last look: not judged here (down after the source timeout), the verdict stands.
    if (!previous || sample.lastDataAt === undefined || sample.lastDataAt <= previous.at) return this.#reasons;

    const reasons: DegradationReason[] = [];
    const position = this.#positionReason(sample);
    if (position) reasons.push(position);
    const missing = this.#missingTypes(sample);
    if (missing.length > 0) reasons.push({ kind: 'missing', types: missing });
    const rate = this.#rateReason(now);
    if (rate) reasons.push(rate);
    this.#reasons = reasons;
    return reasons;
  }

  #rateReason(now: number): DegradationReason | undefined {
    const recentStart = now - this.options.recentMs;
    const first = this.#samples[0];
    // Not enough history yet for a usual rate.
    if (!first || first.at > recentStart - this.options.baselineMs * 0.9) return undefined;
    const atRecentStart = this.#sampleAt(recentStart);
    const last = this.#samples.at(-1) as { at: number; bytes: number };
    if (!atRecentStart || atRecentStart.at <= first.at || last.at <= atRecentStart.at) return undefined;
    const recentRate = (last.bytes - atRecentStart.bytes) / (last.at - atRecentStart.at);
    const usualNow = (atRecentStart.bytes - first.bytes) / (atRecentStart.at - first.at);
    const wasSlow = this.#reasons.some((reason) => reason.kind === 'rate');
    const usual = wasSlow && this.#frozenRate !== undefined ? this.#frozenRate : usualNow;
    if (usual <= 0 || recentRate >= usual / 2) {
      this.#frozenRate = undefined;
      return undefined;
    }
    this.#frozenRate = usual;
    return { kind: 'rate', percent: Math.round((recentRate / usual) * 100) };
  }

  /** The latest sample at or before `at`. */
  #sampleAt(at: number) {
    let found: { at: number; bytes: number } | undefined;
    for (const sample of this.#samples) {
      if (sample.at > at) break;
      found = sample;
    }
    return found;
  }

  #missingTypes(sample: StationSample): number[] {
    const missing: number[] = [];
    for (const [type, tally] of sample.types) {
      const first = this.#firstSeen.get(type);
      if (!first || tally.count - first.count < 2) continue;
      const intervalMs = (tally.lastAt - first.lastAt) / (tally.count - first.count);
      const silentMs = sample.now - tally.lastAt;
      if (silentMs > Math.max(intervalMs * this.options.missingFactor, this.options.recentMs)) missing.push(type);
    }
    return missing.sort((a, b) => a - b);
  }

  #positionReason({ now, position }: StationSample): DegradationReason | undefined {
    if (!position) return undefined;
    if (!this.#reference) {
      this.#reference = { position, since: now };
      return undefined;
    }
    const metres = distanceM(this.#reference.position, position);
    if (metres <= this.options.positionJumpM) {
      this.#candidate = undefined;
      return undefined;
    }
    // Moved: degraded until the new position has held for the baseline window, then it is the usual one.
    if (!this.#candidate || distanceM(this.#candidate.position, position) > this.options.positionJumpM) {
      this.#candidate = { position, since: now };
    }
    if (now - this.#candidate.since >= this.options.baselineMs) {
      this.#reference = this.#candidate;
      this.#candidate = undefined;
      return undefined;
    }
    return { kind: 'position', metres: Math.round(metres * 10) / 10 };
  }
}

/** Metres between two nearby positions (local flat approximation, height included): enough to see a jump of 1 m. */
export function distanceM(a: Geodetic, b: Geodetic): number {
  const metresPerDegree = 111_320;
  const north = (b.latitude - a.latitude) * metresPerDegree;
  const east = (b.longitude - a.longitude) * metresPerDegree * Math.cos((a.latitude * Math.PI) / 180);
  const up = b.height - a.height;
  return Math.sqrt(north * north + east * east + up * up);
}
