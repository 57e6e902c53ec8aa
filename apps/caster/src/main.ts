import { createSecretBox, openDatabase } from '@fixpoint/db';
import { z } from 'zod';
import { createCaster } from './caster';
import { CasterEnvError, casterOptionsFromEnv, loadCasterEnv } from './config';
import { createJsonLogger } from './logger';

// The caster alone (`npm run start:caster`), against the PostgreSQL the server uses: several may run side by side.
// It never seeds demo data; the server does that on the embedded database.
const standaloneSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (64 hex characters recommended)'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

function loadEnv() {
  const present = Object.fromEntries(
    Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const issues: { variable: string; message: string }[] = [];
  const base = standaloneSchema.safeParse(present);
  if (!base.success) {
    issues.push(...base.error.issues.map((issue) => ({ variable: issue.path.join('.'), message: issue.message })));
  }
  let caster: ReturnType<typeof loadCasterEnv> | undefined;
  try {
    caster = loadCasterEnv(process.env);
  } catch (error) {
    if (!(error instanceof CasterEnvError)) throw error;
    issues.push(...error.issues);
  }
  if (issues.length > 0 || !base.success || !caster) throw new CasterEnvError(issues);
  return { ...base.data, caster };
}

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof CasterEnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createJsonLogger(env.LOG_LEVEL, { name: 'caster' });
  const database = await openDatabase({ url: env.DATABASE_URL });
  await database.migrate();
  const caster = createCaster({
    db: database.db,
    secretBox: createSecretBox(env.SECRET_KEY),
    logger,
    options: casterOptionsFromEnv(env.caster),
  });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await caster.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await caster.start();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
