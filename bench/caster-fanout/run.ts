// Fan-out benchmark: one 1 KB/s RTCM stream to N rovers (half v1, half v2) of a caster running in its own process.
// Usage: npm run bench:caster -- [--loaders K] [--record[=flushSeconds]] [--sources S] 1000 5000   (rover counts;
// default 1000 5000). --record turns the RTCM archive on (decision 0044; caster-process.ts; a segment every 5 s
// unless given), --sources S adds S more bases streaming 1 KB/s each without rovers, so recording's per-source cost
// shows: compare a run with and without --record. --gga makes every rover send a GGA sentence once a second while
// measured, starting a read slice and 3 s before (issue 33: the caster parses it and aggregates the fix health):
// compare a run with and without --gga.
// --read-slice S: rover sockets unread for S seconds between reads once their position is known (decisions 0080,
// 0088; default the caster's; 0 reads every GGA as it comes). --seconds N: measure N seconds (default 20); with
// long slices, measure a whole number of them, so each rover's slice reads fall in the window as often as usual.
// The rovers are spread over K load-generator processes (load-process.ts, default 1), each on its own local
// address 127.0.0.(2+i), so no one process reads every socket and no one address runs out of ephemeral ports.
// Reports connects per second, p50/p99 latency (source write in this process -> rover read in a load process,
// so it includes the load processes' own scheduling), and the caster's CPU seconds and RSS per rover.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { encodeFrame } from '@fixpoint/rtcm';
import { defaultCasterOptions } from '../../apps/caster/src/config';
import { cpuTimes, rssKb } from '../proc';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const loadersAt = args.indexOf('--loaders');
const loaders = loadersAt === -1 ? 1 : Number(args.splice(loadersAt, 2)[1]);
// --workers N: the caster as N node:cluster workers on one port, sharing the stream through NATS (needs
// TEST_DATABASE_URL and a NATS server; cluster-caster-process.ts). CPU and memory are summed over the workers.
const workersAt = args.indexOf('--workers');
const workers = workersAt === -1 ? 1 : Number(args.splice(workersAt, 2)[1]);
const recordAt = args.findIndex((arg) => arg.startsWith('--record'));
const recordFlush = recordAt === -1 ? undefined : (args.splice(recordAt, 1)[0]?.split('=')[1] ?? '5');
const isRecording = recordFlush !== undefined;
const sourcesAt = args.indexOf('--sources');
const extraSources = sourcesAt === -1 ? 0 : Number(args.splice(sourcesAt, 2)[1]);
const sliceAt = args.indexOf('--read-slice');
const readSliceSeconds = sliceAt === -1 ? undefined : Number(args.splice(sliceAt, 2)[1]);
if (workers > 1 && (isRecording || extraSources > 0 || readSliceSeconds !== undefined))
  throw new Error('--record, --sources and --read-slice need one worker');
const secondsAt = args.indexOf('--seconds');
const seconds = secondsAt === -1 ? 20 : Number(args.splice(secondsAt, 2)[1]);
const ggaAt = args.indexOf('--gga');
const withGga = ggaAt !== -1 && args.splice(ggaAt, 1).length === 1;
const counts = args.map(Number).filter((n) => n > 0);
/**
 * With --gga, rovers send GGA this long before the measurement starts: longer than a read slice, so every rover is
 * in its steady rhythm of slice reads when it starts.
 */
const ggaLeadMs = Math.max(8_000, (readSliceSeconds ?? defaultCasterOptions.roverReadSliceMs / 1000) * 1000 + 3_000);

/** CPU seconds (user + system, and system alone: the kernel's share, socket reads and writes) and RSS. */
function procStats(pidOrPids: number | number[]): { cpu: number; systemCpu: number; rssKb: number } {
  if (Array.isArray(pidOrPids)) {
    return pidOrPids
      .map((pid) => procStats(pid))
      .reduce((sum, one) => ({
        cpu: sum.cpu + one.cpu,
        systemCpu: sum.systemCpu + one.systemCpu,
        rssKb: sum.rssKb + one.rssKb,
      }));
  }
  const { user, system } = cpuTimes(pidOrPids);
  return { cpu: user + system, systemCpu: system, rssKb: rssKb(pidOrPids) };
}

/** Resolves with the first stdout line of `child` that starts with `prefix`. */
function lineFrom(child: ChildProcessByStdio<Writable, Readable, null>, prefix: string): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n').slice(0, -1)) {
        if (!line.startsWith(prefix)) continue;
        child.stdout.off('data', onData);
        resolveLine(line);
        return;
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    };
    child.stdout.on('data', onData);
    // 'close', not 'exit': stdout may still hold the line when the process has exited.
    child.once('close', (code) => reject(new Error(`process exited (${code}) before ${prefix}`)));
  });
}

/** CASTER_PROFILE_DIR: the caster process writes a V8 CPU profile there when it exits (to find what costs). */
const profileArgs = (script: string) =>
  process.env.CASTER_PROFILE_DIR && script.includes('caster')
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.CASTER_PROFILE_DIR]
    : [];

