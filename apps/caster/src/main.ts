import cluster from 'node:cluster';
import { createSecretBox, openDatabase } from '@fixpoint/db';
import { z } from 'zod';
import { createCaster } from './caster';
import { CasterEnvError, casterOptionsFromEnv, loadCasterEnv } from './config';
import { createJsonLogger } from './logger';

// The caster alone (`npm run start:caster`), against the PostgreSQL the server uses: several may run side by side.
// It never seeds demo data; the server does that on the embedded database. With CASTER_WORKERS=n (and NATS_URL) the
// process forks n workers that share the listening sockets through node:cluster (Node 20 has no reusePort) and
// each other's streams through NATS, so any worker serves any mount (decision 0024).
const standaloneSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (64 hex characters recommended)'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  CASTER_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
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
  if (base.success && base.data.CASTER_WORKERS > 1 && caster && !caster.NATS_URL) {
    issues.push({ variable: 'CASTER_WORKERS', message: 'more than one worker needs NATS_URL (workers share streams)' });
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
  const workerIndex = cluster.isWorker ? Number(process.env.CASTER_WORKER_INDEX ?? cluster.worker?.id ?? 0) : undefined;
  const logger = createJsonLogger(env.LOG_LEVEL, {
    name: 'caster',
    ...(workerIndex !== undefined && { worker: workerIndex }),
  });
  if (env.CASTER_WORKERS > 1 && cluster.isPrimary) return runPrimary(env, logger);
  const database = await openDatabase({ url: env.DATABASE_URL });
  if (cluster.isPrimary) await database.migrate();
  const options = casterOptionsFromEnv(env.caster);
  const caster = createCaster({
    db: database.db,
    secretBox: createSecretBox(env.SECRET_KEY),
    logger,
    // Each worker is its own instance in sessions, station states and NATS presence.
    options: workerIndex === undefined ? options : { ...options, instance: `${options.instance}/${workerIndex}` },
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

/** The primary of CASTER_WORKERS: migrates once, forks the workers, replaces one that dies, stops them all. */
async function runPrimary(env: ReturnType<typeof loadEnv>, logger: ReturnType<typeof createJsonLogger>) {
  const database = await openDatabase({ url: env.DATABASE_URL });
  await database.migrate();
  await database.close();
  let isClosing = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ CASTER_WORKER_INDEX: String(index) });
    worker.on('exit', (code, signal) => {
      if (isClosing) return;
      logger.error({ worker: index, code, signal }, 'caster worker died; starting another');
      setTimeout(() => fork(index), 1_000).unref();
    });
  };
  for (let index = 1; index <= env.CASTER_WORKERS; index++) fork(index);
  logger.info({ workers: env.CASTER_WORKERS }, 'caster workers started');
  const shutdown = (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    logger.info({ signal }, 'stopping caster workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 12_000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
