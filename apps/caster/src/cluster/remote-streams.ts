import type { NatsConnection } from 'nats';
import type { CasterLogger } from '../logger';
import type { SessionRegistry } from '../sessions/session-registry';
import type { Catalog, CatalogStore } from '../streams/catalog';
import type { Mount, MountRegistry } from '../streams/mount';
import type { RoverRouter } from '../streams/rover-router';
import type { Peers } from './presence';
import { RemoteSource } from './remote-source';
import { frameSubject } from './subjects';

export interface RemoteStreamDependencies {
  mounts: MountRegistry;
  catalog: CatalogStore;
  router: RoverRouter;
  sessions: SessionRegistry;
  peers: Peers;
  /** The NATS connection while the cluster runs. */
  connection(): NatsConnection | undefined;
  /** A remote stream with no local rover is dropped after this long. */
  idleMs: number;
  /** A source this silent may be replaced by a new one (the same rule as in one process). */
  sourceStaleMs: number;
  logger: CasterLogger;
}

/**
 * Streams whose source another process holds (decision 0023 item 5): a process with rovers on such a mount
 * subscribes to that origin's subject and feeds its local Mount through a RemoteSource, so fan-out, AUTO routing and
 * frame boundaries work as in one process; the subscription follows the origin and ends when no local rover is left.
 */
export function createRemoteStreams(deps: RemoteStreamDependencies) {
  const { mounts, router, sessions, peers, logger } = deps;
  const remotes = new Map<Mount, RemoteSource>();
  /** The catalog as last read: which stations AUTO rovers of a network may be given. */
  let catalog: Catalog | undefined;

  const attach = (mount: Mount): RemoteSource | undefined => {
    const connection = deps.connection();
    if (mount.source || !connection) return undefined;
    const origin = peers.originOf(mount.mountpoint);
    if (!origin) return undefined;
    const source = new RemoteSource(
      mount,
      origin.instance,
      origin.station.position,
      (onFrames) => {
        const subscription = connection.subscribe(frameSubject(mount.mountpoint, origin.instance), {
          callback: (error, message) => {
            if (error) return;
            const data = message.data;
            onFrames(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
          },
        });
        // Logged once the server has the subscription: from then on no frame of the origin is missed.
        void connection
          .flush()
          .then(() => logger.info({ mountpoint: mount.mountpoint, origin: origin.instance }, 'cluster: following'))
          .catch(() => undefined);
        return () => {
          try {
            subscription.unsubscribe();
          } catch {
            // Already closed with its connection.
          }
        };
      },
      (closed, reason) => {
        if (remotes.get(closed.mount) === closed) remotes.delete(closed.mount);
        mounts.release(closed.mount);
        if (reason !== 'idle' && reason !== 'replaced') router.onSourceLost(closed.mount);
      },
    );
    remotes.set(mount, source);
    return source;
  };

  /** Remote streams follow their origin: gone, moved to another process, or idle here, they end. */
  const followOrigins = (now: number) => {
    for (const source of [...remotes.values()]) {
      const origin = peers.originOf(source.mount.mountpoint);
      if (!origin) source.close('source-closed');
      else if (origin.instance !== source.origin) source.close('moved');
      else {
        if (origin.station.position) source.state.position = { ...origin.station.position, height: 0 };
        if (source.mount.rovers.size > 0) source.idleSince = undefined;
        else if (source.idleSince === undefined) source.idleSince = now;
        else if (now - source.idleSince >= deps.idleMs) source.close('idle');
      }
    }
  };

  /** Our own source for a mount another process now also holds: ours gives way when it is the stale one. */
  const yieldStaleSources = (now: number) => {
    for (const mount of [...mounts.all()]) {
      const source = mount.source;
      if (!source || source.isRemote || now - source.lastDataAt < deps.sourceStaleMs) continue;
      const origin = peers.originOf(mount.mountpoint);
      if (origin && origin.station.idleMs < deps.sourceStaleMs) source.close('replaced');
    }
  };

  /** AUTO rovers still waiting for a base: remote stations of their network become candidates. */
  const offerToWaitingAuto = (catalog: Catalog, attached: Mount[]) => {
    const waiting = new Set<string>();
    for (const session of sessions.all()) {
      if (session.isAuto && !session.mount && session.lastPosition) waiting.add(session.init.network.id);
    }
    for (const networkId of waiting) {
      for (const station of catalog.stationsOf(networkId)) {
        if (mounts.get(station.mountpoint)?.source || !peers.originOf(station.mountpoint)) continue;
        const mount = mounts.mountFor(station);
        if (mount.source?.isRemote) attached.push(mount);
      }
    }
  };

  return {
    attach,

    async readCatalog(): Promise<void> {
      try {
        catalog = await deps.catalog.get();
      } catch (error) {
        logger.error({ err: error }, 'cluster: catalog read failed');
      }
    },

    /** Brings the remote streams in line with the peers' presence; rovers waiting for a base get the new ones. */
    reconcile(now: number): void {
      followOrigins(now);
      yieldStaleSources(now);
      const attached: Mount[] = [];
      for (const mount of [...mounts.all()]) {
        if (!mount.source && mount.rovers.size > 0 && attach(mount)) attached.push(mount);
      }
      if (catalog) offerToWaitingAuto(catalog, attached);
      for (const mount of attached) router.onSourceUp(mount, sessions.all());
    },

    /** Before AUTO lists a network's live stations: those live on other processes join as mounts here. */
    beforeLiveStations(networkId: string): void {
      if (!catalog) return;
      for (const station of catalog.stationsOf(networkId)) {
        if (!mounts.get(station.mountpoint)?.source && peers.originOf(station.mountpoint)) mounts.mountFor(station);
      }
    },

    /** A local source took the mount over from a remote one: stop following the other process. */
    sourceChanged(mount: Mount): void {
      const remote = remotes.get(mount);
      if (remote && mount.source !== remote) remote.close('replaced');
    },

    closeAll(reason: string): void {
      for (const source of [...remotes.values()]) source.close(reason);
    },
  };
}
