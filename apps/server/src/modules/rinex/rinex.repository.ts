import { type Database, type Owner, ownerValues, ownerWhere, schema, type Transaction } from '@fixpoint/db';
import { type RinexFailure, type RinexJob, rinexFailureCodes } from '@fixpoint/shared';
import { and, desc, eq, isNotNull, lt, or } from 'drizzle-orm';

const j = schema.rinexJobs;
export type RinexJobRow = typeof j.$inferSelect;

export function toRinexJob(row: RinexJobRow & { networkName?: string | null }): RinexJob {
  return {
    id: row.id,
    stationId: row.stationId,
    mountpoint: row.mountpoint,
    networkName: row.networkName ?? null,
    from: row.fromAt.toISOString(),
    to: row.toAt.toISOString(),
    interval: row.intervalSeconds,
    systems: row.systems,
    status: row.status,
    progress: row.progress,
    coveredSeconds: row.coveredSeconds,
    credits: row.credits,
    error: rinexFailure(row.error),
    fileName: row.resultName,
    bytes: row.resultBytes,
    epochs: row.epochs,
    ephemerides: row.ephemerides,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The English sentences jobs failed with before failures were stored as codes, read back as their codes. */
const legacyFailures: Record<string, RinexFailure> = {
  'The recorded data of this window are no longer available.': 'noRecording',
  'The recorded data of this window hold no observations RINEX can carry.': 'noObservations',
};

function rinexFailure(stored: string | null): RinexFailure | null {
  if (stored === null) return null;
  return (rinexFailureCodes as readonly string[]).includes(stored)
    ? (stored as RinexFailure)
    : (legacyFailures[stored] ?? 'failed');
}

/** A worker that has not written its heartbeat for this long is taken for dead and its job is queued again. */
export const STALE_HEARTBEAT_MS = 60_000;

export function createRinexRepository(db: Database) {
  const withNetwork = () =>
    db
      .select({ job: j, networkName: schema.networks.name })
      .from(j)
      .leftJoin(schema.networks, eq(schema.networks.id, j.networkId));

  return {
    async insert(tx: Transaction, values: Omit<typeof j.$inferInsert, 'ownerUserId' | 'ownerOrgId'>, owner: Owner) {
      const [row] = await tx
        .insert(j)
        .values({ ...values, ...ownerValues(owner) })
        .returning();
      return row as RinexJobRow;
    },

    async list(owner: Owner, limit = 50) {
      const rows = await withNetwork().where(ownerWhere(j, owner)).orderBy(desc(j.createdAt)).limit(limit);
      return rows.map(({ job, networkName }) => ({ ...job, networkName }));
    },

    async find(id: string) {
      const [row] = await withNetwork().where(eq(j.id, id));
      return row ? { ...row.job, networkName: row.networkName } : undefined;
    },

    /**
     * Takes the oldest queued job (or one whose worker stopped writing its heartbeat). The update is conditional, so
     * when several server processes race for one job exactly one gets it.
     */
    async claim(now: Date): Promise<RinexJobRow | undefined> {
      const stale = new Date(now.getTime() - STALE_HEARTBEAT_MS);
      const claimable = or(eq(j.status, 'queued'), and(eq(j.status, 'running'), lt(j.heartbeatAt, stale)));
      const [next] = await db.select({ id: j.id }).from(j).where(claimable).orderBy(j.createdAt).limit(1);
      if (!next) return undefined;
      const [claimed] = await db
        .update(j)
        .set({ status: 'running', startedAt: now, heartbeatAt: now, progress: 0 })
        .where(and(eq(j.id, next.id), claimable))
        .returning();
      return claimed;
    },

    async progress(id: string, progress: number) {
      await db
        .update(j)
        .set({ progress, heartbeatAt: new Date() })
        .where(and(eq(j.id, id), eq(j.status, 'running')));
    },

    async finish(
      id: string,
      result: {
        resultKey: string;
        resultName: string;
        resultBytes: number;
        epochs: number;
        ephemerides: number;
        expiresAt: Date;
      },
    ) {
      await db
        .update(j)
        .set({ ...result, status: 'done', progress: 100, finishedAt: new Date() })
        .where(eq(j.id, id));
    },

    /** Finished files past their download period: their objects can go. */
    async expired(now: Date) {
      return db
        .select({ id: j.id, resultKey: j.resultKey })
        .from(j)
        .where(and(isNotNull(j.resultKey), lt(j.expiresAt, now)));
    },

    async clearResult(id: string) {
      await db.update(j).set({ resultKey: null }).where(eq(j.id, id));
    },
  };
}

export type RinexRepository = ReturnType<typeof createRinexRepository>;
