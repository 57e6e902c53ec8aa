import { encodeChunk } from '../protocol/chunked';
import type { CatalogStation } from './catalog';
import type { StationLiveState } from './station-live-state';

/** Where a mount delivers corrections: a rover session. */
export interface RoverSink {
  readonly version: 1 | 2;
  /** The mountpoint the rover asked for (a station's, or a network's AUTO mount). */
  readonly mountpoint: string;
  close(reason: string): void;
  /** `data` is raw RTCM (v1) or the same bytes chunk-encoded (v2); `payloadBytes` the RTCM byte count. */
  send(data: Buffer, payloadBytes: number): void;
}

/** What a mount needs of its current source. */
export interface LiveSource {
  readonly lastDataAt: number;
  /** Fed through NATS by another caster process (cluster/remote-source.ts): not ours to report or republish. */
  readonly isRemote?: boolean;
  /**
   * A hosted station's source: the source password hash it logged in with (null: the in-process simulator). Unset
   * for relay links, which follow their station's settings themselves.
   */
  readonly passwordHash?: string | null;
  readonly state: StationLiveState;
  close(reason: string): void;
}

/**
 * What the scale-out layer (cluster/) watches: local sources coming and going, their frames, and mounts that need
 * a source another process may hold. Unset in a single process.
 */
export interface MountObserver {
  sourceChanged(mount: Mount): void;
  published(mount: Mount, raw: Buffer): void;
  needsSource(mount: Mount): void;
  /** Called before the live stations of a network are listed (AUTO), so remote stations can join. */
  beforeLiveStations(networkId: string): void;
  /** The mount's source is held by another process, silent for `idleMs`. */
  liveElsewhere(mountpoint: string): { idleMs: number } | undefined;
}

/**
 * One mountpoint's live side: its source (if connected) and the rovers it feeds, direct ones and AUTO rovers
 * currently assigned to this station. `publish` is called with whole RTCM frames only, so a rover that joins or
 * leaves between two calls (an AUTO switch) never sees a split frame.
 */
export class Mount {
  readonly rovers = new Set<RoverSink>();
  #source: LiveSource | undefined;
  /** A relay link keeps its mount while it reconnects, so rovers and the link share one Mount object. */
  isHeld = false;

  constructor(
    readonly mountpoint: string,
    public station: CatalogStation,
    readonly observer?: MountObserver,
  ) {}

  get source(): LiveSource | undefined {
    return this.#source;
  }

  set source(source: LiveSource | undefined) {
    if (source === this.#source) return;
    this.#source = source;
    this.observer?.sourceChanged(this);
  }

  /**
   * Fan-out: one Buffer for every v1 rover and one chunk-encoded Buffer, made once, for every v2 rover, so the
   * per-rover cost is one socket write of a shared buffer.
   */
  publish(raw: Buffer): void {
    if (this.observer && this.#source && !this.#source.isRemote) this.observer.published(this, raw);
    let chunk: Buffer | undefined;
    for (const rover of this.rovers) {
      if (rover.version === 1) rover.send(raw, raw.length);
      else {
        chunk ??= encodeChunk(raw);
        rover.send(chunk, raw.length);
      }
    }
  }
}

export interface LiveStation {
  mount: Mount;
  latitude: number;
  longitude: number;
}

/** The mounts of this caster by mountpoint; a mount exists while it has a source or a rover. */
export class MountRegistry {
  readonly #mounts = new Map<string, Mount>();
  /** Set by the cluster layer when NATS_URL is configured. */
  observer: MountObserver | undefined;

  get(mountpoint: string): Mount | undefined {
    return this.#mounts.get(mountpoint);
  }

  /** The station's mount, created on first use; the station record is refreshed from the catalog. */
  mountFor(station: CatalogStation): Mount {
    let mount = this.#mounts.get(station.mountpoint);
    if (!mount) {
      mount = new Mount(station.mountpoint, station, this.observer);
      this.#mounts.set(station.mountpoint, mount);
    } else {
      mount.station = station;
    }
    if (!mount.source) this.observer?.needsSource(mount);
    return mount;
  }

  /** Forgets a mount that has neither source, relay link nor rovers left. */
  release(mount: Mount): void {
    if (!mount.source && !mount.isHeld && mount.rovers.size === 0 && this.#mounts.get(mount.mountpoint) === mount) {
      this.#mounts.delete(mount.mountpoint);
    }
  }

  all(): IterableIterator<Mount> {
    return this.#mounts.values();
  }

  /** This process's own sources (not those fed from another caster process). */
  sources(): LiveSource[] {
    const live: LiveSource[] = [];
    for (const mount of this.#mounts.values()) if (mount.source && !mount.source.isRemote) live.push(mount.source);
    return live;
  }

  get sourceCount(): number {
    let count = 0;
    for (const mount of this.#mounts.values()) if (mount.source && !mount.source.isRemote) count++;
    return count;
  }

  /** Stations of a network with a live source and a known position (entered, else decoded from 1005/1006). */
  liveStationsOf(networkId: string): LiveStation[] {
    this.observer?.beforeLiveStations(networkId);
    const live: LiveStation[] = [];
    for (const mount of this.#mounts.values()) {
      if (!mount.source || mount.station.networkId !== networkId) continue;
      const position = positionOf(mount);
      if (position) live.push({ mount, ...position });
    }
    return live;
  }
}

/**
 * Where a station is, by one rule everywhere (issue 16, decision 0042): the entered position, else the one decoded
 * from its 1005/1006. The relay picks which upstream mount to pull by the entered position before any RTCM arrives;
 * choosing among live bases by another position made AUTO rovers drop and re-pull in a loop when the two disagreed.
 */
export function positionOf(mount: Mount): { latitude: number; longitude: number } | undefined {
  const { latitude, longitude } = mount.station;
  if (latitude !== null && longitude !== null) return { latitude, longitude };
  return mount.source?.state.position;
}
