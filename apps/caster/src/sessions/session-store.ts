import { type Database, schema } from '@fixpoint/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginFailureReason } from '../metrics';
import { createWriteBatcher } from './write-batcher';

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
  /** Settles once the row is written: written in batches with the other opens of the moment. */
  open(row: SessionOpenRow): Promise<void>;
  /** One statement per batch of sessions: with thousands of rovers, one UPDATE each would swamp the database. */
  saveProgress(rows: readonly SessionProgress[]): Promise<void>;
  /** Written in batches with the other closes of the moment, after any open still being written. */
  close(progress: SessionProgress, closeReason: string, endedAt: Date): Promise<void>;
  recordLoginFailure(row: LoginFailureRow): Promise<void>;
  /** On start: sessions this instance left open (a crash) are closed. */
  closeOrphans(instance: string): Promise<void>;
  /** Settles when every open and close handed over so far is written (before the database closes). */
  idle(): Promise<void>;
}

interface SessionClose {
  progress: SessionProgress;
  closeReason: string;
  endedAt: Date;
}

const BATCH = 500;

const FAILURE_BATCH_MS = 100;
const MAX_PENDING_FAILURES = 1_000;

export function createSessionStore(db: Database): SessionStore {
  let pendingFailures: LoginFailureRow[] = [];
  let failureBatch: Promise<void> | undefined;
  let lastFailureWriteAt = 0;

  const s = schema.casterSessions;
  const insertOpens = async (rows: SessionOpenRow[]) => {
    await db.insert(s).values(rows);
  };
  const opens = createWriteBatcher({ write: insertOpens, writeOne: (row) => insertOpens([row]) });
  // A close waits for the opens in flight, so its row exists when the update runs.
  const closes = createWriteBatcher<SessionClose>({
    write: async (rows) => {
      await opens.idle();
      await writeCloses(db, rows);
    },
    writeOne: (row) => writeCloses(db, [row]),
  });
  return {
    open: (row) => opens.add(row),

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

    close: (progress, closeReason, endedAt) => closes.add({ progress, closeReason, endedAt }),

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

    async idle() {
      await opens.idle();
      await closes.idle();
    },
  };
}

/** One UPDATE for many closes, with their final numbers. */
async function writeCloses(db: Database, rows: readonly SessionClose[]): Promise<void> {
  const values = rows.map(
    ({ progress: p, closeReason, endedAt }) =>
      sql`(${p.id}::uuid, ${p.bytesSent}::bigint, ${p.ggaCount}::integer, ${p.lastGgaAt?.toISOString() ?? null}::timestamptz, ${p.lastLatitude}::double precision, ${p.lastLongitude}::double precision, ${p.lastHeight}::double precision, ${p.distanceToBaseM}::double precision, ${p.stationId}::uuid, ${closeReason}::text, ${endedAt.toISOString()}::timestamptz)`,
  );
  await db.execute(sql`
    update caster_sessions as s set
      bytes_sent = v.bytes_sent, gga_count = v.gga_count, last_gga_at = v.last_gga_at,
      last_latitude = v.last_latitude, last_longitude = v.last_longitude, last_height = v.last_height,
      distance_to_base_m = v.distance_to_base_m, progress_at = v.ended_at, close_reason = v.close_reason,
      ended_at = v.ended_at,
      -- A station deleted meanwhile is not written (the foreign key would refuse the whole close).
      station_id = coalesce((select st.id from stations st where st.id = v.station_id), s.station_id)
    from (values ${sql.join(values, sql`, `)})
      as v(id, bytes_sent, gga_count, last_gga_at, last_latitude, last_longitude, last_height, distance_to_base_m, station_id, close_reason, ended_at)
    where s.id = v.id`);
}
