import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecretKey } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { type AppOptions, buildApp } from '../app';
import { loadEnv } from '../config/env';

/**
 * The real app on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set and `pglite` is not) and a
 * temporary data folder (mail goes to its outbox unless SMTP_URL is given), never listening.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  { pglite, ...options }: Pick<AppOptions, 'onAccountsChanged' | 'logger'> & { pglite?: boolean } = {},
) {
  const database = await createTestDatabase({ pglite });
  const dataDir = mkdtempSync(join(tmpdir(), 'fixpoint-test-'));
  // Tests that race hundreds of requests on purpose (money, limits) are not about load shedding: on PGlite their
  // line may take longer than the 2 s a server waits by default (plugins/admission.test.ts sets its own).
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, API_QUEUE_MAX_MS: '60000', ...envOverrides });
  const secretKey = generateSecretKey();
  const app = await buildApp({ env, database, secretKey, ...options });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    secretKey,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
