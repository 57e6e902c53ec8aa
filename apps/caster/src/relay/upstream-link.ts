import { connect, type Socket } from 'node:net';
import { ChunkedDecoder } from '../protocol/chunked';
import {
  backoffDelay,
  buildUpstreamRequest,
  describeSocketError,
  parseUpstreamReply,
  type UpstreamTarget,
} from './upstream-protocol';

export interface UpstreamLinkOptions {
  /** An upstream that sends nothing this long (or never replies) is dropped and dialled again. */
  silenceMs: number;
  backoffMinMs: number;
  backoffMaxMs: number;
  /** GGA forwarded at most this often; the first one goes at once. */
  ggaIntervalMs: number;
  /** nmea=1 mounts send nothing before a GGA: the silence timer starts with the first GGA sent. */
  needsGga: boolean;
  /**
   * A mount that normally sends every second is taken for silent sooner (issue 16): five times its usual gap
   * between reads, but never less than this (default 5 s) nor more than silenceMs.
   */
  minSilenceMs?: number;
}

/** Reads measured before the silence timer adapts to the stream, and how many recent gaps it keeps. */
const GAPS_BEFORE_ADAPTING = 10;
const GAPS_KEPT = 30;

export interface UpstreamLinkEvents {
  /** The upstream accepted the request; data follows. `server` is its Server header when it sent one. */
  onUp(server: string): void;
  /** De-chunked stream bytes, in order (not framed: the ingest frames them). */
  onData(chunk: Buffer): void;
  /** A connection that was up is gone; the link dials again after its back-off. */
  onDown(reason: string): void;
  /** Why a connection failed or ended, for the feed page ("401 Unauthorized", "connection refused", ...). */
  onError(message: string): void;
}

/**
 * One pulled upstream mount: connects, reads the reply (ICY, HTTP chunked or plain), hands on the data and,
 * whenever the connection fails or ends, dials again after an exponential back-off with jitter until `close`.
 * The back-off resets once data flows, so an upstream that accepts and then hangs up at once is not hammered.
 */
export class UpstreamLink {
  readonly #target: UpstreamTarget;
  readonly #options: UpstreamLinkOptions;
  readonly #events: UpstreamLinkEvents;
  #socket: Socket | undefined;
  #isUp = false;
  #isClosed = false;
  #attempt = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #ggaTimer: NodeJS.Timeout | undefined;
  #latestGga: string | undefined;
  #lastGgaSentAt = 0;
  /** The silence timer in force on the current connection, and the gaps between its recent reads. */
  #silenceMs: number;
  #gaps: number[] = [];
  #lastReadAt = 0;
  /** GGA sentences written upstream (tests, diagnostics). */
  ggaSent = 0;

  constructor(target: UpstreamTarget, options: UpstreamLinkOptions, events: UpstreamLinkEvents) {
    this.#target = target;
    this.#options = options;
    this.#silenceMs = options.silenceMs;
    this.#events = events;
    this.#connect();
  }

  get isUp(): boolean {
    return this.#isUp;
  }

  get address(): string {
    return `${this.#target.host}:${this.#target.port}`;
  }

  /** The rover's latest GGA for an nmea=1 mount: written at once when due, else when the interval has passed. */
  sendGga(sentence: string): void {
    this.#latestGga = sentence.trim();
    if (!this.#isUp || this.#ggaTimer) return;
    const wait = this.#lastGgaSentAt + this.#options.ggaIntervalMs - Date.now();
    if (wait <= 0) this.#writeGga();
    else {
      this.#ggaTimer = setTimeout(() => {
        this.#ggaTimer = undefined;
        if (this.#isUp) this.#writeGga();
      }, wait);
    }
  }

