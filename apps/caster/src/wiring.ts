import type { Database, SecretBox } from '@fixpoint/db';
import type { Registry } from 'prom-client';
import { createStationAlerts } from './alerts/station-alerts';
import { createCasterArchive } from './archive/caster-archive';
import { createLoginCache } from './auth/login-cache';
import { createLoginThrottle } from './auth/login-throttle';
import { type AccountRow, createRoverAuthenticator } from './auth/rover-auth';
import { createSlowCheckGate } from './auth/slow-check-gate';
import { type ClusterOptions, createCluster } from './cluster/cluster';
import type { CasterOptions } from './config';
import { replyAndClose } from './connection';
import type { CasterLogger } from './logger';
import { type CasterMetrics, createCasterMetrics } from './metrics';
import type { ReplyContext } from './protocol/replies';
import type { RelayOptions } from './relay/relay-links';
import { createRelayManager } from './relay/relay-manager';
import { createAccessChecker } from './sessions/access';
import { createRoverHandler } from './sessions/rover-handler';
import type { RoverSession } from './sessions/rover-session';
import { createSessionRegistry } from './sessions/session-registry';
import { createSessionStore, type SessionStore } from './sessions/session-store';
import { createCatalogStore } from './streams/catalog';
import { MountRegistry } from './streams/mount';
import { createRoverRouter } from './streams/rover-router';
import type { SourceConnection } from './streams/source-connection';
import { createSourceCredentials } from './streams/source-credentials';
import { createSourceHandler } from './streams/source-handler';
import { createStationStateStore } from './streams/station-state-store';
import { createStationWatch } from './streams/station-watch';

const SERVER_NAME = 'NTRIP Fixpoint/1.0';

export interface WiringDependencies {
  db: Database;
  /** What a rover login waits for: catalog, account, access, session row (CasterDependencies.loginDb). */
  loginDb: Database;
  secretBox: SecretBox;
  logger: CasterLogger;
  options: CasterOptions;
  registry: Registry;
  /** Work the caster waits for before it has stopped. */
  track(work: Promise<unknown>): void;
  /** The NTRIP port bound (the sourcetable names it when no public port is set). */
  boundPort(): number;
}

const relayOptionsOf = (options: CasterOptions): RelayOptions => ({
  idleMs: options.relayIdleMs,
  silenceMs: options.relaySilenceMs,
  backoffMinMs: options.relayBackoffMinMs,
  backoffMaxMs: options.relayBackoffMaxMs,
  ggaIntervalMs: options.relayGgaIntervalMs,
  coverageFactor: options.coverageFactor,
});

const clusterOptionsOf = (options: CasterOptions, url: string): ClusterOptions => ({
  url,
  instance: options.instance,
  heartbeatMs: options.clusterHeartbeatMs ?? 1_000,
  idleMs: 5_000,
  sourceStaleMs: options.sourceStaleMs,
});

/** An AUTO rover farther than the coverage limit from every station: closed, and recorded for its owner to see. */
function refuseOutsideCoverage(
  session: RoverSession,
  distanceM: number,
  {
    store,
    metrics,
    logger,
    track,
  }: Pick<WiringDependencies, 'logger' | 'track'> & {
    store: SessionStore;
    metrics: CasterMetrics;
  },
): void {
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
}

/**
 * Builds the caster's parts and wires them to each other: stores, sessions, mounts and routing, the source and rover
 * handlers, relays, the archive and, with NATS_URL, the cluster. Nothing starts here; `createCaster` runs them.
 */
export function wireCaster(deps: WiringDependencies) {
  const { db, loginDb, secretBox, logger, options, track } = deps;
  const catalog = createCatalogStore({ db: loginDb, ttlMs: options.catalogTtlMs });
  const mounts = new MountRegistry();
  const stateStore = createStationStateStore({ db, instance: options.instance, logger });
  const store = createSessionStore(db, loginDb);
  // What a rover login reads, kept for a second: connection churn re-reads the same accounts (decision 0046).
  const loginCache = createLoginCache<AccountRow>();
  const access = createAccessChecker(db, loginCache, loginDb);
  const sessions = createSessionRegistry({
    db,
    store,
    access,
    logger,
    options: {
      sessionFlushMs: options.sessionFlushMs,
      accountPollMs: options.accountPollMs,
      ...(options.accountPollBatch && { accountPollBatch: options.accountPollBatch }),
    },
    track,
    onAccountChanged: (accountId) => loginCache.forget(accountId),
  });
  const metrics = createCasterMetrics(deps.registry, {
    rovers: () => sessions.count,
    sources: () => mounts.sourceCount,
  });
  const replyContext = (): ReplyContext => ({ server: SERVER_NAME });
  const refuse = replyAndClose;

  // Deleted, disabled or re-keyed stations end their connections, polled like accounts (docs/decisions/0042).
  const stationWatch = createStationWatch({ db, mounts, logger, intervalMs: options.accountPollMs });
  const router = createRoverRouter(mounts, {
    hysteresisM: options.autoHysteresisM,
    reevaluateMs: options.autoReevaluateMs,
    coverageFactor: options.coverageFactor,
    onOutsideCoverage: (session, distanceM) =>
      refuseOutsideCoverage(session, distanceM, { store, metrics, logger, track }),
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
    options: relayOptionsOf(options),
  });
  // Station up/down alerts for the people who use them (decision 0076): one event per outage, however many processes;
  // relayed stations while this process pulls them (decision 0081).
  const stationAlerts = createStationAlerts({
    db,
    mounts,
    catalog,
    logger,
    track,
    relayPulls: () => relay.pulls(),
    options: {
      sourceTimeoutMs: options.sourceTimeoutMs,
      holdMs: options.alertHoldMs,
      tickMs: options.alertTickMs,
      refreshMs: Math.max(options.stateFlushMs, options.alertTickMs),
      degradation: options.degradation,
      // A few looks per recent window, at most one every 5 s: cheap, and a drop is seen well within the window.
      degradationCheckMs: Math.max(options.alertTickMs, Math.min(5_000, options.degradation.recentMs / 5)),
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
    authenticate: createRoverAuthenticator({
      db: loginDb,
      secretBox,
      slowChecks: createSlowCheckGate(1),
      cache: loginCache,
    }),
    throttle: createLoginThrottle(),
    metrics,
    logger,
    replyContext,
    sourcetableOptions: () => ({
      brandName: options.brandName,
      publicHost: options.publicHost,
      publicPort: options.publicPort ?? deps.boundPort(),
      portalUrl: options.portalUrl,
    }),
    instance: options.instance,
    maxQueueBytes: options.maxQueueBytes,
    readSliceMs: options.roverReadSliceMs,
    relayGgaIntervalMs: options.relayGgaIntervalMs,
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

  // Several caster processes share streams, presence and account changes through NATS (decision 0023).
  const cluster = options.natsUrl
    ? createCluster({
        options: clusterOptionsOf(options, options.natsUrl),
        mounts,
        catalog,
        router,
        sessions,
        relay,
        db,
        logger,
      })
    : undefined;

  return {
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
    sourceDeps,
    relay,
    cluster,
    handleGet,
    onSourceHead,
    replyContext,
    refuse,
  };
}
