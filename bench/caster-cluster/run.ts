// What the cross-process path costs (docs/performance.md, decision 0023): two caster processes
// (`apps/caster/src/main.ts`, as `npm run start:caster` runs them) on one PostgreSQL database and one NATS server.
// A base on process A sends a timed frame every 100 ms; one rover on A (same process) and one on B (through NATS)
// report each frame's latency from the base's write to the rover's read. Prints both distributions and the
// difference. Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and NATS
// (NATS_URL, default nats://127.0.0.1:4222).
//
//   npm run bench:caster-cluster -- [seconds=20] [frames per second=10]
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSecretBox, openDatabase } from '@fixpoint/db';
import { encodeFrame, RtcmFramer } from '@fixpoint/rtcm';
import pg from 'pg';
import { seedBenchAccount, seedHostedNetwork } from '../seed';

const seconds = Number(process.argv[2] ?? 20);
const rate = Number(process.argv[3] ?? 10);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const secretKey = randomBytes(32).toString('hex');
const sourcePassword = randomBytes(6).toString('hex');
const roverPassword = randomBytes(8).toString('hex');

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

const name = `fixpoint_bench_${randomBytes(5).toString('hex')}`;
await admin(`CREATE DATABASE "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
await database.migrate();
const networkId = await seedHostedNetwork(database.db, { code: 'BCL', mountpoint: 'BCL1', sourcePassword });
await seedBenchAccount(database.db, createSecretBox(secretKey), {
  networkId,
  username: 'BENCHCL',
  password: roverPassword,
  unlimited: false,
});

const children: ChildProcess[] = [];
async function startCaster(instance: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/caster/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      SECRET_KEY: secretKey,
      NATS_URL: natsUrl,
      CASTER_HOST: '127.0.0.1',
      CASTER_PORT: '0',
      CASTER_INSTANCE: instance,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (;;) {
    const line = output.split('\n').find((entry) => entry.includes('"msg":"caster listening"'));
    if (line) return { port: (JSON.parse(line) as { port: number }).port, output: () => output };
    await new Promise((r) => setTimeout(r, 50));
  }
}

function open(port: number, head: string): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.setNoDelay(true);
      socket.write(head);
      resolveSocket(socket);
    });
    socket.on('error', reject);
  });
}

/** A rover that records, for every timed frame, read time minus the send time carried in the frame. */
async function rover(port: number) {
  const auth = Buffer.from(`BENCHCL:${roverPassword}`).toString('base64');
  const socket = await open(
    port,
    `GET /BCL1 HTTP/1.0\r\nUser-Agent: NTRIP bench\r\nAuthorization: Basic ${auth}\r\n\r\n`,
  );
  const latencies: number[] = [];
  const framer = new RtcmFramer();
  let isStreaming = false;
  socket.on('data', (chunk: Buffer) => {
    const now = performance.timeOrigin + performance.now();
    let data = chunk;
    if (!isStreaming) {
      const end = chunk.indexOf('\r\n\r\n');
      if (end === -1) return;
      isStreaming = true;
      data = chunk.subarray(end + 4);
    }
    for (const frame of framer.push(data)) latencies.push(now - Buffer.from(frame.payload).readDoubleBE(6));
  });
  await new Promise((r) => setTimeout(r, 500));
  return { socket, latencies };
}

function timedFrame(sequence: number): Uint8Array {
  const payload = Buffer.alloc(120);
  payload.writeUInt16BE(0xfff0, 0);
  payload.writeUInt32BE(sequence, 2);
  payload.writeDoubleBE(performance.timeOrigin + performance.now(), 6);
  return encodeFrame(payload);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const summary = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    frames: sorted.length,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
};

try {
  const [a, b] = await Promise.all([startCaster('bench-a'), startCaster('bench-b')]);
  const local = await rover(a.port);
  const remote = await rover(b.port);
  const base = await open(a.port, `SOURCE ${sourcePassword} /BCL1\r\nSource-Agent: NTRIP bench\r\n\r\n`);
  for (let i = 0; !b.output().includes('cluster: following') && i < 200; i++)
    await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  const total = seconds * rate;
  for (let sequence = 0; sequence < total; sequence++) {
    base.write(timedFrame(sequence));
    await new Promise((r) => setTimeout(r, 1000 / rate));
  }
  await new Promise((r) => setTimeout(r, 500));
  const same = summary(local.latencies);
  const cross = summary(remote.latencies);
  const row = (label: string, s: ReturnType<typeof summary>) =>
    `| ${label} | ${s.frames} / ${total} | ${s.p50.toFixed(2)} ms | ${s.p90.toFixed(2)} ms | ${s.p99.toFixed(2)} ms | ${s.max.toFixed(2)} ms |`;
  console.log('| path | frames received | p50 | p90 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('same process (base and rover on A)', same));
  console.log(row('across processes (base on A, rover on B, via NATS)', cross));
  console.log(`NATS adds: p50 ${(cross.p50 - same.p50).toFixed(2)} ms, p99 ${(cross.p99 - same.p99).toFixed(2)} ms`);
  base.destroy();
  local.socket.destroy();
  remote.socket.destroy();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await database.close();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
