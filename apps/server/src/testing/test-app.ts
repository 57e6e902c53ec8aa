import { createTestDatabase } from '@fixpoint/db/testing';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';

/** The real app on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), never listening. */
export async function createTestApp(envOverrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...envOverrides });
  const app = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
