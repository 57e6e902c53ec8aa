import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { type Language, pickLanguage } from '@fixpoint/shared';
import type { LoginThrottle } from '../auth/login-throttle';
import type { createRoverAuthenticator } from '../auth/rover-auth';
import type { CasterLogger } from '../logger';
import type { CasterMetrics, LoginFailureReason } from '../metrics';
import {
  badRequest,
  browserPage,
  icyOk,
  notFoundV2,
  type ReplyContext,
  serviceUnavailable,
  sourcetableOk,
  streamOkV2,
  unauthorized,
} from '../protocol/replies';
import { type GetHead, hasNulCharacter } from '../protocol/request-head';
import { renderSourcetable } from '../protocol/sourcetable';
import { criteriaFromQuery, filterSourcetable } from '../protocol/sourcetable-filter';
import type { RelayManager } from '../relay/relay-manager';
import { type CatalogStore, catalogFor, resolveMount } from '../streams/catalog';
import type { MountRegistry } from '../streams/mount';
import type { RoverRouter } from '../streams/rover-router';
import { buildSourcetable, type SourcetableOptions } from '../streams/sourcetable-builder';
import type { AccessChecker } from './access';
import { createReadSlices } from './read-slices';
import { RoverSession, type RoverSessionEvents } from './rover-session';
import type { SessionRegistry } from './session-registry';
import type { SessionStore } from './session-store';

export interface RoverHandlerDependencies {
  catalog: CatalogStore;
  mounts: MountRegistry;
  router: RoverRouter;
  /** Pulls the upstream mounts of relay networks for their rovers. */
  relay?: RelayManager;
  sessions: SessionRegistry;
  store: SessionStore;
  access: AccessChecker;
  authenticate: ReturnType<typeof createRoverAuthenticator>;
  throttle: LoginThrottle;
  metrics: CasterMetrics;
  logger: CasterLogger;
  replyContext: () => ReplyContext;
  sourcetableOptions: () => SourcetableOptions;
  instance: string;
  maxQueueBytes: number;
  /** How long a rover's socket goes unread between reads once its position is known (decisions 0080, 0088). */
  readSliceMs: number;
  /** How often a relayed rover's GGA may go upstream: its socket is read at least this often. */
  relayGgaIntervalMs: number;
  brandName: string;
  portalUrl: string;
  /** The brand's static language; otherwise the browser page follows Accept-Language. */
  staticLanguage?: Language;
  refuse(socket: Socket, reply: Buffer): void;
  track(work: Promise<unknown>): void;
}

/**
 * GET requests: the sourcetable, the page for browsers, and rover logins. Order matters to clients: an unknown
 * mountpoint is answered before credentials are checked (v1 gets the sourcetable, v2 a 404), as BKG casters do;
 * every refused login with a username is recorded with its reason for the owner to see.
 */
