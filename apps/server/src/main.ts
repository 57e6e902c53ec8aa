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
import { collectDefaultMetrics, Registry } from 'prom-client';
import { type App, buildApp } from './app';
import { startBackupEndpoint } from './backup/backup-endpoint';
import type { Env } from './config/env';
import { EnvError, loadEnv } from './config/env';
import { createLoggerOptions } from './config/logger';
import { resolveSecretKey } from './config/secret-key';
import { isDemoEnabled, seedDemoNetwork, seedDemoSettings, startDemoStations } from './demo/demo';
import { seedDemoBilling } from './demo/demo-billing';
import { seedDemoProducts } from './demo/demo-products';
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
  try {
    casterEnv = loadCasterEnv();
    isDemo = isDemoEnabled(process.env, Boolean(env.DATABASE_URL));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
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
  await database.migrate();

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
  });
  // The NTRIP caster runs in this process on CASTER_PORT (it can also run alone: apps/caster/src/main.ts).
  const caster = casterEnv.CASTER_ENABLED
    ? createCaster({
        db: database.db,
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
  try {
    await bootstrapAdmin(app, env, database);
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
    await seedDemoNetwork(database.db);
    await seedDemoProducts(database.db);
    await seedDemoSettings(database.db);
    await seedDemoBilling(database.db, env.BRAND);
  }
  app.rinexWorker.start();
  app.salesForwarder.start();
  if (caster) {
    await caster.start();
    if (isDemo) demo = await startDemoStations(database.db, caster);
  }
}

/** ADMIN_EMAIL + ADMIN_PASSWORD name the admin; without them a first admin is made once and its password printed. */
async function bootstrapAdmin(app: App, env: Env, database: { db: Parameters<typeof ensureAdmin>[0]['db'] }) {
  const named =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
  if ((env.ADMIN_EMAIL ?? env.ADMIN_PASSWORD) && !named)
    app.log.warn('ADMIN_EMAIL and ADMIN_PASSWORD must be set together; ignored');
  const result = await ensureAdmin({ auth: app.auth, db: database.db }, named);
  if (result.generatedPassword) {
    // Printed once, on purpose (PRODUCT.md): the only way into a fresh install without configuration.
    process.stdout.write(
      `\n  First admin created: ${result.email}\n  One-time password: ${result.generatedPassword}\n  Change it in Settings after signing in.\n`,
    );
  } else if (result.created) {
    app.log.info({ email: result.email }, 'admin created');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
