import cluster from 'node:cluster';
import { openDatabase } from '@fixpoint/db';
import type { Env } from './config/env';

/**
 * `npm run start:api` (docs/decisions/0084): the API alone, without the in-process caster (casters run with
 * `npm run start:caster`) and without demo data, on PostgreSQL. What is wrong with its configuration, or nothing.
 */
export function apiOnlyIssues(env: Env, natsUrl: string | undefined): string[] {
  const issues: string[] = [];
  if (!env.DATABASE_URL) issues.push('DATABASE_URL: npm run start:api needs PostgreSQL (processes share it)');
  if (env.API_WORKERS > 1 && !natsUrl) {
    issues.push('API_WORKERS: more than one worker needs NATS_URL (workers tell each other of changes)');
  }
  return issues;
}

/** Whether this process forks the API workers rather than serving. */
export const isApiPrimary = (env: Env) => env.API_WORKERS > 1 && cluster.isPrimary;

/**
 * The primary of API_WORKERS: migrates once, starts the first worker and waits for it to listen (it creates the
 * first admin, once), then the others, which share its port through node:cluster; replaces a worker that dies and
 * stops them all on SIGTERM or SIGINT.
 */
export async function runApiPrimary(env: Env & { DATABASE_URL: string }) {
  const log = (message: string, fields: Record<string, unknown> = {}) =>
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: Date.now(), name: 'api-primary', ...fields, msg: message })}\n`,
    );
  const database = await openDatabase({ url: env.DATABASE_URL });
  await database.migrate();
  await database.close();
  let isClosing = false;
  /** Starts worker `index`, again a second after it dies; `onListening` runs once it (or its successor) listens. */
  const fork = (index: number, onListening: () => void = () => undefined) => {
    const worker = cluster.fork();
    worker.once('listening', onListening);
    worker.on('exit', (code, signal) => {
      if (isClosing) return;
      log('API worker died; starting another', { worker: index, code, signal });
      setTimeout(() => fork(index, onListening), 1_000).unref();
    });
  };
  await new Promise<void>((listening) => fork(1, listening));
  for (let index = 2; index <= env.API_WORKERS; index++) fork(index);
  log('API workers forked (the first listens)', { workers: env.API_WORKERS, port: env.PORT });
  const shutdown = (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    log('stopping API workers', { signal });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 12_000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
