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
  const isMigrated = options.migrate !== false;
  // A copy of a migrated template is a file copy on the server: faster than running every migration again.
  const template = isMigrated ? ` TEMPLATE "${await migratedTemplate(serverUrl)}"` : '';
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"${template}`));
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ url });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The name of a database on the server with every migration applied, made once per set of migrations (its name
 * carries their hash) and copied for each test file. Test workers in parallel make it one at a time (an advisory
 * lock), and it gets its name only once complete, so no copy is ever taken of a half-migrated one.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const template = `fixpoint_template_${migrationsHash()}`;
  await withAdminClient(serverUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (rows.length > 0) return;
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      const handle = await openDatabase({ url: databaseUrl(serverUrl, building) });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
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
