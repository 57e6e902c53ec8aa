import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPgliteLanes } from './pglite-lanes';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  /**
   * For the prepared reads every page load and poll makes (GET /api/user, /api/accounts): on PostgreSQL, connections
   * of their own on which each prepared statement is planned once and its plan reused whatever the values
   * (`plan_cache_mode=force_generic_plan`, docs/decisions/0055); on PGlite, `db` itself. Only for statements whose
   * best plan does not depend on the values (lookups by key), and never inside a transaction.
   */
  hotReads: Database;
  /**
   * For the caster's logins, which must not wait behind page reads: on PGlite, statements that go ahead of every one
   * waiting for the single connection (docs/decisions/0083); on PostgreSQL, `db` itself.
   */
  priority: Database;
  kind: DatabaseKind;
  /** Applies every pending migration from the one migration folder. */
  migrate(): Promise<void>;
  /** Round-trip time of a trivial query in ms; throws when the database is unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data folder as a tarball (to start test databases from, and backups), taken between
   * transactions so that none is half in it.
   */
  dumpSnapshot(): Promise<Uint8Array>;
}

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string }
  /** Embedded PGlite in a folder, or in memory when dataDir is omitted. */
  | { dataDir?: string };

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) {
    // PGlite creates only the last folder of its path.
    mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  }
  return wrapPglite(dataDir ? new PGlite(resolve(dataDir)) : new PGlite());
}

/**
 * A PGlite started from a snapshot made by `dumpSnapshot()`: in memory, or written into `dataDir` (which must not
 * hold a database yet).
 */
export function openPgliteSnapshot(snapshot: Uint8Array, dataDir?: string): Promise<DatabaseHandle> {
  const loadDataDir = new Blob([snapshot]);
  return wrapPglite(dataDir ? new PGlite(resolve(dataDir), { loadDataDir }) : new PGlite({ loadDataDir }));
}

async function wrapPglite(client: PGlite): Promise<DatabaseHandle> {
  await client.waitReady;
  const lanes = createPgliteLanes(client);
  const db = drizzlePglite({ client: lanes.normal, schema });
  return {
    db: db as unknown as Database,
    hotReads: db as unknown as Database,
    priority: drizzlePglite({ client: lanes.priority, schema }) as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => timeQuery(db as unknown as Database),
    close: () => client.close(),
    // Inside a transaction of its own: PGlite runs one at a time, so no other is open while the folder is read.
    dumpSnapshot: () =>
      lanes.normal.transaction(async () => new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer())),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 30_000 });
  // PostgreSQL plans a prepared statement anew on every execution while that looks cheaper than its generic plan,
  // which for the account list it always did (decision 0055): these connections reuse the generic plan.
  const hotPool = new pg.Pool({
    connectionString: url,
    max: 8,
    connectionTimeoutMillis: 30_000,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  for (const each of [pool, hotPool]) each.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    hotReads: drizzleNodePg({ client: hotPool, schema }) as unknown as Database,
    priority: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    ping: () => timeQuery(db as unknown as Database),
    close: async () => {
      await Promise.all([pool.end(), hotPool.end()]);
    },
    dumpSnapshot: () => Promise.reject(new Error('snapshots are a PGlite feature')),
  };
}

async function timeQuery(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
