import { type Database, schema } from '@fixpoint/db';
import type { LatLon } from '@fixpoint/rtcm';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { connect, type NatsConnection } from 'nats';
import type { CasterLogger } from '../logger';
import type { RelayManager } from '../relay/relay-manager';
import type { RoverSession } from '../sessions/rover-session';
import type { SessionRegistry } from '../sessions/session-registry';
import type { Catalog, CatalogStore } from '../streams/catalog';
import type { Mount, MountObserver, MountRegistry } from '../streams/mount';
import { positionOf } from '../streams/mount';
import type { RoverRouter } from '../streams/rover-router';
import { RemoteSource } from './remote-source';
import {
  type AccountChangedMessage,
  accountChangedSubject,
  encodeMountpoint,
  type PresenceMessage,
  presenceSubject,
  type SessionsReplacedMessage,
  SUBJECT_PREFIX,
  sessionsReplacedSubject,
} from './subjects';

export interface ClusterOptions {
  url: string;
  instance: string;
  /** How often each process announces the sources it holds; a peer silent for three periods is gone. */
  heartbeatMs: number;
  /** A remote stream with no local rover is dropped after this long. */
  idleMs: number;
  /** A source this silent may be replaced by a new one (the same rule as in one process). */
  sourceStaleMs: number;
}

export interface ClusterDependencies {
  options: ClusterOptions;
  mounts: MountRegistry;
  catalog: CatalogStore;
  router: RoverRouter;
  sessions: SessionRegistry;
  /** Shared relayed mounts: one process pulls each upstream mount, the others follow it (decision 0032). */
  relay?: RelayManager;
  /** The shared database: open caster_sessions rows of other processes count toward an account's limit. */
  db?: Database;
  logger: CasterLogger;
}

interface PeerStation {
  position: LatLon | undefined;
  idleMs: number;
  seenAt: number;
}

interface Peer {
  stations: Map<string, PeerStation>;
  /** Relayed mounts this peer holds an upstream link for. */
  relays: Set<string>;
  /** Relayed mounts this peer has rovers on and follows from another process. */
  follows: Set<string>;
  seenAt: number;
}

export const frameSubject = (mountpoint: string, instance: string) =>
  `${SUBJECT_PREFIX}.rtcm.${encodeMountpoint(mountpoint)}.${encodeMountpoint(instance)}`;

/**
 * Scale-out over NATS (decision 0023). Each process announces the sources it holds (presence, every heartbeat and
 * at once on a change) and publishes their frames on a subject per mount and process. A process with rovers on a
 * mount whose source is elsewhere subscribes to that one subject and feeds its local Mount through a RemoteSource,
 * so fan-out, AUTO routing and frame boundaries work as in one process. Account changes published by the server
 * make every process re-check that account's sessions at once.
 */
