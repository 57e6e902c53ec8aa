import cluster from 'node:cluster';
import {
  type AccountEventPublisher,
  archiveStoreFromEnv,
  type Caster,
  casterOptionsFromEnv,
  connectAccountEvents,
  createCaster,
  loadCasterEnv,
} from '@fixpoint/caster';
import { createSecretBox, openDatabase, pgliteArchive } from '@fixpoint/db';
import { getBrand } from '@fixpoint/shared';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { apiOnlyIssues, isApiPrimary, runApiPrimary } from './api-cluster';
import { type App, buildApp } from './app';
import { startBackupEndpoint } from './backup/backup-endpoint';
import type { Env } from './config/env';
import { EnvError, loadEnv } from './config/env';
import { createLoggerOptions } from './config/logger';
import { readyLine } from './config/ready-line';
import { resolveSecretKey } from './config/secret-key';
import { isDemoEnabled, seedDemoNetwork, seedDemoSettings, startDemoStations } from './demo/demo';
import { seedDemoBilling } from './demo/demo-billing';
import { seedDemoDocuments } from './demo/demo-documents';
import { seedDemoProducts } from './demo/demo-products';
import { connectClusterChanges } from './lib/cluster-changes';
import { AdminBootstrapError, ensureAdmin } from './modules/auth/admin-bootstrap';

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let casterEnv: ReturnType<typeof loadCasterEnv>;
  let isDemo: boolean;
  // `npm run start:api` (decision 0084): the API alone on PostgreSQL, API_WORKERS processes on one port.
  const isApiOnly = process.argv.includes('--api');
  try {
    casterEnv = loadCasterEnv();
    isDemo = !isApiOnly && isDemoEnabled(process.env, Boolean(env.DATABASE_URL));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (isApiOnly) {
    const issues = apiOnlyIssues(env, casterEnv.NATS_URL);
    if (issues.length > 0) {
      console.error(`Invalid environment:\n${issues.map((issue) => `  ${issue}`).join('\n')}`);
      process.exit(1);
    }
    if (env.DATABASE_URL && isApiPrimary(env)) return runApiPrimary({ ...env, DATABASE_URL: env.DATABASE_URL });
  }

  let secretKey: string;
  try {
    secretKey = resolveSecretKey(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const secretBox = createSecretBox(secretKey);
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: `${env.DATA_DIR}/db` });
  // API workers find the database migrated by their primary.
  if (cluster.isPrimary) await database.migrate();

  const metricsRegistry = new Registry();
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'fixpoint_' });
  // Account changes reach the caster at once: through NATS to every caster process when NATS_URL is set,
  // otherwise straight to the caster in this process (decision 0023).
  const accountEvents: AccountEventPublisher | undefined = casterEnv.NATS_URL
    ? await connectAccountEvents(casterEnv.NATS_URL)
    : undefined;
  let localCaster: Caster | undefined;
  const onAccountsChanged = (accountIds: string[]) => {
    if (accountEvents) accountEvents.accountsChanged(accountIds);
    else for (const accountId of accountIds) localCaster?.accountChanged(accountId);
  };
  // Admins' writes make every API process forget its shared answers, through NATS when it is set (decision 0084).
  const clusterChanges = casterEnv.NATS_URL ? await connectClusterChanges(casterEnv.NATS_URL) : undefined;
  const casterOptions = casterOptionsFromEnv(casterEnv);
  const app = await buildApp({
    env,
    database,
    // One archive store for the caster that records and the server that converts (local disk or S3).
    archiveStore: casterOptions.archive?.store ?? archiveStoreFromEnv(casterEnv, env.DATA_DIR),
    secretKey,
    logger: createLoggerOptions(env),
    metricsRegistry,
    onAccountsChanged,
    ...(clusterChanges && { clusterChanges }),
  });
  // The NTRIP caster runs in this process on CASTER_PORT (it can also run alone: apps/caster/src/main.ts).
  const caster =
    casterEnv.CASTER_ENABLED && !isApiOnly
      ? createCaster({
          db: database.db,
          // On PGlite, rover logins go ahead of the portal's queued statements (docs/decisions/0083).
          loginDb: database.priority,
          secretBox,
          logger: app.log,
          // Without PUBLIC_URL the sourcetable's portal links point at this server's own port.
          options: { ...casterOptions, portalUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` },
          metricsRegistry,
        })
      : undefined;
  localCaster = caster;
  let demo: { stop(): void } | undefined;
  let backupEndpoint: { close(): Promise<void> } | undefined;
  let firstAdmin: { email: string; password: string } | undefined;
  try {
    firstAdmin = await bootstrapAdmin(app, env, database);
  } catch (error) {
    // A named admin address whose owner has not proven control of it: say what to do and do not start.
    if (!(error instanceof AdminBootstrapError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? env.DATA_DIR : undefined },
    'database ready',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    try {
      await app.close();
      await backupEndpoint?.close();
      demo?.stop();
      await caster?.stop();
      await accountEvents?.close();
      await clusterChanges?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  // `npm run backup` asks this process for the embedded database while it runs (decision 0066).
  if (database.kind === 'pglite') {
    backupEndpoint = await startBackupEndpoint({
      dataDir: env.DATA_DIR,
      archive: () => pgliteArchive(database),
      logger: app.log,
    });
  }
  if (isDemo) {
    await seedDemoNetwork(database.db, env.BRAND);
    await seedDemoProducts(database.db);
    await seedDemoSettings(database.db);
    await seedDemoBilling(database.db, env.BRAND);
    await seedDemoDocuments(database.db, env.BRAND);
  }
  app.rinexWorker.start();
  app.salesForwarder.start();
  app.webhooks.start();
  if (caster) {
    await caster.start();
    if (isDemo) demo = await startDemoStations(database.db, caster);
  }
  // One plain line once everything listens: where to open the portal (and, once, the first admin's password).
  process.stdout.write(
    readyLine({
      brandName: getBrand(env.BRAND).name,
      host: env.HOST,
      port: env.PORT,
      publicUrl: env.PUBLIC_URL,
      casterPort: caster ? casterEnv.CASTER_PORT : undefined,
      admin: firstAdmin,
    }),
  );
}

/** ADMIN_EMAIL + ADMIN_PASSWORD name the admin; without them a first admin is made once and its password printed. */
async function bootstrapAdmin(app: App, env: Env, database: { db: Parameters<typeof ensureAdmin>[0]['db'] }) {
  const named =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
  if ((env.ADMIN_EMAIL ?? env.ADMIN_PASSWORD) && !named)
    app.log.warn('ADMIN_EMAIL and ADMIN_PASSWORD must be set together; ignored');
  const result = await ensureAdmin({ auth: app.auth, db: database.db }, named);
  // A generated password is printed once, on purpose (PRODUCT.md), in the ready line: the only way into a fresh
  // install without configuration. It never goes to the log.
  if (result.generatedPassword) return { email: result.email, password: result.generatedPassword };
  if (result.created) app.log.info({ email: result.email }, 'admin created');
  return undefined;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