export function createRoverHandler(deps: RoverHandlerDependencies) {
  const { metrics, logger } = deps;
  const reads = createReadSlices(deps.readSliceMs);
  // A relay network's rover may feed an nmea=1 upstream, which gets its GGA every relayGgaIntervalMs at most.
  const relayReads = createReadSlices(Math.min(deps.readSliceMs, deps.relayGgaIntervalMs));

  const sendSourcetable = async (socket: Socket, head: GetHead) => {
    const catalog = await deps.catalog.get();
    const records = buildSourcetable(catalog, deps.mounts, deps.sourcetableOptions());
    const criteria = head.version === 2 ? criteriaFromQuery(head.query.raw) : {};
    deps.refuse(
      socket,
      sourcetableOk(head.version, renderSourcetable(filterSourcetable(records, criteria)), deps.replyContext()),
    );
  };

  /** Text as it can be stored: a NUL becomes U+FFFD. */
  const storable = (text: string, max: number) => text.slice(0, max).replaceAll('\u0000', '\uFFFD');

  const refuseLogin = (socket: Socket, head: GetHead, reason: LoginFailureReason, accountId?: string) => {
    metrics.loginFailed(reason);
    if (reason !== 'no-credentials' && reason !== 'throttled' && head.auth) {
      deps.track(
        deps.store
          .recordLoginFailure({
            username: storable(head.auth.username, 200),
            ...(accountId && { accountId }),
            mountpoint: storable(head.mountpoint, 200),
            reason,
            clientAddress: socket.remoteAddress ?? '',
            userAgent: storable(head.userAgent, 500),
          })
          .catch((error: unknown) => logger.error({ err: error }, 'login failure write failed')),
      );
    }
    deps.refuse(
      socket,
      reason === 'bad-request'
        ? badRequest(head.version, deps.replyContext())
        : unauthorized(head.version, head.mountpoint, deps.replyContext()),
    );
  };

  /** What every session reports back: one object for all, not three closures made per login. */
  const sessionEvents: RoverSessionEvents = {
    onPosition: (s, gga) => {
      deps.router.onPosition(s, gga);
      deps.relay?.onRoverPosition(s, s.init.networkStations);
    },
    onBytesOut: (count) => {
      metrics.bytesOut += count;
    },
    onClose: (s, reason) => {
      deps.router.detach(s);
      deps.relay?.onRoverClosed(s);
      // An AUTO rover that never sent a usable position got nothing: say so rather than "client-closed".
      const finalReason = s.isAuto && s.lastPosition === null && reason === 'client-closed' ? 'no-gga' : reason;
      metrics.roverDropped(finalReason);
      deps.sessions.remove(s, finalReason);
    },
  };

  return async function handleGet(socket: Socket, head: GetHead, leftover: Buffer): Promise<void> {
    if (isBrowser(head)) {
      const language = deps.staticLanguage ?? pickLanguage(head.headers['accept-language']);
      deps.refuse(
        socket,
        browserPage(deps.replyContext(), {
          brandName: deps.brandName,
          portalUrl: deps.portalUrl,
          ...(language && { language }),
        }),
      );
      return;
    }
    // A NUL in the mountpoint or credentials cannot be looked up: 400, recorded like any refused login.
    if (hasNulCharacter(head)) return refuseLogin(socket, head, 'bad-request');
    if (head.mountpoint === '') return sendSourcetable(socket, head);
    const catalog = await catalogFor(deps.catalog, head.mountpoint);
    const target = resolveMount(catalog, head.mountpoint);
    if (!target) {
      if (head.version === 2) deps.refuse(socket, notFoundV2(deps.replyContext()));
      else await sendSourcetable(socket, head);
      return;
    }
    if (!head.auth) return refuseLogin(socket, head, 'no-credentials');
    const address = socket.remoteAddress ?? '';
    if (deps.throttle.isHeld(address, head.auth.username)) return refuseLogin(socket, head, 'throttled');
    const result = await deps.authenticate(head.auth);
    if (!result.ok) {
      if (result.reason !== 'disabled') deps.throttle.failed(address, head.auth.username);
      return refuseLogin(socket, head, result.reason, result.accountId);
    }
    deps.throttle.succeeded(address, head.auth.username);
    const accessUntil = await deps.access.admit(result.account.id, target.network.id, undefined, {
      lentUntil: result.account.lentUntil,
    });
    if (!accessUntil) return refuseLogin(socket, head, 'no-access', result.account.id);
    if (socket.destroyed) return;

    const station = target.kind === 'station' ? target.station : undefined;
    const session = new RoverSession(
      {
        id: randomUUID(),
        socket,
        version: head.version,
        accountId: result.account.id,
        username: result.account.username,
        passwordChangedAt: result.account.passwordChangedAt,
        network: target.network,
        station,
        networkStations: catalog.stationsOf(target.network.id),
        mountpoint: head.mountpoint,
        accessUntil,
        clientAddress: socket.remoteAddress ?? '',
        userAgent: head.userAgent,
        maxQueueBytes: deps.maxQueueBytes,
        reads: target.network.kind === 'relay' ? relayReads : reads,
      },
      sessionEvents,
    );
    try {
      await deps.store.open({
        id: session.id,
        accountId: result.account.id,
        mountpoint: head.mountpoint,
        networkId: target.network.id,
        stationId: station?.id ?? null,
        clientAddress: session.init.clientAddress,
        userAgent: head.userAgent.slice(0, 500),
        ntripVersion: head.version,
        startedAt: session.startedAt,
        casterInstance: deps.instance,
      });
    } catch (error) {
      logger.error({ err: error }, 'rover: session insert failed');
      deps.refuse(socket, serviceUnavailable(head.version, deps.replyContext(), 10));
      return;
    }
    if (session.isClosed) {
      // The rover hung up while its row was written: the close written then found no row yet.
      deps.track(deps.store.close(session.progress(), session.closeReason ?? 'client-closed', new Date()));
      return;
    }
    metrics.loginOk();
    socket.write(head.version === 2 ? streamOkV2(deps.replyContext()) : icyOk());
    deps.sessions.add(session, result.account.maxConnections);
    if (station && target.network.kind === 'relay' && deps.relay) deps.relay.attach(session, station, target.network);
    else if (station) deps.router.attachStation(session, deps.mounts.mountFor(station));
    if (session.isClosed) return;
    if (head.ntripGga) session.onGgaSentence(head.ntripGga);
    if (leftover.length > 0) session.receive(leftover);
    socket.resume();
  };
}

/** Browsers cannot show an ICY stream; other clients with odd User-Agents (some receivers send none) still work. */
function isBrowser(head: GetHead): boolean {
  if (head.isNtripClient || head.version === 2) return false;
  return /^Mozilla\//.test(head.userAgent) || (head.headers.accept ?? '').includes('text/html');
}
