import { createSecretBox, openDatabase } from '@fixpoint/db';
import { buildApp } from './app';
import { EnvError, loadEnv } from './config/env';
import { createLoggerOptions } from './config/logger';
import { resolveSecretKey } from './config/secret-key';

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

  const secretKey = resolveSecretKey(env);
  const secretBox = createSecretBox(secretKey);
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: `${env.DATA_DIR}/db` });
  await database.migrate();

  const app = await buildApp({ env, database, logger: createLoggerOptions(env) });
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
