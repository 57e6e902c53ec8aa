import type { Socket } from 'node:net';
import type { Database, SecretBox } from '@fixpoint/db';
import { Registry } from 'prom-client';
import { type CasterOptions, defaultCasterOptions } from './config';
import { acceptConnection } from './connection';
import { createListeners } from './listeners';
import type { CasterLogger } from './logger';
import type { CasterMetrics } from './metrics';
import { SourceConnection } from './streams/source-connection';
import { wireCaster } from './wiring';

export interface CasterDependencies {
  db: Database;
  /**
   * What a rover login waits for (the catalog, the account, its access, its session row): the embedded database's
   * priority lane, so logins never wait behind the portal's page reads in the same process (docs/decisions/0083).
   * Defaults to `db`.
   */
  loginDb?: Database;
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

/** The NTRIP caster on a raw TCP server (NTRIP 1.0 is not HTTP). Builds everything (`wiring.ts`); `start` listens. */
export function createCaster({
  db,
  loginDb = db,
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
  let boundPort = 0;
  let tlsPort = 0;
  let stateTimer: NodeJS.Timeout | undefined;

  const parts = wireCaster({
    db,
    loginDb,
    secretBox,
    logger,
    options,
    registry,
    track,
    boundPort: () => boundPort,
  });
  const {
    catalog,
    mounts,
    stateStore,
    store,
    sessions,
    metrics,
    stationWatch,
    stationAlerts,
    router,
    archive,
    relay,
    cluster,
  } = parts;

  const listeners = createListeners(options, logger, (socket: Socket) => {
    acceptConnection(socket, {
      headTimeoutMs: options.headTimeoutMs,
      replyContext: parts.replyContext,
      onGet: parts.handleGet,
      onSource: parts.onSourceHead,
      refuse: parts.refuse,
      onError(error, failed) {
        logger.error({ err: error }, 'connection failed');
        failed.destroy();
      },
    });
  });

  const flushStates = () =>
    stateStore.flush([...mounts.sources().map((source) => source.state), ...relay.liveStates()]);

  return {
    async start() {
      await Promise.all([store.closeOrphans(options.instance), stateStore.resetInstance()]);
      await cluster?.start();
      boundPort = await listeners.listen();
      tlsPort = await listeners.listenTls();
      sessions.start();
      stationWatch.start();
      stationAlerts.start();
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
      stationAlerts.stop();
      clearInterval(stateTimer);
      await cluster?.stop();
      relay.stop();
      const closed = listeners.close();
      await sessions.flush();
      for (const session of [...sessions.all()]) session.close('shutdown');
      for (const source of mounts.sources()) source.close('shutdown');
      listeners.destroySockets();
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
      const source = new SourceConnection({ mount, address: 'local', agent, isChunked: false }, parts.sourceDeps);
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
