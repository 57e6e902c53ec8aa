import { type Database, schema } from '@fixpoint/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginFailureReason } from '../metrics';

export interface SessionOpenRow {
  id: string;
  accountId: string;
  mountpoint: string;
  networkId: string;
  stationId: string | null;
  clientAddress: string;
  userAgent: string;
  ntripVersion: 1 | 2;
  startedAt: Date;
  casterInstance: string;
}

/** The numbers of a live session written periodically and at its end. */
export interface SessionProgress {
  id: string;
  bytesSent: number;
  ggaCount: number;
  lastGgaAt: Date | null;
  lastLatitude: number | null;
  lastLongitude: number | null;
  lastHeight: number | null;
  distanceToBaseM: number | null;
  stationId: string | null;
}

export interface LoginFailureRow {
  username: string;
  accountId?: string;
  mountpoint: string;
  reason: Exclude<LoginFailureReason, 'no-credentials' | 'throttled'>;
  clientAddress: string;
  userAgent: string;
}

export interface SessionStore {
  open(row: SessionOpenRow): Promise<void>;
  /** One statement per batch of sessions: with thousands of rovers, one UPDATE each would swamp the database. */
  saveProgress(rows: readonly SessionProgress[]): Promise<void>;
  close(progress: SessionProgress, closeReason: string, endedAt: Date): Promise<void>;
  recordLoginFailure(row: LoginFailureRow): Promise<void>;
  /** On start: sessions this instance left open (a crash) are closed. */
  closeOrphans(instance: string): Promise<void>;
}

const BATCH = 500;

const FAILURE_BATCH_MS = 100;
const MAX_PENDING_FAILURES = 1_000;

export function createSessionStore(db: Database): SessionStore {
  let pendingFailures: LoginFailureRow[] = [];
  let failureBatch: Promise<void> | undefined;
  let lastFailureWriteAt = 0;

  const s = schema.casterSessions;
  return {
    async open(row) {
      await db.insert(s).values(row);
    },

    async saveProgress(rows) {
      for (let i = 0; i < rows.length; i += BATCH) {
        const values = rows
          .slice(i, i + BATCH)
          .map(
            (row) =>
              sql`(${row.id}::uuid, ${row.bytesSent}::bigint, ${row.ggaCount}::integer, ${row.lastGgaAt?.toISOString() ?? null}::timestamptz, ${row.lastLatitude}::double precision, ${row.lastLongitude}::double precision, ${row.lastHeight}::double precision, ${row.distanceToBaseM}::double precision, ${row.stationId}::uuid)`,
          );
        await db.execute(sql`
          update caster_sessions as s set
            bytes_sent = v.bytes_sent, gga_count = v.gga_count, last_gga_at = v.last_gga_at,
            last_latitude = v.last_latitude, last_longitude = v.last_longitude, last_height = v.last_height,
            distance_to_base_m = v.distance_to_base_m, progress_at = now(),
            -- A station deleted meanwhile is not written (its row is gone; the foreign key would refuse the update).
            station_id = coalesce((select st.id from stations st where st.id = v.station_id), s.station_id)
          from (values ${sql.join(values, sql`, `)})
            as v(id, bytes_sent, gga_count, last_gga_at, last_latitude, last_longitude, last_height, distance_to_base_m, station_id)
          where s.id = v.id`);
      }
    },

    async close(progress, closeReason, endedAt) {
      await db
        .update(s)
        .set({
          bytesSent: progress.bytesSent,
          ggaCount: progress.ggaCount,
          lastGgaAt: progress.lastGgaAt,
          lastLatitude: progress.lastLatitude,
          lastLongitude: progress.lastLongitude,
          lastHeight: progress.lastHeight,
          distanceToBaseM: progress.distanceToBaseM,
          ...(progress.stationId !== null && {
            // A station deleted meanwhile is not written (the foreign key would refuse the whole close).
            stationId: sql`coalesce((select st.id from stations st where st.id = ${progress.stationId}::uuid), ${s.stationId})`,
          }),
          progressAt: endedAt,
          closeReason,
          endedAt,
        })
        .where(eq(s.id, progress.id));
    },

    /**
     * Refused logins: one is written at once; more within FAILURE_BATCH_MS of a write are written together in one
     * insert, so a flood of wrong passwords costs the database one write a tenth of a second, not one per attempt. Beyond MAX_PENDING_FAILURES
     * waiting rows a flood's attempts are counted by the metrics only.
     */
    recordLoginFailure(row) {
      // Quiet times: written at once, so the owner's diagnosis shows it as the rover is refused.
      if (!failureBatch && Date.now() - lastFailureWriteAt > FAILURE_BATCH_MS) {
        lastFailureWriteAt = Date.now();
        return db
          .insert(schema.loginFailures)
          .values(row)
          .then(() => undefined);
      }
      if (pendingFailures.length < MAX_PENDING_FAILURES) pendingFailures.push(row);
      failureBatch ??= new Promise((resolve) => setTimeout(resolve, FAILURE_BATCH_MS)).then(async () => {
        const rows = pendingFailures;
        pendingFailures = [];
        failureBatch = undefined;
        lastFailureWriteAt = Date.now();
        if (rows.length > 0) await db.insert(schema.loginFailures).values(rows);
      });
      return failureBatch;
    },

    /** After a crash: the sessions end when their progress was last written, with the bytes written then. */
    async closeOrphans(instance) {
      await db
        .update(s)
        .set({ endedAt: sql`coalesce(${s.progressAt}, ${s.startedAt})`, closeReason: 'caster-restarted' })
        .where(and(eq(s.casterInstance, instance), isNull(s.endedAt)));
    },
  };
}