function startNode(script: string, scriptArgs: string[] = []) {
  return spawn(process.execPath, [...profileArgs(script), '--import', 'tsx', resolve(here, script), ...scriptArgs], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

async function startCaster() {
  const child =
    workers > 1
      ? startNode('cluster-caster-process.ts', [String(workers)])
      : startNode('caster-process.ts', [
          ...(recordFlush ? ['--record', recordFlush] : []),
          '--sources',
          String(extraSources),
          ...(readSliceSeconds === undefined ? [] : ['--read-slice', String(readSliceSeconds * 1000)]),
        ]);
  const [, port, user, password, workerPids] = (await lineFrom(child, 'READY ')).split(' ');
  const pids = workerPids ? workerPids.split(',').map(Number) : [child.pid as number];
  return { child, pids, port: Number(port), user: user as string, password: password as string };
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
  const source = await open(caster.port, 'SOURCE benchpw BENCH1\r\nSource-Agent: NTRIP bench\r\n\r\n');
  await new Promise((r) => source.once('data', r));
  const extras: Socket[] = [];
  for (let i = 0; i < extraSources; i++) {
    const extra = await open(caster.port, `SOURCE benchpw BENCH${i + 2}\r\nSource-Agent: NTRIP bench\r\n\r\n`);
    await new Promise((r) => extra.once('data', r));
    extras.push(extra);
  }
  const base = procStats(caster.pids);
  const started = performance.now();
  const shares = Array.from(
    { length: loaders },
    (_, i) => Math.floor((rovers * (i + 1)) / loaders) - Math.floor((rovers * i) / loaders),
  );
  const loads = shares.map((share, i) =>
    startNode('load-process.ts', [
      String(caster.port),
      caster.user,
      caster.password,
      String(share),
      `127.0.0.${2 + i}`,
      String(Math.max(20, Math.round(200 / loaders))),
      ...(withGga ? ['gga'] : []),
    ]),
  );
  // Connecting 50,000 rovers takes minutes: the base keeps sending (unrecorded) so the caster does not time it out.
  const keepAlive = setInterval(() => {
    for (const base of [source, ...extras]) base.write(timedFrame(0));
  }, 5_000);
  await Promise.all(loads.map((load) => lineFrom(load, 'CONNECTED ')));
  clearInterval(keepAlive);
  const connectSeconds = (performance.now() - started) / 1000;
  if (withGga) {
    // Steady state: every rover's first GGA (read at once, decision 0080) and a read slice before the measurement.
    for (const load of loads) load.stdin.write('GGA\n');
    await new Promise((r) => setTimeout(r, ggaLeadMs));
  }
  const warm = procStats(caster.pids);
  for (const load of loads) load.stdin.write('START\n');
  // On stderr, for a profiler started from outside (perf record -p, say) to take the measured seconds alone.
  console.error(`measuring: caster pid ${caster.pids.join(',')}`);
  // 1 KB/s: 8 frames of ~128 B per second, as one write per second (one epoch), for `seconds`.
  for (let s = 0; s < seconds; s++) {
    const epoch = Buffer.concat(Array.from({ length: 8 }, (_, k) => timedFrame(s * 8 + k)));
    for (const base of [source, ...extras]) base.write(epoch);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const end = procStats(caster.pids);
  const reports = loads.map((load) => lineFrom(load, 'LATENCIES '));
  for (const load of loads) load.stdin.write('STOP\n');
  const latencies = (await Promise.all(reports))
    .flatMap((line) => JSON.parse(line.slice('LATENCIES '.length)) as number[])
    .sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  const deliveredMb = (rovers * seconds * 8 * 129) / 1e6;
  const result = {
    rovers,
    loaders,
    workers,
    record: isRecording,
    gga: withGga,
    ...(readSliceSeconds !== undefined && { readSliceSeconds }),
    sources: 1 + extraSources,
    seconds,
    connectsPerSecond: Math.round(rovers / connectSeconds),
    p50Ms: Number(pick(0.5).toFixed(2)),
    p99Ms: Number(pick(0.99).toFixed(2)),
    deliveries: latencies.length,
    expectedDeliveries: rovers * seconds,
    cpuSecondsPerMb: Number(((end.cpu - warm.cpu) / deliveredMb).toFixed(4)),
    cpuPercent: Number((((end.cpu - warm.cpu) / seconds) * 100).toFixed(1)),
    systemCpuPercent: Number((((end.systemCpu - warm.systemCpu) / seconds) * 100).toFixed(1)),
    rssKbPerRover: Number(((warm.rssKb - base.rssKb) / rovers).toFixed(1)),
    rssMb: Math.round(end.rssKb / 1024),
  };
  // The archive's own report comes as the caster stops (its buffers are written then).
  const archived = isRecording ? lineFrom(caster.child, 'ARCHIVE ') : undefined;
  const exited = new Promise((r) => caster.child.once('exit', r));
  source.destroy();
  for (const extra of extras) extra.destroy();
  caster.child.kill('SIGTERM');
  const archive = archived && (JSON.parse((await archived).slice('ARCHIVE '.length)) as Record<string, number>);
  await exited;
  return archive ? { ...result, archive } : result;
}

for (const rovers of counts.length > 0 ? counts : [1000, 5000]) {
  console.log(JSON.stringify(await measure(rovers)));
}
