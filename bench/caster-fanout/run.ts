// Fan-out benchmark: one 1 KB/s RTCM stream to N rovers (half v1, half v2) of a caster running in its own process.
// Usage: npm run bench:caster -- 1000 5000 10000   (rover counts; default 1000 5000)
// Reports connects per second, p50/p99 latency added by the caster (source write -> rover read, both in this
// process, so it includes this process's own scheduling), and the caster's CPU seconds and RSS per rover.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFrame } from '@fixpoint/rtcm';

const here = dirname(fileURLToPath(import.meta.url));
const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const CLK_TCK = 100;

function procStats(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpu = (Number(stat[11]) + Number(stat[12])) / CLK_TCK;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return { cpu, rssKb };
}

async function startCaster() {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(here, 'caster-process.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolveLine) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const ready = /READY .*\n/.exec(buffer)?.[0];
      if (ready) resolveLine(ready);
    });
  });
  const [, port, user, password] = line.trim().split(' ');
  return { child, port: Number(port), user: user as string, password: password as string };
}

function open(port: number, head: string): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.write(head);
      resolveSocket(socket);
    });
    socket.on('error', reject);
  });
}

/** A frame whose payload carries the send time (message type 4095, proprietary), ~125 B. */
function timedFrame(sequence: number): Uint8Array {
  const payload = Buffer.alloc(120);
  payload.writeUInt16BE(0xfff0, 0);
  payload.writeUInt32BE(sequence, 2);
  payload.writeDoubleBE(performance.timeOrigin + performance.now(), 6);
  return encodeFrame(payload);
}

async function measure(rovers: number) {
  const caster = await startCaster();
  const auth = Buffer.from(`${caster.user}:${caster.password}`).toString('base64');
  const source = await open(caster.port, 'SOURCE benchpw BENCH1\r\nSource-Agent: NTRIP bench\r\n\r\n');
  await new Promise((r) => source.once('data', r));
  const base = procStats(caster.child.pid as number);
  const latencies: number[] = [];
  const sockets: Socket[] = [];
  const started = performance.now();
  const batch = 200;
  for (let i = 0; i < rovers; i += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, rovers - i) }, (_, j) => {
        const isV2 = (i + j) % 2 === 1;
        const head = isV2
          ? `GET /BENCH1 HTTP/1.1\r\nHost: x\r\nNtrip-Version: Ntrip/2.0\r\nUser-Agent: NTRIP bench\r\nAuthorization: Basic ${auth}\r\n\r\n`
          : `GET /BENCH1 HTTP/1.0\r\nUser-Agent: NTRIP bench\r\nAuthorization: Basic ${auth}\r\n\r\n`;
        return open(caster.port, head).then(
          (socket) =>
            new Promise<Socket>((ok) => {
              socket.once('data', () => ok(socket));
            }),
        );
      }),
    );
    sockets.push(...opened);
  }
  const connectSeconds = (performance.now() - started) / 1000;
  for (const socket of sockets) {
    socket.on('data', (chunk: Buffer) => {
      const at = chunk.indexOf(0xd3);
      // v1: frame starts at 0; v2: after the chunk size line. Header 3 B, then type (2) and sequence (4).
      if (at === -1 || chunk.length < at + 17) return;
      const sentAt = chunk.readDoubleBE(at + 3 + 6);
      latencies.push(performance.timeOrigin + performance.now() - sentAt);
    });
  }
  const warm = procStats(caster.child.pid as number);
  // 1 KB/s: 8 frames of ~128 B per second, as one write per second (one epoch), for 20 s.
  const seconds = 20;
  for (let s = 0; s < seconds; s++) {
    const frames = Array.from({ length: 8 }, (_, k) => timedFrame(s * 8 + k));
    source.write(Buffer.concat(frames));
    await new Promise((r) => setTimeout(r, 1000));
  }
  const end = procStats(caster.child.pid as number);
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  const deliveredMb = (rovers * seconds * 8 * 129) / 1e6;
  const result = {
    rovers,
    connectsPerSecond: Math.round(rovers / connectSeconds),
    p50Ms: Number(pick(0.5).toFixed(2)),
    p99Ms: Number(pick(0.99).toFixed(2)),
    deliveries: latencies.length,
    cpuSecondsPerMb: Number(((end.cpu - warm.cpu) / deliveredMb).toFixed(4)),
    cpuPercent: Number((((end.cpu - warm.cpu) / seconds) * 100).toFixed(1)),
    rssKbPerRover: Number(((warm.rssKb - base.rssKb) / rovers).toFixed(1)),
    rssMb: Math.round(end.rssKb / 1024),
  };
  for (const socket of sockets) socket.destroy();
  source.destroy();
  caster.child.kill('SIGTERM');
  await new Promise((r) => caster.child.once('exit', r));
  return result;
}

for (const rovers of counts.length > 0 ? counts : [1000, 5000]) {
  console.log(JSON.stringify(await measure(rovers)));
}
