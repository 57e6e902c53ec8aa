import type { Socket } from 'node:net';
import {
  forEachNmeaSentence,
  type Gga,
  type GgaFix,
  hasGgaPosition,
  parseGga,
  parseGgaBytes,
  readGgaFix,
} from '@fixpoint/rtcm';
import type { CatalogNetwork, CatalogStation } from '../streams/catalog';
import type { Mount, RoverSink } from '../streams/mount';
import { GgaAccumulator } from './gga-stats';
import type { ReadSlices, SliceReader } from './read-slices';
import type { SessionProgress } from './session-store';

export interface RoverSessionInit {
  id: string;
  socket: Socket;
  version: 1 | 2;
  accountId: string;
  username: string;
  passwordChangedAt: Date;
  network: CatalogNetwork;
  /** Set for a station mount; undefined for the network's AUTO mount. */
  station: CatalogStation | undefined;
  /** The network's stations when the session started (AUTO: coverage test). */
  networkStations: readonly CatalogStation[];
  mountpoint: string;
  accessUntil: Date;
  clientAddress: string;
  userAgent: string;
  maxQueueBytes: number;
  /** Reads the socket in slices once the rover's position is known (decisions 0080, 0088); unset: every read at once. */
  reads?: ReadSlices;
}

type PositionedGga = Gga & { latitude: number; longitude: number };
const EMPTY = new Uint8Array(0);
/**
 * Scratch space of `receive`, shared by every session (a read is handled at once, and its fixes are aggregated
 * before anything else can run): where the read's sentences lie, their fix-health fields, and which sentence each
 * fix came from. A slice's read carries dozens of sentences; none of them becomes an object (decision 0088).
 */
const sentenceStarts: number[] = [];
const sentenceEnds: number[] = [];
const fixes: GgaFix[] = [];
const fixSentence: number[] = [];

export interface RoverSessionEvents {
  onPosition(session: RoverSession, gga: PositionedGga): void;
  onBytesOut(count: number): void;
  onClose(session: RoverSession, reason: string): void;
}

/**
 * One rover connection after its OK reply: receives the fan-out, reads its GGA (in-band, raw in both versions),
 * and keeps the numbers recorded in casterSessions. Closing is idempotent; the first reason given wins.
 */
export class RoverSession implements RoverSink {
  readonly startedAt = new Date();
  readonly init: RoverSessionInit;
  bytesSent = 0;
  ggaCount = 0;
  /**
   * The latest GGA with a position, as sent: a relay forwards it to an nmea=1 upstream. Kept on relay networks only,
   * the one place it is used.
   */
  lastGgaSentence: string | null = null;
  /**
   * The latest position, one object updated in place. What a read replaces lives a slice (30 s) and dies in the old
   * generation: replaced objects were most of the garbage GGA added to the major GC's work (decision 0089).
   */
  lastPosition: { latitude: number; longitude: number; height: number | null } | null = null;
  distanceToBaseM: number | null = null;
  stationId: string | null;
  mount: Mount | undefined;
  /** AUTO: when the base was last chosen, for the re-evaluation throttle. */
  lastChoiceAt = 0;
  accessUntil: Date;
  accessTimer: NodeJS.Timeout | undefined;
  isDirty = false;
  /** Fix health from the rover's GGA (issue 33): aggregates only, written with the progress. */
  readonly gga = new GgaAccumulator(this.startedAt.getTime());
  #closeReason: string | undefined;
  /** When the latest GGA was read, epoch ms (0: none yet); a number, not a Date, for the reason above. */
  #lastGgaAt = 0;
  readonly #keepsSentence: boolean;
  /** ggaCount as of the last progress taken. */
  #ggaCountWritten = 0;
  #nmeaRest: Uint8Array = EMPTY;
  readonly #events: RoverSessionEvents;
  /** Read slices (decisions 0080, 0088): whether the socket is read once a slice, by the shared timer. */
  #isPolled = false;
  /** Set when the rover went away unseen between reads: where its GGA time ends. */
  #ggaEndsAt: number | undefined;

