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
  /**
   * Fix health aggregates (issue 33) as stored (StoredGgaStats), JSON text; null before the first GGA, and in a periodic
   * write when no GGA came since the last (the stored ones stay).
   */
  ggaStatsJson: string | null;
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
  /**
   * One statement for the rows: with thousands of rovers, one UPDATE each would swamp the database. The registry
   * gives at most PROGRESS_BATCH rows at a time.
   */
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

/** Progress rows per statement: the registry makes and writes them a batch at a time (decision 0089). */
export const PROGRESS_BATCH = 500;

const FAILURE_BATCH_MS = 100;
const MAX_PENDING_FAILURES = 1_000;

/** `loginDb` writes the opens, which a login waits for before the rover is answered; `db` everything else. */
export function createSessionStore(db: Database, loginDb: Database = db): SessionStore {
  let pendingFailures: LoginFailureRow[] = [];
  let failureBatch: Promise<void> | undefined;
  let lastFailureWriteAt = 0;

  const s = schema.casterSessions;
  const insertOpens = async (rows: SessionOpenRow[]) => {
    const values = rows.map((row) => ({
      id: row.id,
      account_id: row.accountId,
      mountpoint: row.mountpoint,
      network_id: row.networkId,
      station_id: row.stationId,
      client_address: row.clientAddress,
      user_agent: row.userAgent,
      ntrip_version: row.ntripVersion,
      started_at: row.startedAt.toISOString(),
      caster_instance: row.casterInstance,
    }));
    await loginDb.execute(sql`
      insert into caster_sessions (id, account_id, mountpoint, network_id, station_id, client_address, user_agent,
        ntrip_version, started_at, caster_instance)
      select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(id uuid, account_id uuid, mountpoint text, network_id uuid, station_id uuid, client_address text,
          user_agent text, ntrip_version smallint, started_at timestamptz, caster_instance text)`);
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
      const values = `[${rows.map((row) => progressJson(row)).join(',')}]`;
      await db.execute(sql`
        update caster_sessions as s set
          bytes_sent = v.bytes_sent, gga_count = v.gga_count, last_gga_at = v.last_gga_at,
          last_latitude = v.last_latitude, last_longitude = v.last_longitude, last_height = v.last_height,
          distance_to_base_m = v.distance_to_base_m, progress_at = now(),
          gga_stats = coalesce(v.gga_stats, s.gga_stats),
          -- A station deleted meanwhile is not written (its row is gone; the foreign key would refuse the update).
          station_id = coalesce((select st.id from stations st where st.id = v.station_id), s.station_id)
        from jsonb_to_recordset(${values}::jsonb) as v(${progressColumns})
        where s.id = v.id`);
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

/**
 * A batch's rows go to the database as one JSON parameter, read back with `jsonb_to_recordset`: one value to pass
 * rather than ten per row, which is most of what a statement of thousands of rows costs the caster (decision 0086).
 */
const progressColumns = sql.raw(
  'id uuid, bytes_sent bigint, gga_count integer, last_gga_at timestamptz, last_latitude double precision, ' +
    'last_longitude double precision, last_height double precision, distance_to_base_m double precision, ' +
    'station_id uuid, gga_stats jsonb',
);

/**
 * A session's progress as one JSON record of the batch, written out directly: with every rover sending GGA, the
 * progress write of 10,000 sessions every 10 s was a measurable share of the caster's CPU (decision 0088). `extra`:
 * more fields, as JSON text after a comma.
 */
function progressJson(p: SessionProgress, extra = ''): string {
  return (
    `{"id":${JSON.stringify(p.id)},"bytes_sent":${p.bytesSent},"gga_count":${p.ggaCount},` +
    `"last_gga_at":${p.lastGgaAt ? `"${p.lastGgaAt.toISOString()}"` : 'null'},` +
    `"last_latitude":${jsonNumber(p.lastLatitude)},"last_longitude":${jsonNumber(p.lastLongitude)},` +
    `"last_height":${jsonNumber(p.lastHeight)},"distance_to_base_m":${jsonNumber(p.distanceToBaseM)},` +
    `"station_id":${p.stationId === null ? 'null' : JSON.stringify(p.stationId)},` +
    `"gga_stats":${p.ggaStatsJson ?? 'null'}${extra}}`
  );
}

/** A number as JSON: null for none, and for what JSON cannot carry (NaN, infinities). */
const jsonNumber = (value: number | null) => (value !== null && Number.isFinite(value) ? String(value) : 'null');

/** One UPDATE for many closes, with their final numbers. */
async function writeCloses(db: Database, rows: readonly SessionClose[]): Promise<void> {
  const values = `[${rows
    .map(({ progress, closeReason, endedAt }) =>
      progressJson(progress, `,"close_reason":${JSON.stringify(closeReason)},"ended_at":"${endedAt.toISOString()}"`),
    )
    .join(',')}]`;
  await db.execute(sql`
    update caster_sessions as s set
      bytes_sent = v.bytes_sent, gga_count = v.gga_count, last_gga_at = v.last_gga_at,
      last_latitude = v.last_latitude, last_longitude = v.last_longitude, last_height = v.last_height,
      distance_to_base_m = v.distance_to_base_m, progress_at = v.ended_at, close_reason = v.close_reason,
      ended_at = v.ended_at, gga_stats = coalesce(v.gga_stats, s.gga_stats),
      -- A station deleted meanwhile is not written (the foreign key would refuse the whole close).
      station_id = coalesce((select st.id from stations st where st.id = v.station_id), s.station_id)
    from jsonb_to_recordset(${values}::jsonb)
      as v(${progressColumns}, close_reason text, ended_at timestamptz)
    where s.id = v.id`);
}
