import type { LiveSource, Mount } from '../streams/mount';
import { StationLiveState } from '../streams/station-live-state';

/**
 * A mount's source held by another caster process: its frames arrive through NATS (the subscription lives as long
 * as this object) and go to the local rovers through the same Mount.publish fan-out as a local base's frames.
 */
export class RemoteSource implements LiveSource {
  readonly isRemote = true;
  readonly state: StationLiveState;
  /** When the mount last had no local rover (the cluster drops idle remote sources). */
  idleSince: number | undefined;
  #isClosed = false;
  readonly #createdAt = Date.now();
  readonly #unsubscribe: () => void;

  constructor(
    readonly mount: Mount,
    readonly origin: string,
    position: { latitude: number; longitude: number } | undefined,
    subscribe: (onFrames: (raw: Buffer) => void) => () => void,
    readonly onClosed: (source: RemoteSource, reason: string) => void,
  ) {
    this.state = new StationLiveState(mount.station.id, `nats:${origin}`, 'cluster');
    if (position) this.state.position = { ...position, height: 0 };
    mount.source = this;
    this.#unsubscribe = subscribe((raw) => {
      if (this.#isClosed) return;
      this.state.onData(raw.length, Date.now());
      mount.publish(raw);
    });
  }

  get lastDataAt(): number {
    return this.state.lastDataAt ?? this.#createdAt;
  }

  get isClosed(): boolean {
    return this.#isClosed;
  }

  close(reason: string): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    this.#unsubscribe();
    if (this.mount.source === this) this.mount.source = undefined;
    this.onClosed(this, reason);
  }
}
