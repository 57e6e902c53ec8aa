import { type Database, schema } from '@fixpoint/db';
import type { Geodetic } from '@fixpoint/rtcm';
import { and, eq, isNull } from 'drizzle-orm';
import type { CasterLogger } from '../logger';
import type { StationLiveState } from './station-live-state';

export interface StationStateStore {
  connected(state: StationLiveState): Promise<void>;
  disconnected(state: StationLiveState, reason: string): Promise<void>;
  /** Writes the live numbers of every connected station (the periodic flush). */
  flush(states: readonly StationLiveState[]): Promise<void>;
  /** Fills the station's position from 1005/1006 when none was entered. */
  fillPosition(stationId: string, position: Geodetic): Promise<void>;
  /**
   * Relay: the upstream's latest failure and its time. Kept after recovery (is_connected says whether it is up
   * now), so the feed page can show what last went wrong and when.
   */
  upstreamError(stationId: string, message: string): Promise<void>;
  /**
   * On start: states this instance left "connected" (it died without writing the disconnects) are not, and each
   * gets the missing `disconnected` event (reason `caster-restart`) at the state's last update, the last sign of
   * life of the dead process, so uptime does not count the gap as connected.
   */
  resetInstance(): Promise<void>;
}

/** stationStates and stationEvents; failures are logged, never thrown into the stream. */
export function createStationStateStore({
  db,
  instance,
  logger,
}: {
  db: Database;
  instance: string;
  logger: CasterLogger;
}): StationStateStore {
  const { stationStates: t, stationEvents, stations } = schema;

  const upsert = (state: StationLiveState, isConnected: boolean) => {
    const now = Date.now();
    const { bitrate, messageTypes } = isConnected
      ? state.snapshot(now)
      : { bitrate: 0, messageTypes: state.messageTypes() };
    const values = {
      isConnected,
      connectedSince: isConnected ? state.connectedSince : null,
      lastDataAt: state.lastDataAt === undefined ? null : new Date(state.lastDataAt),
      bitrate,
      messageTypes,
      decodedLatitude: state.position?.latitude ?? null,
      decodedLongitude: state.position?.longitude ?? null,
      decodedHeight: state.position?.height ?? null,
      sourceAddress: state.sourceAddress,
      sourceAgent: state.sourceAgent,
      casterInstance: instance,
      updatedAt: new Date(now),
    };
    return db
      .insert(t)
      .values({ stationId: state.stationId, ...values })
      .onConflictDoUpdate({ target: t.stationId, set: values });
  };

  const guarded = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      // A station deleted while its base was connected: nothing is left to record its state against.
      if (isForeignKeyViolation(error)) logger.debug({ what }, 'station state: the station was deleted');
      else logger.error({ err: error }, `station state: ${what} failed`);
    }
  };
  // Writes for one station run in order: a replaced source's "disconnected" must not land after its successor's
  // "connected".
  const queues = new Map<string, Promise<void>>();
  const serial = (stationId: string, what: string, run: () => Promise<unknown>) => {
    const next = (queues.get(stationId) ?? Promise.resolve()).then(() => guarded(what, run));
    queues.set(stationId, next);
    void next.then(() => {
      if (queues.get(stationId) === next) queues.delete(stationId);
    });
    return next;
  };

  return {
    connected: (state) =>
      serial(state.stationId, 'connect', async () => {
        await db.insert(stationEvents).values({ stationId: state.stationId, kind: 'connected' });
        await upsert(state, true);
      }),
    disconnected: (state, reason) =>
      serial(state.stationId, 'disconnect', async () => {
        await db.insert(stationEvents).values({ stationId: state.stationId, kind: 'disconnected', reason });
        await upsert(state, false);
      }),
    flush: (states) =>
      guarded('flush', async () => {
        await Promise.all(states.map((state) => serial(state.stationId, 'flush', () => upsert(state, true))));
      }),
    fillPosition: (stationId, position) =>
      guarded('position', () =>
        db
          .update(stations)
          .set({
            latitude: position.latitude,
            longitude: position.longitude,
            height: position.height,
            positionSource: 'decoded',
          })
          .where(and(eq(stations.id, stationId), isNull(stations.latitude))),
      ),
    upstreamError: (stationId, message) =>
      serial(stationId, 'upstream error', () => {
        const values = { lastError: message.slice(0, 500), lastErrorAt: new Date(), updatedAt: new Date() };
        return db
          .insert(t)
          .values({ stationId, casterInstance: instance, ...values })
          .onConflictDoUpdate({ target: t.stationId, set: values });
      }),
    resetInstance: () =>
      guarded('reset', () =>
        db.transaction(async (tx) => {
          const held = and(eq(t.casterInstance, instance), eq(t.isConnected, true));
          const left = await tx.select({ stationId: t.stationId, updatedAt: t.updatedAt }).from(t).where(held);
          if (left.length === 0) return;
          await tx.insert(stationEvents).values(
            left.map((state) => ({
              stationId: state.stationId,
              kind: 'disconnected' as const,
              reason: 'caster-restart',
              at: state.updatedAt,
            })),
          );
          await tx
            .update(t)
            .set({ isConnected: false, connectedSince: null, bitrate: 0, updatedAt: new Date() })
            .where(held);
        }),
      ),
  };
}

/** PostgreSQL's foreign_key_violation, from pg or PGlite, bare or wrapped by drizzle. */
function isForeignKeyViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  return codeOf(error) === '23503' || codeOf((error as { cause?: unknown } | undefined)?.cause) === '23503';
}
