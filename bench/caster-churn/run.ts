// Connection-churn benchmark (issue 16): authenticated rover connect-and-close cycles against a caster in its own
// process (bench/caster-fanout/caster-process.ts: a fresh database, one station with a live source, and accounts).
// Usage: npm run bench:caster-churn -- [cycles] [concurrency] [accounts]   (default 20000 cycles, 32 at a time,
// 1 account; with more, the cycles rotate through them, as a fleet's rovers reconnecting)
// Each cycle: TCP connect, NTRIP 1.0 GET with Basic credentials, wait for ICY 200 OK, close. Reports cycles per
// second, the caster's CPU per accepted login (user + system time from /proc), and its open descriptors, RSS and
// heap after a full collection, before and after (growth of the heap means a leak; of RSS alone, memory the allocator
// keeps). TEST_DATABASE_URL picks PostgreSQL; without it, the caster runs on in-memory PGlite.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, rssKb } from '../proc';

const here = dirname(fileURLToPath(import.meta.url));
const [cycles = 20_000, concurrency = 32, accounts = 1] = process.argv.slice(2).map(Number);

const fds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
const rssMb = (pid: number) => rssKb(pid) / 1024;

function firstLine(child: ChildProcessByStdio<Writable, Readable, null>, prefix: string): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line) resolveLine(line);
    });
    child.once('close', (code) => reject(new Error(`caster exited (${code})`)));
  });
}

/** One authenticated cycle; resolves true when the caster said ICY 200 OK. */
function cycle(port: number, auth: string): Promise<boolean> {
  return new Promise((resolveCycle) => {
    const socket = connect({ host: '127.0.0.1', port }, () =>
      socket.write(`GET /BENCH1 HTTP/1.0\r\nUser-Agent: NTRIP churn\r\nAuthorization: Basic ${auth}\r\n\r\n`),
    );
    let reply = '';
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolveCycle(reply.startsWith('ICY 200 OK'));
      }
    });
    socket.on('error', () => resolveCycle(false));
    socket.on('close', () => resolveCycle(reply.startsWith('ICY 200 OK')));
  });
}

const child = spawn(
  process.execPath,
  [
    '--expose-gc',
    // CASTER_PROFILE_DIR: the caster writes a V8 CPU profile there when it exits (to find what a login costs).
    ...(process.env.CASTER_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.CASTER_PROFILE_DIR] : []),
    '--import',
    'tsx',
    resolve(here, '../caster-fanout/caster-process.ts'),
    '--accounts',
    String(accounts),
  ],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const [, portText, user, password] = (await firstLine(child, 'READY ')).split(' ');
const port = Number(portText);
const pid = child.pid as number;
const auths = Array.from({ length: accounts }, (_, i) =>
  Buffer.from(`${i === 0 ? user : `${user}${i + 1}`}:${password}`).toString('base64'),
);
const auth = auths[0] as string;

/** The caster's heap in MB after a full collection. */
async function heapMb(): Promise<number> {
  const line = firstLine(child, 'HEAP ');
  child.stdin.write('HEAP\n');
  const usage = JSON.parse((await line).slice('HEAP '.length)) as { heapUsed: number };
  return usage.heapUsed / 1024 / 1024;
}

// Warm-up, then the measured run.
for (let i = 0; i < 200; i++) await cycle(port, auth);
await new Promise((r) => setTimeout(r, 1000));
const before = { fds: fds(pid), rss: rssMb(pid), heap: await heapMb(), cpu: cpuSeconds(pid) };
let next = 0;
let ok = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < cycles) {
      next++;
      if (await cycle(port, auths[next % accounts] as string)) ok++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpuMsPerLogin = ((cpuSeconds(pid) - before.cpu) * 1000) / Math.max(1, ok);
await new Promise((r) => setTimeout(r, 2000));
const after = { fds: fds(pid), rss: rssMb(pid), heap: await heapMb() };
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `${database}: ${cycles} cycles over ${accounts} account(s), ${concurrency} at a time: ${Math.round(ok / seconds)} accepted connects/s ` +
    `(${ok} accepted, ${cycles - ok} refused) in ${seconds.toFixed(1)} s; caster CPU ${cpuMsPerLogin.toFixed(3)} ms per ` +
    `accepted login; caster descriptors ${before.fds} -> ${after.fds}, RSS ${before.rss.toFixed(0)} -> ` +
    `${after.rss.toFixed(0)} MB, heap after a full collection ${before.heap.toFixed(1)} -> ${after.heap.toFixed(1)} MB`,
);
child.stdin.end();
child.kill('SIGTERM');
