import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecretKey } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';

/**
 * The real app on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set) and a temporary data
 * folder (mail goes to its outbox unless SMTP_URL is given), never listening.
 */
export async function createTestApp(envOverrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'fixpoint-test-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...envOverrides });
  const app = await buildApp({ env, database, secretKey: generateSecretKey() });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