  /** Stops for good: no reconnect, no events. */
  close(): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#ggaTimer);
    this.#socket?.destroy();
    this.#socket = undefined;
    this.#isUp = false;
  }

  #writeGga(): void {
    const socket = this.#socket;
    if (!socket || this.#latestGga === undefined) return;
    socket.write(`${this.#latestGga}\r\n`);
    this.#lastGgaSentAt = Date.now();
    this.ggaSent++;
    if (this.#options.needsGga) socket.setTimeout(this.#silenceMs);
  }

  /** After enough reads, the silence timer follows the stream's own rhythm (90th percentile gap x 5, clamped). */
  #adaptSilence(socket: Socket): void {
    const now = Date.now();
    if (this.#lastReadAt > 0) {
      this.#gaps.push(now - this.#lastReadAt);
      if (this.#gaps.length > GAPS_KEPT) this.#gaps.shift();
    }
    this.#lastReadAt = now;
    if (this.#gaps.length < GAPS_BEFORE_ADAPTING) return;
    const sorted = [...this.#gaps].sort((a, b) => a - b);
    const usualGap = sorted[Math.floor(0.9 * (sorted.length - 1))] as number;
    const floor = Math.min(this.#options.minSilenceMs ?? 5_000, this.#options.silenceMs);
    const next = Math.min(this.#options.silenceMs, Math.max(floor, usualGap * 5));
    if (Math.abs(next - this.#silenceMs) < 500) return;
    this.#silenceMs = next;
    if (!this.#options.needsGga || this.#lastGgaSentAt > 0) socket.setTimeout(next);
  }

  #connect(): void {
    this.#attempt++;
    const { host, port } = this.#target;
    const socket = connect({ host, port });
    this.#socket = socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    // Covers the connect, the reply and the stream: an upstream silent this long is taken for dead.
    this.#silenceMs = this.#options.silenceMs;
    this.#gaps = [];
    this.#lastReadAt = 0;
    socket.setTimeout(this.#silenceMs);
    let head: Buffer | undefined = Buffer.alloc(0);
    let decoder: ChunkedDecoder | undefined;
    let hasData = false;

    const deliver = (chunk: Buffer) => {
      if (chunk.length === 0) return;
      if (!hasData) {
        hasData = true;
        this.#attempt = 0;
      }
      this.#adaptSilence(socket);
      this.#events.onData(chunk);
    };

    socket.once('connect', () => socket.write(buildUpstreamRequest(this.#target)));
    socket.on('data', (chunk: Buffer) => {
      if (this.#socket !== socket) return;
      let body = chunk;
      if (head !== undefined) {
        head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
        const reply = parseUpstreamReply(head);
        if (reply.kind === 'incomplete') return;
        if (reply.kind === 'refused') {
          this.#fail(socket, reply.message);
          return;
        }
        body = head.subarray(reply.headBytes);
        head = undefined;
        decoder = reply.isChunked ? new ChunkedDecoder() : undefined;
        this.#isUp = true;
        this.#lastGgaSentAt = 0;
        // nmea=1: nothing comes before a GGA, so silence counts only from the first GGA written.
        if (this.#options.needsGga) socket.setTimeout(0);
        this.#events.onUp(reply.server);
        if (this.#latestGga !== undefined) this.#writeGga();
      }
      if (!decoder) {
        deliver(body);
        return;
      }
      for (const piece of decoder.push(body)) deliver(piece);
      if (decoder.error) this.#fail(socket, 'bad chunked body from the upstream');
      else if (decoder.ended) this.#fail(socket, 'the upstream ended the stream');
    });
    socket.on('timeout', () => {
      const seconds = Math.round(this.#silenceMs / 1000);
      this.#fail(socket, this.#isUp ? `no data for ${seconds} s` : `no reply for ${seconds} s`);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => this.#fail(socket, describeSocketError(error)));
    socket.on('close', () =>
      this.#fail(socket, this.#isUp ? 'the upstream closed the connection' : 'closed before a reply'),
    );
  }

  /** Ends the current connection (once per connection) and schedules the next attempt. */
  #fail(socket: Socket, message: string): void {
    if (this.#socket !== socket || this.#isClosed) return;
    this.#socket = undefined;
    socket.destroy();
    clearTimeout(this.#ggaTimer);
    this.#ggaTimer = undefined;
    const wasUp = this.#isUp;
    this.#isUp = false;
    this.#events.onError(message);
    if (wasUp) this.#events.onDown(message);
    if (this.#isClosed) return;
    const delay = backoffDelay(this.#attempt, this.#options.backoffMinMs, this.#options.backoffMaxMs);
    this.#retryTimer = setTimeout(() => {
      if (!this.#isClosed) this.#connect();
    }, delay);
  }
}
