import { type Database, schema } from '@fixpoint/db';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CasterLogger } from '../logger';
import type { ArchiveStore } from './archive-store';
import { describeError } from './segment-writer';

const HOUR_MS = 3_600_000;

export interface SweepResult {
  /** Segments older than their network's retention. */
  expired: number;
  /** Segments of stations that no longer exist. */
  orphaned: number;
}

export interface SweepOptions {
  db: Database;
  store: ArchiveStore;
  now?: Date;
  batchSize?: number;
  /** Checked between batches, so a shutdown does not wait for a long sweep. */
  shouldStop?: () => boolean;
}

/**
 * Deletes segments past their network's retention (`endedAt < now - archiveRetentionDays`; a network set to 0
 * keeps nothing) and segments whose station was deleted, in batches: the objects first, then the rows. A crash
 * between the two leaves rows whose objects are gone, which the next sweep deletes again (deleting a missing
 * object is not an error); the reverse order would leave objects no row points to, which nothing would ever find.
 */
export async function sweepArchive({
  db,
  store,
  now = new Date(),
  batchSize = 500,
  shouldStop = () => false,
}: SweepOptions): Promise<SweepResult> {
  const { archiveSegments: a, networks: n, stations: s } = schema;
  const orphaned = await sweepBatches(db, store, batchSize, shouldStop, () =>
    db
      .select({ id: a.id, key: a.objectKey })
      .from(a)
      .leftJoin(s, eq(s.id, a.stationId))
      .where(isNull(s.id))
      .limit(batchSize),
  );
  const expired = await sweepBatches(db, store, batchSize, shouldStop, () =>
    db
      .select({ id: a.id, key: a.objectKey })
      .from(a)
      .innerJoin(n, eq(n.id, a.networkId))
      .where(sql`${a.endedAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${n.archiveRetentionDays})`)
      .limit(batchSize),
  );
  return { expired, orphaned };
}

async function sweepBatches(
  db: Database,
  store: ArchiveStore,
  batchSize: number,
  shouldStop: () => boolean,
  select: () => Promise<{ id: string; key: string }[]>,
): Promise<number> {
  let deleted = 0;
  while (!shouldStop()) {
    const rows = await select();
    if (rows.length === 0) break;
    await store.delete(rows.map((row) => row.key));
    const removed = await db
      .delete(schema.archiveSegments)
      .where(
        inArray(
          schema.archiveSegments.id,
          rows.map((row) => row.id),
        ),
      )
      .returning({ id: schema.archiveSegments.id });
    deleted += removed.length;
    // Another caster process swept the same rows meanwhile: what is left is theirs to finish.
    if (rows.length < batchSize || removed.length === 0) break;
  }
  return deleted;
}

export interface SweepSchedule {
  /** Stops the schedule and waits for a running sweep to end at its next batch. */
  stop(): Promise<void>;
}

/** Sweeps every hour, the first time shortly after start (a caster restarted often still sweeps). */
export function scheduleArchiveSweeps({
  db,
  store,
  logger,
  intervalMs = HOUR_MS,
  firstAfterMs = 60_000,
}: {
  db: Database;
  store: ArchiveStore;
  logger: CasterLogger;
  intervalMs?: number;
  firstAfterMs?: number;
}): SweepSchedule {
  let isStopped = false;
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running || isStopped) return;
    running = sweepArchive({ db, store, shouldStop: () => isStopped })
      .then(
        (result) => {
          if (result.expired + result.orphaned > 0) logger.info({ ...result }, 'archive: swept');
        },
        (error: unknown) => logger.warn({ error: describeError(error) }, 'archive: sweep failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(sweep, firstAfterMs);
  const every = setInterval(sweep, intervalMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      isStopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
