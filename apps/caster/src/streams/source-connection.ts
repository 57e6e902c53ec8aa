import type { Socket } from 'node:net';
import type { ArchiveRecorder, StationRecording } from '../archive/archive-recorder';
import { ChunkedDecoder } from '../protocol/chunked';
import type { LiveSource, Mount, MountRegistry } from './mount';
import { createSourceIngest, type SourceIngest } from './source-ingest';
import { StationLiveState } from './station-live-state';
import type { StationStateStore } from './station-state-store';

export interface SourceDependencies {
  mounts: MountRegistry;
  stateStore: StationStateStore;
  onBytes(count: number): void;
  onClosed(source: SourceConnection): void;
  /** Database writes in flight, so stop() can wait for them. */
  track(work: Promise<unknown>): void;
  /** Records the stations whose networks keep archives (decision 0044); unset: nothing is recorded. */
  archive?: ArchiveRecorder | undefined;
}

export interface SourceInit {
  mount: Mount;
  address: string;
  agent: string;
  /** v2 uploads are chunked. */
  isChunked: boolean;
  /** A socket (a real base station) or none (the in-process simulator). */
  socket?: Socket;
  timeoutMs?: number;
  /** The station's source password hash this source logged in with; null for the in-process simulator. */
  passwordHash?: string | null;
}

/**
 * A connected source feeding one mount, from accepted head to close. Closing is idempotent and always leaves the
 * mount, writes the disconnect event, and tells the caster.
 */
export class SourceConnection implements LiveSource {
  readonly state: StationLiveState;
  readonly mount: Mount;
  readonly passwordHash: string | null;
  readonly #ingest: SourceIngest;
  readonly #decoder: ChunkedDecoder | undefined;
  readonly #socket: Socket | undefined;
  readonly #deps: SourceDependencies;
  readonly #recording: StationRecording | undefined;
  #isClosed = false;
  #connectedSince = Date.now();

  constructor(init: SourceInit, deps: SourceDependencies) {
    this.mount = init.mount;
    this.passwordHash = init.passwordHash ?? null;
    this.#deps = deps;
    this.#socket = init.socket;
    this.#decoder = init.isChunked ? new ChunkedDecoder() : undefined;
    this.state = new StationLiveState(init.mount.station.id, init.address, init.agent);
    const recording = deps.archive?.open(init.mount.station);
    this.#recording = recording;
    this.#ingest = createSourceIngest(init.mount, this.state, {
      onBytes: deps.onBytes,
      ...(recording && { onFrames: (raw, frames, arrivedAt) => recording.onFrames(raw, frames, arrivedAt) }),
      onPosition: (state) => {
        if (state.position && this.mount.station.latitude === null) {
          deps.track(deps.stateStore.fillPosition(state.stationId, state.position));
        }
      },
    });
    init.mount.source = this;
    deps.track(deps.stateStore.connected(this.state));

    const socket = init.socket;
    if (socket) {
      if (init.timeoutMs) socket.setTimeout(init.timeoutMs, () => this.close('timeout'));
      socket.on('data', (chunk: Buffer) => this.push(chunk));
      socket.on('close', () => this.close('source-closed'));
      socket.on('error', () => this.close('source-error'));
    }
  }

  get lastDataAt(): number {
    return this.state.lastDataAt ?? this.#connectedSince;
  }

  get isClosed(): boolean {
    return this.#isClosed;
  }

  push(chunk: Buffer): void {
    if (this.#isClosed) return;
    if (!this.#decoder) {
      this.#ingest.push(chunk);
      return;
    }
    for (const piece of this.#decoder.push(chunk)) this.#ingest.push(piece);
    if (this.#decoder.error) this.close('bad-chunked-body');
    else if (this.#decoder.ended) this.close('source-ended');
  }

  close(reason: string): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    this.#socket?.destroy();
    this.#recording?.close();
    if (this.mount.source === this) this.mount.source = undefined;
    this.#deps.mounts.release(this.mount);
    this.#deps.track(this.#deps.stateStore.disconnected(this.state, reason));
    this.#deps.onClosed(this);
  }
}
