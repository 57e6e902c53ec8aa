import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, migrationsFolder, openDatabase, openPgliteSnapshot } from './client';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped again on close; its `url` given), otherwise an in-memory PGlite. `migrate: false`
 * leaves a PostgreSQL database empty; `pglite` gives PGlite whatever the environment says (tests of PGlite itself).
 */
export async function createTestDatabase(
  options: { migrate?: boolean; pglite?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || options.pglite) return openMigratedPglite();

  const name = `fixpoint_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  if (options.migrate !== false) await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh PGlite starts in about 3 s; one loaded from a migrated snapshot in about 0.5 s. The snapshot is kept in
 * the temp folder, keyed by the migrations' content, and written atomically so parallel test workers can share it.
 */
async function openMigratedPglite(): Promise<DatabaseHandle> {
  const snapshot = join(tmpdir(), `fixpoint-pglite-${migrationsHash()}.tar`);
  if (existsSync(snapshot)) return openPgliteSnapshot(readFileSync(snapshot));

  const handle = await openDatabase({});
  await handle.migrate();
  const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, await handle.dumpSnapshot());
  renameSync(partial, snapshot);
  return handle;
}

function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}
