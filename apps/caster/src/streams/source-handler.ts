import type { Socket } from 'node:net';
import type { CasterLogger } from '../logger';
import type { CasterMetrics } from '../metrics';
import {
  conflictV2,
  continue100,
  icyOk,
  notFoundV2,
  type ReplyContext,
  sourceBadPasswordV1,
  sourceMountTakenV1,
  unauthorized,
  uploadOkV2,
} from '../protocol/replies';
import type { PostHead, SourceV1Head } from '../protocol/request-head';
import { type CatalogStore, catalogFor } from './catalog';
import type { MountRegistry } from './mount';
import { SourceConnection, type SourceDependencies } from './source-connection';
import type { SourceCredentials } from './source-credentials';

export interface SourceHandlerDependencies extends SourceDependencies {
  catalog: CatalogStore;
  checkSource: SourceCredentials;
  metrics: CasterMetrics;
  logger: CasterLogger;
  replyContext: () => ReplyContext;
  sourceTimeoutMs: number;
  sourceStaleMs: number;
  /** Sends a refusal and closes. */
  refuse(socket: Socket, reply: Buffer): void;
}

/**
 * Base stations: v1 `SOURCE pw [/]MP` and v2 `POST /MP` (chunked). Each hosted station has its own source
 * password. A mount with a live source is refused, unless that source has been silent for `sourceStaleMs`: then
 * it is probably a half-open connection of the same base, and the new authenticated one replaces it.
 */
export function createSourceHandler(deps: SourceHandlerDependencies) {
  const mounts: MountRegistry = deps.mounts;

  return async function handleSource(socket: Socket, head: SourceV1Head | PostHead, leftover: Buffer): Promise<void> {
    const isV2 = head.kind === 'post';
    const password = isV2 ? (head.auth?.password ?? '') : head.password;
    const catalog = await catalogFor(deps.catalog, head.mountpoint);
    const station = catalog.stations.get(head.mountpoint);
    const network = station && catalog.networks.get(station.networkId);
    if (!station || network?.kind !== 'hosted' || station.sourcePasswordHash === null) {
      deps.metrics.sourceRefused('invalid-mount');
      deps.refuse(socket, isV2 ? notFoundV2(deps.replyContext()) : sourceMountTakenV1());
      return;
    }
    const checked = await deps.checkSource(
      { id: station.id, sourcePasswordHash: station.sourcePasswordHash },
      password,
    );
    if (!checked.ok) {
      // Busy: an older slow hash could not be checked now (decision 0043); the base is refused and retries.
      deps.metrics.sourceRefused(checked.reason);
      deps.logger.warn(
        { mountpoint: head.mountpoint, address: socket.remoteAddress, reason: checked.reason },
        'source: refused',
      );
      deps.refuse(socket, isV2 ? unauthorized(2, head.mountpoint, deps.replyContext()) : sourceBadPasswordV1());
      return;
    }
    if (socket.destroyed) return;

    const current = mounts.get(station.mountpoint)?.source;
    const elsewhere = current ? undefined : mounts.observer?.liveElsewhere(station.mountpoint);
    if (
      (current && Date.now() - current.lastDataAt < deps.sourceStaleMs) ||
      (elsewhere && elsewhere.idleMs < deps.sourceStaleMs)
    ) {
      deps.metrics.sourceRefused('mount-taken');
      deps.refuse(socket, isV2 ? conflictV2(deps.replyContext()) : sourceMountTakenV1());
      return;
    }
    current?.close('replaced');
    // Only now: closing the old source may have released its mount.
    const mount = mounts.mountFor(station);

    if (isV2) {
      // curl waits for 100 Continue before sending its body; the 200 that follows accepts the stream.
      if (head.expectContinue) socket.write(continue100());
      socket.write(uploadOkV2(deps.replyContext()));
    } else {
      socket.write(icyOk());
    }
    const source = new SourceConnection(
      {
        mount,
        socket,
        address: socket.remoteAddress ?? '',
        agent: head.headers['source-agent'] ?? (isV2 ? head.userAgent : ''),
        isChunked: isV2 && head.isChunked,
        timeoutMs: deps.sourceTimeoutMs,
        passwordHash: checked.passwordHash,
      },
      deps,
    );
    deps.logger.info(
      { mountpoint: head.mountpoint, address: socket.remoteAddress, version: isV2 ? 2 : 1 },
      'source connected',
    );
    if (leftover.length > 0) source.push(leftover);
    socket.resume();
  };
}
