import { randomBytes } from 'node:crypto';
import pg from 'pg';

const serverUrl =
  process.env.TEST_DATABASE_URL ?? process.env.INTEROP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const onServer = async (sql: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
};

/**
 * A database of its own on the interop PostgreSQL server for one journey, so the test can move time in it as
 * time passing would: its URL for the server under test, a client for the test, and `drop` for afterAll.
 */
export async function createScratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    client,
    async drop() {
      await client.end();
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
