import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { Database, SecretBox } from '@fixpoint/db';
import { Registry } from 'prom-client';
import { createCasterArchive } from './archive/caster-archive';
import { createLoginCache } from './auth/login-cache';
import { createLoginThrottle } from './auth/login-throttle';
import { type AccountRow, createRoverAuthenticator } from './auth/rover-auth';
import { createSlowCheckGate } from './auth/slow-check-gate';
import { createCluster } from './cluster/cluster';
import { type CasterOptions, defaultCasterOptions } from './config';
import { acceptConnection, replyAndClose } from './connection';
import type { CasterLogger } from './logger';
import { type CasterMetrics, createCasterMetrics } from './metrics';
import type { ReplyContext } from './protocol/replies';
import { createRelayManager } from './relay/relay-manager';
import { createAccessChecker } from './sessions/access';
import { createRoverHandler } from './sessions/rover-handler';
import { createSessionRegistry } from './sessions/session-registry';
import { createSessionStore } from './sessions/session-store';
import { createCatalogStore } from './streams/catalog';
import { MountRegistry } from './streams/mount';
import { createRoverRouter } from './streams/rover-router';
import { SourceConnection } from './streams/source-connection';
import { createSourceCredentials } from './streams/source-credentials';
import { createSourceHandler } from './streams/source-handler';
import { createStationStateStore } from './streams/station-state-store';
import { createStationWatch } from './streams/station-watch';

export interface CasterDependencies {
  db: Database;
  secretBox: SecretBox;
  logger: CasterLogger;
  options?: Partial<CasterOptions>;
  /** Where the caster's Prometheus metrics go (the server's /metrics); a private registry by default. */
  metricsRegistry?: Registry;
}

/** An in-process source (the demo simulator): the same ingestion path as a base station, without a socket. */
export interface LocalSource {
  push(chunk: Buffer): void;
  close(): void;
  readonly isClosed: boolean;
}

export interface Caster {
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
  readonly port: number;
  readonly metrics: CasterMetrics;
  readonly metricsRegistry: Registry;
  /** Writes live station states and session progress now (tests, shutdown). */
  flush(): Promise<void>;
  /** Feeds a station of the catalog from inside the process; undefined when the mountpoint is unknown. */
  openLocalSource(mountpoint: string, agent: string): Promise<LocalSource | undefined>;
  readonly roverCount: number;
  readonly sourceCount: number;
  /** The NTRIP-over-TLS port once started (0 without TLS). */
  readonly tlsPort: number;
  /** An NTRIP account changed (in-process server without NATS): its live sessions are re-checked now. */
  accountChanged(accountId: string): void;
}

const SERVER_NAME = 'NTRIP Fixpoint/1.0';