export function createCluster(deps: ClusterDependencies) {
  const { options, mounts, router, sessions, relay, logger } = deps;
  let nc: NatsConnection | undefined;
  let timer: NodeJS.Timeout | undefined;
  let catalog: Catalog | undefined;
  let isPresenceDue = false;
  let isReconcileDue = false;
  const peers = new Map<string, Peer>();
  const remotes = new Map<Mount, RemoteSource>();
  const subjects = new Map<string, string>();
  /** Sessions another process replaced before this one had registered them (id → when), kept 10 s. */
  const replacedEarly = new Map<string, number>();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  const originOf = (mountpoint: string): { instance: string; station: PeerStation } | undefined => {
    let best: { instance: string; station: PeerStation } | undefined;
    for (const [instance, peer] of peers) {
      const station = peer.stations.get(mountpoint);
      // Two processes holding one mount (a race): the one whose source spoke last is followed.
      if (station && (!best || station.idleMs < best.station.idleMs)) {
        best = { instance, station };
      }
    }
    return best;
  };

  const attachRemote = (mount: Mount): RemoteSource | undefined => {
    const connection = nc;
    if (mount.source || !connection) return undefined;
    const origin = originOf(mount.mountpoint);
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

  /** NATS throws on a closed or draining connection; a frame or heartbeat lost then is lost anyway. */
  const publish = (subject: string, data: Uint8Array) => {
    try {
      nc?.publish(subject, data);
    } catch (error) {
      logger.debug({ err: error }, 'cluster: publish failed');
    }
  };

  const publishPresence = (isLeaving = false) => {
    if (!nc || nc.isClosed()) return;
    const now = Date.now();
    const stations: PresenceMessage['stations'] = [];
    if (!isLeaving) {
      for (const mount of mounts.all()) {
        const source = mount.source;
        if (!source || source.isRemote) continue;
        const position = positionOf(mount);
        stations.push({ mountpoint: mount.mountpoint, ...position, idleMs: now - source.lastDataAt });
      }
    }
    const relays = isLeaving ? [] : (relay?.pulledMountpoints() ?? []);
    const follows = isLeaving ? [] : (relay?.followedMountpoints() ?? []);
    const message: PresenceMessage = {
      instance: options.instance,
      stations,
      ...(relays.length > 0 && { relays }),
      ...(follows.length > 0 && { follows }),
      ...(isLeaving && { isLeaving }),
    };
    publish(presenceSubject, encoder.encode(JSON.stringify(message)));
  };

  const schedulePresence = () => {
    if (isPresenceDue) return;
    isPresenceDue = true;
    setImmediate(() => {
      isPresenceDue = false;
      publishPresence();
    });
  };

  const reconcile = async () => {
    if (!nc) return;
    try {
      catalog = await deps.catalog.get();
    } catch (error) {
      logger.error({ err: error }, 'cluster: catalog read failed');
    }
    const now = Date.now();
    for (const [instance, peer] of peers) if (now - peer.seenAt > 3 * options.heartbeatMs) peers.delete(instance);
    // A relayed mount whose puller let it go or vanished is taken over by a process with rovers on it.
    relay?.reconsider();

    for (const source of [...remotes.values()]) {
      const origin = originOf(source.mount.mountpoint);
      if (!origin) source.close('source-closed');
      else if (origin.instance !== source.origin) source.close('moved');
      else {
        if (origin.station.position) source.state.position = { ...origin.station.position, height: 0 };
        if (source.mount.rovers.size > 0) source.idleSince = undefined;
        else if (source.idleSince === undefined) source.idleSince = now;
        else if (now - source.idleSince >= options.idleMs) source.close('idle');
      }
    }

    // Our own source for a mount another process now also holds: ours gives way when it is the stale one.
    for (const mount of [...mounts.all()]) {
      const source = mount.source;
      if (!source || source.isRemote || now - source.lastDataAt < options.sourceStaleMs) continue;
      const origin = originOf(mount.mountpoint);
      if (origin && origin.station.idleMs < options.sourceStaleMs) source.close('replaced');
    }

    const attached: Mount[] = [];
    for (const mount of [...mounts.all()]) {
      if (!mount.source && mount.rovers.size > 0 && attachRemote(mount)) attached.push(mount);
    }
    // AUTO rovers still waiting for a base: remote stations of their network become candidates.
    if (catalog) {
      const waiting = new Set<string>();
      for (const session of sessions.all()) {
        if (session.isAuto && !session.mount && session.lastPosition) waiting.add(session.init.network.id);
      }
      for (const networkId of waiting) {
        for (const station of catalog.stationsOf(networkId)) {
          if (mounts.get(station.mountpoint)?.source || !originOf(station.mountpoint)) continue;
          const mount = mounts.mountFor(station);
          if (mount.source?.isRemote) attached.push(mount);
        }
      }
    }
    for (const mount of attached) router.onSourceUp(mount, sessions.all());
  };

  /**
   * An account's limit across the cluster (decision 0033): after a login here, the account's open sessions on other
   * processes (their caster_sessions rows) and ours are counted together; the oldest beyond the limit are replaced,
   * ours at once, theirs through NATS (the process holding one closes it with reason 'replaced').
   */
  const enforceLimit = async (session: RoverSession, maxConnections: number) => {
    const db = deps.db;
    if (!db || !nc) return;
    const s = schema.casterSessions;
    let remote: { id: string; startedAt: Date }[];
    try {
      remote = await db
        .select({ id: s.id, startedAt: s.startedAt })
        .from(s)
        .where(and(eq(s.accountId, session.accountId), isNull(s.endedAt), ne(s.casterInstance, options.instance)))
        .orderBy(asc(s.startedAt));
    } catch (error) {
      logger.error({ err: error }, 'cluster: session count failed');
      return;
    }
    if (session.isClosed || remote.length === 0) return;
    // Oldest first (ties by id), the new session included: two logins racing on two processes then agree that the
    // later one stays, each process replacing the same sessions.
    const all = [
      ...remote.map((row) => ({ id: row.id, startedAt: row.startedAt.getTime(), local: undefined })),
      ...sessions
        .ofAccount(session.accountId)
        .filter((entry) => !entry.isClosed)
        .map((entry) => ({ id: entry.id, startedAt: entry.startedAt.getTime(), local: entry })),
    ].sort((x, y) => x.startedAt - y.startedAt || (x.id < y.id ? -1 : 1));
    const excess = all.length - maxConnections;
    if (excess <= 0) return;
    const replaced = all.slice(0, excess);
    const remoteIds = replaced.filter((entry) => !entry.local).map((entry) => entry.id);
    for (const entry of replaced) entry.local?.close('replaced');
    if (remoteIds.length > 0) {
      logger.info({ accountId: session.accountId, count: remoteIds.length }, 'cluster: replacing sessions elsewhere');
      const message: SessionsReplacedMessage = { accountId: session.accountId, sessionIds: remoteIds };
      publish(sessionsReplacedSubject, encoder.encode(JSON.stringify(message)));
    }
  };

  const scheduleReconcile = () => {
    if (isReconcileDue) return;
    isReconcileDue = true;
    setImmediate(() => {
      isReconcileDue = false;
      void reconcile();
    });
  };

  const observer: MountObserver = {
    sourceChanged(mount) {
      const remote = remotes.get(mount);
      // A local source took the mount over from a remote one: stop following the other process.
      if (remote && mount.source !== remote) remote.close('replaced');
      if (!mount.source?.isRemote) {
        schedulePresence();
        if (!mount.source) scheduleReconcile();
      }
    },
    published(mount, raw) {
      if (!nc) return;
      let subject = subjects.get(mount.mountpoint);
      if (!subject) {
        subject = frameSubject(mount.mountpoint, options.instance);
        subjects.set(mount.mountpoint, subject);
      }
      publish(subject, raw);
    },
    needsSource(mount) {
      attachRemote(mount);
    },
    beforeLiveStations(networkId) {
      if (!catalog) return;
      for (const station of catalog.stationsOf(networkId)) {
        if (!mounts.get(station.mountpoint)?.source && originOf(station.mountpoint)) mounts.mountFor(station);
      }
    },
    liveElsewhere(mountpoint) {
      const origin = originOf(mountpoint);
      return origin && { idleMs: origin.station.idleMs + (Date.now() - origin.station.seenAt) };
    },
  };

  return {
    observer,

    async start(): Promise<void> {
      nc = await connect({
        servers: options.url,
        name: `fixpoint-caster ${options.instance}`,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
      });
      const connection = nc;
      mounts.observer = observer;
      if (relay) {
        relay.coordinator = {
          instance: options.instance,
          pulledElsewhere(mountpoint) {
            let puller: string | undefined;
            for (const [instance, peer] of peers) {
              if (peer.relays.has(mountpoint) && (puller === undefined || instance < puller)) puller = instance;
            }
            return puller;
          },
          firstFollower(mountpoint) {
            let first: string | undefined;
            for (const [instance, peer] of peers) {
              if (peer.follows.has(mountpoint) && (first === undefined || instance < first)) first = instance;
            }
            return first;
          },
          pullsChanged: schedulePresence,
        };
      }
      connection.subscribe(presenceSubject, {
        callback: (error, message) => {
          if (error) return;
          try {
            const presence = JSON.parse(decoder.decode(message.data)) as PresenceMessage;
            if (presence.instance === options.instance) return;
            if (presence.isLeaving) peers.delete(presence.instance);
            else {
              // A newcomer learns what we hold now rather than a heartbeat later.
              if (!peers.has(presence.instance)) schedulePresence();
              const seenAt = Date.now();
              peers.set(presence.instance, {
                seenAt,
                relays: new Set(presence.relays ?? []),
                follows: new Set(presence.follows ?? []),
                stations: new Map(
                  presence.stations.map((station) => [
                    station.mountpoint,
                    {
                      position:
                        station.latitude !== undefined && station.longitude !== undefined
                          ? { latitude: station.latitude, longitude: station.longitude }
                          : undefined,
                      idleMs: station.idleMs ?? 0,
                      seenAt,
                    },
                  ]),
                ),
              });
            }
            scheduleReconcile();
          } catch (parseError) {
            logger.warn({ err: parseError }, 'cluster: bad presence message');
          }
        },
      });
      connection.subscribe(sessionsReplacedSubject, {
        callback: (error, message) => {
          if (error) return;
          try {
            const { accountId, sessionIds } = JSON.parse(decoder.decode(message.data)) as SessionsReplacedMessage;
            if (typeof accountId !== 'string' || !Array.isArray(sessionIds)) return;
            for (const id of sessionIds) {
              // Its row may be written while its process has not registered it yet: it is replaced on arrival.
              if (typeof id === 'string' && !sessions.closeById(accountId, id, 'replaced')) {
                replacedEarly.set(id, Date.now());
              }
            }
          } catch (parseError) {
            logger.warn({ err: parseError }, 'cluster: bad sessions message');
          }
        },
      });
      sessions.onAdded = (session, maxConnections) => {
        const now = Date.now();
        for (const [id, at] of replacedEarly) if (now - at > 10_000) replacedEarly.delete(id);
        if (replacedEarly.delete(session.id)) {
          session.close('replaced');
          return;
        }
        void enforceLimit(session, maxConnections);
      };
      connection.subscribe(accountChangedSubject, {
        callback: (error, message) => {
          if (error) return;
          try {
            const { accountId } = JSON.parse(decoder.decode(message.data)) as AccountChangedMessage;
            if (typeof accountId === 'string') sessions.accountChanged(accountId);
          } catch (parseError) {
            logger.warn({ err: parseError }, 'cluster: bad account message');
          }
        },
      });
      // Peers answer a presence from a process they do not know yet, so this one learns theirs at once.
      await connection.flush();
      publishPresence();
      timer = setInterval(() => {
        publishPresence();
        void reconcile();
      }, options.heartbeatMs);
      timer.unref();
      logger.info({ url: options.url, instance: options.instance }, 'cluster: connected to NATS');
    },

    async stop(): Promise<void> {
      clearInterval(timer);
      for (const source of [...remotes.values()]) source.close('shutdown');
      const connection = nc;
      if (!connection) return;
      publishPresence(true);
      // From here on nothing publishes or subscribes: sources closing during shutdown find no connection.
      nc = undefined;
      mounts.observer = undefined;
      if (relay) relay.coordinator = undefined;
      sessions.onAdded = undefined;
      await connection.drain().catch(() => undefined);
    },

    get peerCount() {
      return peers.size;
    },
  };
}

export type Cluster = ReturnType<typeof createCluster>;
