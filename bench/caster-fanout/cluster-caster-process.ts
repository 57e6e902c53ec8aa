// The caster under test as N workers on one port (`run.ts --workers N`, decision 0024): the primary makes a fresh
// database on TEST_DATABASE_URL's PostgreSQL server (workers cannot share a PGlite), seeds it like
// caster-process.ts, and forks N workers through node:cluster; each is a full caster with NATS_URL (default
// nats://127.0.0.1:4222), so the base on one worker feeds rovers on all. Prints
// `READY <port> <username> <password> <worker pids, comma-separated>`.
import cluster from 'node:cluster';
import { createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, openDatabase } from '@fixpoint/db';
import pg from 'pg';
import { seedBenchAccount, seedHostedNetwork, stopWithRunner } from '../seed';

const secretBox = createSecretBox('d'.repeat(64));
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

if (cluster.isWorker) {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL as string });
  const caster = createCaster({
    db: database.db,
    secretBox,
    logger: silentLogger,
    options: { host: '127.0.0.1', port: 0, instance: `bench/${cluster.worker?.id}`, natsUrl },
  });
  const { port } = await caster.start();
  process.send?.({ port });
  process.on('SIGTERM', () => {
    void caster
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
} else {
  const workers = Number(process.argv[2] ?? 2);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('--workers needs TEST_DATABASE_URL (a PostgreSQL server)');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const name = `fixpoint_bench_${process.pid}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  const networkId = await seedHostedNetwork(database.db, {
    code: 'BENCH',
    mountpoint: 'BENCH1',
    sourcePassword: 'benchpw',
  });
  await seedBenchAccount(database.db, secretBox, {
    networkId,
    username: 'BENCH',
    password: 'roverpw',
    unlimited: true,
  });
  await database.close();

  const ports = await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise<number>((resolvePort) => {
          const worker = cluster.fork({ BENCH_DATABASE_URL: url.toString() });
          worker.once('message', (message: { port: number }) => resolvePort(message.port));
        }),
    ),
  );
  const pids = Object.values(cluster.workers ?? {}).map((worker) => worker?.process.pid);
  process.stdout.write(`READY ${ports[0]} BENCH roverpw ${pids.join(',')}\n`);
  stopWithRunner(() => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      void admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => process.exit(0));
    });
  });
}