/** The NTRIP caster on a raw TCP server (NTRIP 1.0 is not HTTP). Builds everything; `start` listens. */
export function createCaster({
  db,
  secretBox,
  logger,
  options: overrides,
  metricsRegistry,
}: CasterDependencies): Caster {
  const options: CasterOptions = { ...defaultCasterOptions, ...overrides };
  const registry = metricsRegistry ?? new Registry();
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const sockets = new Set<Socket>();
  let boundPort = 0;
  let server: Server | undefined;
  let stateTimer: NodeJS.Timeout | undefined;
  let lastAcceptError = 0;

  const catalog = createCatalogStore({ db, ttlMs: options.catalogTtlMs });
  const mounts = new MountRegistry();
  const stateStore = createStationStateStore({ db, instance: options.instance, logger });
  const store = createSessionStore(db);
  // What a rover login reads, kept for a second: connection churn re-reads the same accounts (decision 0046).
  const loginCache = createLoginCache<AccountRow>();
  const access = createAccessChecker(db, loginCache);
  const sessions = createSessionRegistry({
    db,
    store,
    access,
    logger,
    options: { sessionFlushMs: options.sessionFlushMs, accountPollMs: options.accountPollMs },
    track,
    onAccountChanged: (accountId) => loginCache.forget(accountId),
  });
  const metrics = createCasterMetrics(registry, { rovers: () => sessions.count, sources: () => mounts.sourceCount });
  const replyContext = (): ReplyContext => ({ server: SERVER_NAME });
  const refuse = replyAndClose;

  // Deleted, disabled or re-keyed stations end their connections, polled like accounts (docs/decisions/0042).
  const stationWatch = createStationWatch({ db, mounts, logger, intervalMs: options.accountPollMs });
  const router = createRoverRouter(mounts, {
    hysteresisM: options.autoHysteresisM,
    reevaluateMs: options.autoReevaluateMs,
    coverageFactor: options.coverageFactor,
    onOutsideCoverage(session, distanceM) {
      logger.info({ sessionId: session.id, distanceM: Math.round(distanceM) }, 'rover outside coverage');
      metrics.loginFailed('outside-coverage');
      track(
        store
          .recordLoginFailure({
            username: session.init.username,
            accountId: session.accountId,
            mountpoint: session.init.mountpoint,
            reason: 'outside-coverage',
            clientAddress: session.init.clientAddress,
            userAgent: session.init.userAgent.slice(0, 500),
          })
          .catch((error: unknown) => logger.error({ err: error }, 'login failure write failed')),
      );
      session.close('outside-coverage');
    },
  });

  // RINEX on demand: every source's frames also go to the archive recorder (decision 0044).
  const archive = options.archive && createCasterArchive({ db, catalog, logger, options: options.archive });
  const sourceDeps = {
    mounts,
    stateStore,
    archive: archive?.recorder,
    track,
    onBytes: (count: number) => {
      metrics.bytesIn += count;
    },
    onClosed: (source: SourceConnection) => {
      logger.info({ mountpoint: source.mount.mountpoint }, 'source disconnected');
      router.onSourceLost(source.mount);
    },
  };
  const handleSource = createSourceHandler({
    ...sourceDeps,
    // Each kind of slow check has its own gate of one (decision 0043).
    checkSource: createSourceCredentials({ db, slowChecks: createSlowCheckGate(1) }),
    catalog,
    metrics,
    logger,
    replyContext,
    sourceTimeoutMs: options.sourceTimeoutMs,
    sourceStaleMs: options.sourceStaleMs,
    refuse,
  });
  // Relay networks pull their upstream mounts on demand through the same ingest path (decision 0020).
  const relay = createRelayManager({
    mounts,
    catalog,
    secretBox,
    stateStore,
    sourceDeps,
    attach: (session, mount) => router.attachStation(session, mount),
    onSourceUp: (mount) => router.onSourceUp(mount, sessions.all()),
    logger,
    track,
    options: {
      idleMs: options.relayIdleMs,
      silenceMs: options.relaySilenceMs,
      backoffMinMs: options.relayBackoffMinMs,
      backoffMaxMs: options.relayBackoffMaxMs,
      ggaIntervalMs: options.relayGgaIntervalMs,
      coverageFactor: options.coverageFactor,
    },
  });
  const handleGet = createRoverHandler({
    catalog,
    mounts,
    router,
    relay,
    sessions,
    store,
    access,
    authenticate: createRoverAuthenticator({ db, secretBox, slowChecks: createSlowCheckGate(1), cache: loginCache }),
    throttle: createLoginThrottle(),
    metrics,
    logger,
    replyContext,
    sourcetableOptions: () => ({
      brandName: options.brandName,
      publicHost: options.publicHost,
      publicPort: options.publicPort ?? boundPort,
      portalUrl: options.portalUrl,
    }),
    instance: options.instance,
    maxQueueBytes: options.maxQueueBytes,
    brandName: options.brandName,
    portalUrl: options.portalUrl,
    ...(options.staticLanguage && { staticLanguage: options.staticLanguage }),
    refuse,
    track,
  });

  const onSourceHead: typeof handleSource = async (socket, head, leftover) => {
    await handleSource(socket, head, leftover);
    const mount = mounts.get(head.mountpoint);
    if (mount?.source) router.onSourceUp(mount, sessions.all());
  };

  const onConnection = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    acceptConnection(socket, {
      headTimeoutMs: options.headTimeoutMs,
      replyContext,
      onGet: handleGet,
      onSource: onSourceHead,
      refuse,
      onError(error, failed) {
        logger.error({ err: error }, 'connection failed');
        failed.destroy();
      },
    });
  };

  // Several caster processes share streams, presence and account changes through NATS (decision 0023).
  const cluster = options.natsUrl
    ? createCluster({
        options: {
          url: options.natsUrl,
          instance: options.instance,
          heartbeatMs: options.clusterHeartbeatMs ?? 1_000,
          idleMs: 5_000,
          sourceStaleMs: options.sourceStaleMs,
        },
        mounts,
        catalog,
        router,
        sessions,
        relay,
        db,
        logger,
      })
    : undefined;
  let tlsServer: TlsServer | undefined;
  let tlsPort = 0;

  const flushStates = () =>
    stateStore.flush([...mounts.sources().map((source) => source.state), ...relay.liveStates()]);

  return {
    async start() {
      await Promise.all([store.closeOrphans(options.instance), stateStore.resetInstance()]);
      await cluster?.start();
      server = createServer({ pauseOnConnect: false }, onConnection);
      if (options.maxClients > 0) server.maxConnections = options.maxClients;
      // Accept errors must not crash or stop the server. At the file limit (EMFILE) libuv frees a reserved
      // descriptor, accepts the pending connections and closes them, so the loop does not spin, existing streams
      // keep flowing and no error reaches this listener (file-limit.test.ts).
      server.on('error', (error: NodeJS.ErrnoException) => {
        if (Date.now() - lastAcceptError > 10_000)
          logger.warn({ err: error, code: error.code }, 'caster: accept failed');
        lastAcceptError = Date.now();
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen({ host: options.host, port: options.port }, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      const address = listening.address();
      boundPort = typeof address === 'object' && address ? address.port : options.port;
      if (options.tls) {
        // The same protocol handling behind TLS: the handshake gets the head timeout, failed ones are dropped.
        tlsServer = createTlsServer(
          { cert: options.tls.cert, key: options.tls.key, handshakeTimeout: options.headTimeoutMs },
          onConnection,
        );
        if (options.maxClients > 0) tlsServer.maxConnections = options.maxClients;
        tlsServer.on('tlsClientError', () => undefined);
        const secure = tlsServer;
        const tlsListenPort = options.tls.port;
        await new Promise<void>((resolve, reject) => {
          secure.once('error', reject);
          secure.listen({ host: options.host, port: tlsListenPort }, () => {
            secure.off('error', reject);
            resolve();
          });
        });
        secure.on('error', (error: NodeJS.ErrnoException) => {
          logger.warn({ err: error, code: error.code }, 'caster: TLS accept failed');
        });
        const tlsAddress = secure.address();
        tlsPort = typeof tlsAddress === 'object' && tlsAddress ? tlsAddress.port : tlsListenPort;
        logger.info({ host: options.host, port: tlsPort }, 'caster listening (TLS)');
      }
      sessions.start();
      stationWatch.start();
      relay.start();
      archive?.start();
      stateTimer = setInterval(() => void flushStates(), options.stateFlushMs);
      stateTimer.unref();
      logger.info({ host: options.host, port: boundPort, instance: options.instance }, 'caster listening');
      return { port: boundPort };
    },

    async stop() {
      sessions.stop();
      stationWatch.stop();
      clearInterval(stateTimer);
      await cluster?.stop();
      relay.stop();
      const closed = Promise.all(
        [server, tlsServer].map((listening) =>
          listening ? new Promise<void>((resolve) => listening.close(() => resolve())) : Promise.resolve(),
        ),
      );
      await sessions.flush();
      for (const session of [...sessions.all()]) session.close('shutdown');
      for (const source of mounts.sources()) source.close('shutdown');
      for (const socket of sockets) socket.destroy();
      await closed;
      // The sources are closed: their buffered segments are written before the caller closes the database.
      await archive?.close();
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await store.idle();
    },

    get port() {
      return boundPort;
    },
    metrics,
    metricsRegistry: registry,

    async flush() {
      await Promise.all([flushStates(), sessions.flush()]);
    },

    async openLocalSource(mountpoint, agent) {
      const station = (await catalog.get()).stations.get(mountpoint);
      if (!station) return undefined;
      mounts.get(mountpoint)?.source?.close('replaced');
      const mount = mounts.mountFor(station);
      const source = new SourceConnection({ mount, address: 'local', agent, isChunked: false }, sourceDeps);
      router.onSourceUp(mount, sessions.all());
      return {
        push: (chunk) => source.push(chunk),
        close: () => source.close('source-closed'),
        get isClosed() {
          return source.isClosed;
        },
      };
    },

    get roverCount() {
      return sessions.count;
    },
    get sourceCount() {
      return mounts.sourceCount;
    },
    get tlsPort() {
      return tlsPort;
    },
    accountChanged(accountId) {
      sessions.accountChanged(accountId);
    },
  };
}
