// What a relayed rover costs (decision 0020). An upstream caster (caster-process.ts upstream) gets one
// 1 KB/s stream; N rovers (this process) read it three ways, each for a fixed time:
//   direct   - on the upstream caster itself (the hosted baseline);
//   relayed  - on a second caster (caster-process.ts relay) that pulls the mount over one upstream connection;
//   per-rover - on the relaying caster's nmea=1 station: one upstream connection per rover.
// Reports, for the caster the rovers are on and for the upstream: CPU seconds per delivered MB (idle CPU taken
// off) and live memory per rover (heap + buffers after a GC).
// Usage: npm run bench:caster-relay -- [rovers] [seconds]   (default 200 rovers, 15 s: a smoke-size run)
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { buildGga, encodeFrame } from '@fixpoint/rtcm';
import { cpuSeconds } from '../proc';

const here = dirname(fileURLToPath(import.meta.url));
const [roverArg, secondsArg] = process.argv.slice(2).map(Number);
const rovers = roverArg && roverArg > 0 ? roverArg : 200;
const seconds = secondsArg && secondsArg > 0 ? secondsArg : 15;
const FRAMES_PER_SECOND = 8;

const procStats = (pid: number) => ({ cpu: cpuSeconds(pid) });

function lineFrom(child: ChildProcessByStdio<Writable, Readable, null>, prefix: string): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer
        .split('\n')
        .slice(0, -1)
        .find((candidate) => candidate.startsWith(prefix));
      if (!line) return;
      child.stdout.off('data', onData);
      resolveLine(line);
    };
    child.stdout.on('data', onData);
    child.once('close', (code) => reject(new Error(`process exited (${code}) before ${prefix}`)));
  });
}

function startNode(script: string, scriptArgs: string[] = []) {
  return spawn(process.execPath, ['--expose-gc', '--import', 'tsx', resolve(here, script), ...scriptArgs], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const frame = (sequence: number) => {
  const payload = Buffer.alloc(120);
  payload.writeUInt16BE(0xfff0, 0);
  payload.writeUInt32BE(sequence, 2);
  return encodeFrame(payload);
};
const FRAME_BYTES = frame(0).length;

/** Fresh processes per phase, so each RSS baseline is a caster that has served nobody yet. */
async function startCasters() {
  const upstream = startNode('caster-process.ts', ['upstream']);
  const [, upstreamPort] = (await lineFrom(upstream, 'READY ')).split(' ');
  const relay = startNode('caster-process.ts', ['relay', upstreamPort ?? '']);
  const [, relayPort] = (await lineFrom(relay, 'READY ')).split(' ');
  const source = await open(Number(upstreamPort), 'SOURCE benchpw BENCH1\r\nSource-Agent: NTRIP bench\r\n\r\n');
  await new Promise((r) => source.once('data', r));
  let sequence = 0;
  const feed = setInterval(() => {
    source.write(Buffer.concat(Array.from({ length: FRAMES_PER_SECOND }, () => frame(sequence++))));
  }, 1000);
  return {
    upstream: { pid: upstream.pid as number, port: Number(upstreamPort), child: upstream },
    relay: { pid: relay.pid as number, port: Number(relayPort), child: relay },
    auth: `Authorization: Basic ${Buffer.from('BENCH:roverpw').toString('base64')}`,
    async stop() {
      clearInterval(feed);
      source.destroy();
      for (const child of [relay, upstream]) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/** The process's live memory (heap used + external) in KB right after a full garbage collection. */
async function memoryAfterGc(child: ChildProcessByStdio<Writable, Readable, null>): Promise<number> {
  const answer = lineFrom(child, 'GCDONE ');
  child.stdin.write('GC\n');
  return Number((await answer).split(' ')[1]);
}

/** CPU seconds a process burns per second with a source and no rovers (timers, flushes): subtracted below. */
async function idleRate(pid: number) {
  const start = procStats(pid);
  await sleep(5_000);
  return (procStats(pid).cpu - start.cpu) / 5;
}

async function phase(name: 'direct' | 'relayed' | 'per-rover') {
  const casters = await startCasters();
  const serving = name === 'direct' ? casters.upstream : casters.relay;
  const mountpoint = { direct: 'BENCH1', relayed: 'RELAY1', 'per-rover': 'RELAYGGA' }[name];
  await sleep(2_000);
  const [servingIdle, upstreamIdle] = await Promise.all([idleRate(serving.pid), idleRate(casters.upstream.pid)]);
  const [before, upstreamBefore] = await Promise.all([
    memoryAfterGc(serving.child),
    memoryAfterGc(casters.upstream.child),
  ]);
  const sockets: Socket[] = [];
  let bytes = 0;
  let withData = 0;
  const gga = buildGga({ latitude: 52.1, longitude: 5.1, altitude: 10 });
  for (let i = 0; i < rovers; i++) {
    const extra = name === 'per-rover' ? `${gga}\r\n` : '';
    const socket = await open(
      serving.port,
      `GET /${mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP bench\r\n${casters.auth}\r\n\r\n${extra}`,
    );
    let hasData = false;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!hasData && chunk.length > 20) {
        hasData = true;
        withData++;
      }
    });
    sockets.push(socket);
  }
  // Every rover streaming (per-rover: every upstream login done), then a second more.
  const deadline = Date.now() + 120_000;
  while (withData < rovers && Date.now() < deadline) await sleep(200);
  await sleep(1_000);
  const [memoryWarm, upstreamMemoryWarm] = await Promise.all([
    memoryAfterGc(serving.child),
    memoryAfterGc(casters.upstream.child),
  ]);
  const warm = procStats(serving.pid);
  const upstreamWarm = procStats(casters.upstream.pid);
  const bytesAtStart = bytes;
  await sleep(seconds * 1000);
  const end = procStats(serving.pid);
  const upstreamEnd = procStats(casters.upstream.pid);
  const deliveredMb = (bytes - bytesAtStart) / 1e6;
  for (const socket of sockets) socket.destroy();
  const perMb = (cpu: number, idle: number) => Number(((cpu - idle * seconds) / deliveredMb).toFixed(4));
  const isDirect = name === 'direct';
  console.log(
    JSON.stringify({
      phase: name,
      rovers,
      seconds,
      deliveredMb: Number(deliveredMb.toFixed(3)),
      expectedMb: Number(((rovers * seconds * FRAMES_PER_SECOND * FRAME_BYTES) / 1e6).toFixed(3)),
      cpuSecondsPerMb: perMb(end.cpu - warm.cpu, servingIdle),
      memoryKbPerRover: Number(((memoryWarm - before) / rovers).toFixed(1)),
      ...(!isDirect && {
        upstreamCpuSecondsPerMb: perMb(upstreamEnd.cpu - upstreamWarm.cpu, upstreamIdle),
        upstreamMemoryKbPerRover: Number(((upstreamMemoryWarm - upstreamBefore) / rovers).toFixed(1)),
      }),
    }),
  );
  await casters.stop();
}

await phase('direct');
await phase('relayed');
await phase('per-rover');