  constructor(init: RoverSessionInit, events: RoverSessionEvents) {
    this.init = init;
    this.#events = events;
    this.stationId = init.station?.id ?? null;
    this.#keepsSentence = init.network.kind === 'relay';
    this.accessUntil = init.accessUntil;
    const { socket } = init;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('close', () => this.close('client-closed'));
    socket.on('error', (error: NodeJS.ErrnoException) => this.close(closeReasonOf(error)));
  }

  get id(): string {
    return this.init.id;
  }

  get mountpoint(): string {
    return this.init.mountpoint;
  }

  get version(): 1 | 2 {
    return this.init.version;
  }

  get accountId(): string {
    return this.init.accountId;
  }

  get isAuto(): boolean {
    return this.init.station === undefined;
  }

  get isClosed(): boolean {
    return this.#closeReason !== undefined;
  }

  get closeReason(): string | undefined {
    return this.#closeReason;
  }

  get lastGgaAt(): Date | null {
    return this.#lastGgaAt === 0 ? null : new Date(this.#lastGgaAt);
  }

  send(data: Buffer, payloadBytes: number): void {
    const { socket } = this.init;
    if (this.#closeReason !== undefined) return;
    socket.write(data);
    this.bytesSent += payloadBytes;
    this.isDirty = true;
    this.#events.onBytesOut(payloadBytes);
    // Past the bound the rover is behind by seconds: stale corrections are worse than none, and the queue would grow.
    if (socket.writableLength > this.init.maxQueueBytes) this.close('slow-client');
  }

  close(reason: string): void {
    if (this.#closeReason !== undefined) return;
    this.#closeReason = reason;
    // Gone while read in slices: noticed only at the slice's read or at a failed write, not when it left.
    const isRoverGone = reason === 'client-closed' || reason === 'client-error';
    if (isRoverGone && this.#isPolled) this.#ggaEndsAt = this.gga.endOf(Date.now());
    if (this.#isPolled) this.init.reads?.forget(this.init.socket);
    clearTimeout(this.accessTimer);
    this.init.socket.destroy();
    this.#events.onClose(this, reason);
  }

  /** Everything the session's row records, fix health as of now: for its close. */
  progress(): SessionProgress {
    return this.#progressWith(this.gga.toJson(this.#ggaEndsAt ?? Date.now()));
  }

  /**
   * progress() for the periodic write, without fix health when no GGA came since the last (the row keeps what it
   * has): read in 30 s slices, a rover's aggregates change once a slice, so the stored ones are its totals up to its
   * latest read; the close writes them as of its end (decision 0089).
   */
  periodicProgress(): SessionProgress {
    return this.ggaCount === this.#ggaCountWritten ? this.#progressWith(null) : this.progress();
  }

  /** The periodic write of the latest progress failed: the next one writes everything again. */
  progressNotWritten(): void {
    this.isDirty = true;
    this.#ggaCountWritten = -1;
  }

  #progressWith(ggaStatsJson: string | null): SessionProgress {
    this.#ggaCountWritten = this.ggaCount;
    return {
      id: this.id,
      bytesSent: this.bytesSent,
      ggaCount: this.ggaCount,
      lastGgaAt: this.lastGgaAt,
      lastLatitude: this.lastPosition?.latitude ?? null,
      lastLongitude: this.lastPosition?.longitude ?? null,
      lastHeight: this.lastPosition?.height ?? null,
      distanceToBaseM: this.distanceToBaseM,
      stationId: this.stationId,
      ggaStatsJson,
    };
  }

  /** A GGA from the Ntrip-GGA header. */
  onGgaSentence(sentence: string): void {
    const gga = parseGga(sentence);
    if (!gga) return;
    this.#record([gga], 1, Date.now(), false, hasGgaPosition(gga) ? gga : undefined, sentence);
  }

  /**
   * Bytes from the rover: GGA lines (anything else is ignored), parsed where they lie in the read. `isLate`: a slice's
   * read, whose sentences were sent up to a slice before (`chunk` is lent: nothing here keeps it).
   */
  receive(chunk: Buffer, isLate = false): void {
    if (this.#closeReason !== undefined) return;
    const input = this.#nmeaRest.length === 0 ? chunk : Buffer.concat([this.#nmeaRest, chunk]);
    let count = 0;
    const restStart = forEachNmeaSentence(input, (_, start, end) => {
      sentenceStarts[count] = start;
      sentenceEnds[count] = end;
      count++;
    });
    // Copy the short rest out: keeping a view would pin the whole read buffer.
    this.#nmeaRest = restStart === -1 ? EMPTY : Uint8Array.from(input.subarray(restStart));
    // Every GGA counts in the fix health; only the newest position is used (the ones before it are out of date), so
    // only the newest sentences are parsed whole, back to the first with a position: usually just the last.
    let fixCount = 0;
    for (let i = 0; i < count; i++) {
      if (fixes.length === fixCount)
        fixes.push({ quality: 0, time: null, satellites: null, hdop: null, ageOfDifferential: null });
      const fix = fixes[fixCount] as GgaFix;
      if (!readGgaFix(input, sentenceStarts[i] as number, sentenceEnds[i] as number, fix)) continue;
      fixSentence[fixCount++] = i;
    }
    if (fixCount === 0) return;
    let positioned: PositionedGga | undefined;
    let sentence: string | undefined;
    for (let k = fixCount - 1; k >= 0 && !positioned; k--) {
      if ((fixes[k] as GgaFix).quality === 0) continue;
      const start = sentenceStarts[fixSentence[k] as number] as number;
      const end = sentenceEnds[fixSentence[k] as number] as number;
      const gga = parseGgaBytes(input, start, end);
      if (!gga || !hasGgaPosition(gga)) continue;
      positioned = gga;
      if (this.#keepsSentence) sentence = input.toString('latin1', start, end);
    }
    this.#record(fixes, fixCount, Date.now(), isLate, positioned, sentence);
    // With its position known (AUTO's base, an nmea=1 upstream), the rover's next GGA can wait for a slice.
    if (this.lastPosition !== null && !this.#isPolled && this.#closeReason === undefined && this.init.reads)
      this.#isPolled = this.init.reads.poll(this.init.socket, this.#sliceReader());
  }

  /** What the slice timer's reads go to; made when the socket is first polled, not for every login. */
  #sliceReader(): SliceReader {
    return {
      onData: (chunk) => this.receive(chunk, true),
      onEnd: () => this.close('client-closed'),
      onError: (error) => this.close(closeReasonOf(error)),
    };
  }

  /**
   * The first `count` GGA of one read, oldest first: each counts in the fix health (dated by their own UTC times, see
   * GgaAccumulator.addRead); the newest position is the one kept and routed.
   */
  #record(
    read: readonly GgaFix[],
    count: number,
    readAt: number,
    isLate: boolean,
    positioned: PositionedGga | undefined,
    sentence: string | undefined,
  ): void {
    this.gga.addRead(read, readAt, isLate, count);
    this.ggaCount += count;
    this.#lastGgaAt = readAt;
    this.isDirty = true;
    if (!positioned) return;
    const height = positioned.altitude === null ? null : positioned.altitude + (positioned.geoidSeparation ?? 0);
    if (this.lastPosition === null) this.lastPosition = { latitude: 0, longitude: 0, height: null };
    this.lastPosition.latitude = positioned.latitude;
    this.lastPosition.longitude = positioned.longitude;
    this.lastPosition.height = height;
    if (this.#keepsSentence) this.lastGgaSentence = sentence ?? null;
    this.#events.onPosition(this, positioned);
  }
}

/**
 * EPIPE on a write means the rover had closed its side (the kernel answers EPIPE only after the rover's FIN): closed
 * by the receiver, as the read would have said had it come before the write.
 */
function closeReasonOf(error: NodeJS.ErrnoException): string {
  return error.code === 'EPIPE' && error.syscall === 'write' ? 'client-closed' : 'client-error';
}
