import type { Database } from '@fixpoint/db';
import { connect, type NatsConnection } from 'nats';
import type { CasterLogger } from '../logger';
import type { RelayManager } from '../relay/relay-manager';
import type { SessionRegistry } from '../sessions/session-registry';
import type { CatalogStore } from '../streams/catalog';
import type { MountObserver, MountRegistry } from '../streams/mount';
import type { RoverRouter } from '../streams/rover-router';
import { createAccountLimits } from './account-limits';
import { createPeers, presenceOf } from './presence';
import { createRemoteStreams } from './remote-streams';
import {
  type AccountChangedMessage,
  accountChangedSubject,
  frameSubject,
  type PresenceMessage,
  presenceSubject,
  type SessionsReplacedMessage,
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

/** Runs `work` once on the next turn of the event loop, however often it is asked for until then. */
function soon(work: () => void): () => void {
  let isDue = false;
  return () => {
    if (isDue) return;
    isDue = true;
    setImmediate(() => {
      isDue = false;
      work();
    });
  };
}

/** A JSON message on `subject`; one that does not parse is logged and dropped. */
function subscribeJson<Message>(
  connection: NatsConnection,
  subject: string,
  what: string,
  logger: CasterLogger,
  handle: (message: Message) => void,
): void {
  const decoder = new TextDecoder();
  connection.subscribe(subject, {
    callback: (error, message) => {
      if (error) return;
      try {
        handle(JSON.parse(decoder.decode(message.data)) as Message);
      } catch (parseError) {
        logger.warn({ err: parseError }, `cluster: bad ${what} message`);
      }
    },
  });
}

/**
 * Scale-out over NATS (decision 0023). Each process announces the sources it holds (presence, every heartbeat and
 * at once on a change) and publishes their frames on a subject per mount and process. A process with rovers on a
 * mount whose source is elsewhere subscribes to that one subject and feeds its local Mount through a RemoteSource
 * (`remote-streams.ts`), so fan-out, AUTO routing and frame boundaries work as in one process. Account changes
 * published by the server make every process re-check that account's sessions at once, and an account's
 * connection limit counts its sessions on every process (`account-limits.ts`).
 */
export function createCluster(deps: ClusterDependencies) {
  const { options, mounts, sessions, relay, logger } = deps;
  let nc: NatsConnection | undefined;
  let timer: NodeJS.Timeout | undefined;
  const peers = createPeers();
  const subjects = new Map<string, string>();
  const encoder = new TextEncoder();

  /** NATS throws on a closed or draining connection; a frame or heartbeat lost then is lost anyway. */
  const publish = (subject: string, data: Uint8Array) => {
    try {
      nc?.publish(subject, data);
    } catch (error) {
      logger.debug({ err: error }, 'cluster: publish failed');
    }
  };

  const remotes = createRemoteStreams({
    mounts,
    catalog: deps.catalog,
    router: deps.router,
    sessions,
    peers,
    connection: () => nc,
    idleMs: options.idleMs,
    sourceStaleMs: options.sourceStaleMs,
    logger,
  });
  const limits = createAccountLimits({
    db: deps.db,
    sessions,
    instance: options.instance,
    isConnected: () => nc !== undefined,
    publishReplaced: (message: SessionsReplacedMessage) =>
      publish(sessionsReplacedSubject, encoder.encode(JSON.stringify(message))),
    logger,
  });

  const publishPresence = (isLeaving = false) => {
    if (!nc || nc.isClosed()) return;
    const message = presenceOf(options.instance, mounts, relay, isLeaving);
    publish(presenceSubject, encoder.encode(JSON.stringify(message)));
  };

  const schedulePresence = soon(() => publishPresence());

  const reconcile = async () => {
    if (!nc) return;
    await remotes.readCatalog();
    const now = Date.now();
    peers.expire(now, 3 * options.heartbeatMs);
    // A relayed mount whose puller let it go or vanished is taken over by a process with rovers on it.
    relay?.reconsider();
    remotes.reconcile(now);
  };

  const scheduleReconcile = soon(() => void reconcile());

  const observer: MountObserver = {
    sourceChanged(mount) {
      remotes.sourceChanged(mount);
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
      remotes.attach(mount);
    },
    beforeLiveStations(networkId) {
      remotes.beforeLiveStations(networkId);
    },
    liveElsewhere(mountpoint) {
      const origin = peers.originOf(mountpoint);
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
          pulledElsewhere: peers.pulledElsewhere,
          firstFollower: peers.firstFollower,
          pullsChanged: schedulePresence,
        };
      }
      subscribeJson<PresenceMessage>(connection, presenceSubject, 'presence', logger, (presence) => {
        if (presence.instance === options.instance) return;
        // A newcomer learns what we hold now rather than a heartbeat later.
        if (peers.heard(presence)) schedulePresence();
        scheduleReconcile();
      });
      subscribeJson<SessionsReplacedMessage>(
        connection,
        sessionsReplacedSubject,
        'sessions',
        logger,
        limits.onReplaced,
      );
      sessions.onAdded = limits.onAdded;
      subscribeJson<AccountChangedMessage>(connection, accountChangedSubject, 'account', logger, ({ accountId }) => {
        if (typeof accountId === 'string') sessions.accountChanged(accountId);
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
      remotes.closeAll('shutdown');
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
