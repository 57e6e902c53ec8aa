import type { Socket } from 'node:net';
import { extractNmeaSentences, type Gga, hasGgaPosition, parseGga } from '@fixpoint/rtcm';
import type { CatalogNetwork, CatalogStation } from '../streams/catalog';
import type { Mount, RoverSink } from '../streams/mount';
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
}

export interface RoverSessionEvents {
  onPosition(session: RoverSession, gga: Gga & { latitude: number; longitude: number }): void;
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
  lastGgaAt: Date | null = null;
  /** The latest GGA with a position, as sent: a relay forwards it to an nmea=1 upstream. */
  lastGgaSentence: string | null = null;
  lastPosition: { latitude: number; longitude: number; height: number | null } | null = null;
  distanceToBaseM: number | null = null;
  stationId: string | null;
  mount: Mount | undefined;
  /** AUTO: when the base was last chosen, for the re-evaluation throttle. */
  lastChoiceAt = 0;
  accessUntil: Date;
  accessTimer: NodeJS.Timeout | undefined;
  isDirty = false;
  #closeReason: string | undefined;
  #nmeaRest: Uint8Array = new Uint8Array(0);
  readonly #events: RoverSessionEvents;

  constructor(init: RoverSessionInit, events: RoverSessionEvents) {
    this.init = init;
    this.#events = events;
    this.stationId = init.station?.id ?? null;
    this.accessUntil = init.accessUntil;
    const { socket } = init;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('close', () => this.close('client-closed'));
    socket.on('error', () => this.close('client-error'));
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
    clearTimeout(this.accessTimer);
    this.init.socket.destroy();
    this.#events.onClose(this, reason);
  }

  progress(): SessionProgress {
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
    };
  }

  /** A GGA from the Ntrip-GGA header or the stream. */
  onGgaSentence(sentence: string): void {
    const gga = parseGga(sentence);
    if (!gga) return;
    this.ggaCount++;
    this.lastGgaAt = new Date();
    this.isDirty = true;
    if (!hasGgaPosition(gga)) return;
    const height = gga.altitude === null ? null : gga.altitude + (gga.geoidSeparation ?? 0);
    this.lastPosition = { latitude: gga.latitude, longitude: gga.longitude, height };
    this.lastGgaSentence = sentence;
    this.#events.onPosition(this, gga);
  }

  /** Bytes from the rover: GGA lines (anything else is ignored). */
  receive(chunk: Buffer): void {
    if (this.#closeReason !== undefined) return;
    const input = this.#nmeaRest.length === 0 ? chunk : Buffer.concat([this.#nmeaRest, chunk]);
    const { sentences, rest } = extractNmeaSentences(input);
    // Copy the short rest out: keeping a view would pin the whole read buffer.
    this.#nmeaRest = rest.length === 0 ? rest : Uint8Array.from(rest);
    for (const sentence of sentences) this.onGgaSentence(sentence);
  }
}
