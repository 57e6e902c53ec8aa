// A whole RINEX job as the server's worker runs it (issue 30): a recorded day in the archive (local store, one
// gzipped segment a minute, as the caster writes them) is read, converted and zipped into the store by
// makeRinexFile, the worker's own function. The job runs in a child process, so its CPU time (process.cpuUsage)
// and its peak resident memory (sampled every 20 ms, and the kernel's maxRSS) are the job's alone.
// Usage: npm run bench:rinex-job -- [hours]   (default 24; the recording is made once and kept in the temp folder)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ArchiveSegment, createLocalArchiveStore } from '@fixpoint/caster';
import {
  BitWriter,
  encode1006,
  encodeFrame,
  encodeMsm4,
  geodeticToEcef,
  simulateEpoch,
  unixToGps,
} from '@fixpoint/rtcm';
import { makeRinexFile } from '../../apps/server/src/modules/rinex/rinex-file';

const position = { latitude: 52.0, longitude: 4.37, height: 40 };
const start = Date.UTC(2026, 10, 24, 0, 0, 0);

interface Manifest {
  segments: { objectKey: string; startedAt: number; endedAt: number; rawBytes: number }[];
}

/** GPS ephemerides (1019, fields zero) of ten satellites: a navigation file to write, as a real stream has. */
function ephemerides(): Uint8Array[] {
  return Array.from({ length: 10 }, (_, i) => {
    const writer = new BitWriter().writeUnsigned(1019, 12).writeUnsigned(i + 1, 6);
    while (writer.bitLength < 488) writer.writeUnsigned(0, 8);
    return encodeFrame(writer.toBytes());
  });
}

/** `hours` of a simulated 1 Hz base (G+R+E+C as MSM4, a 1006 every 10 s, ephemerides every hour) in the archive. */
async function recordDay(dir: string, hours: number): Promise<Manifest> {
  const manifestPath = join(dir, 'manifest.json');
  if (existsSync(manifestPath)) return JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const store = createLocalArchiveStore(join(dir, 'archive'));
  const ecef = geodeticToEcef(position);
  const manifest: Manifest = { segments: [] };
  for (let minute = 0; minute < hours * 60; minute++) {
    const frames: Uint8Array[] = minute % 60 === 0 ? ephemerides() : [];
    for (let second = 0; second < 60; second++) {
      const time = start + (minute * 60 + second) * 1000;
      if (second % 10 === 0) frames.push(encode1006({ stationId: 1, ecef, antennaHeight: 0 }));
      for (const message of simulateEpoch({ stationId: 1, time, position })) frames.push(encodeMsm4(message));
    }
    const raw = Buffer.concat(frames);
    const from = start + minute * 60_000;
    const objectKey = `stations/bench/${from}.rtcm.gz`;
    await store.put(objectKey, gzipSync(raw));
    manifest.segments.push({ objectKey, startedAt: from + 300, endedAt: from + 59_300, rawBytes: raw.length });
  }
  await writeFile(manifestPath, JSON.stringify(manifest));
  return manifest;
}

async function runJob(dir: string, hours: number): Promise<void> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const store = createLocalArchiveStore(join(dir, 'archive'));
  const segments: ArchiveSegment[] = manifest.segments.map((segment, i) => ({
    id: String(i),
    stationId: 'bench',
    networkId: 'bench',
    objectKey: segment.objectKey,
    startedAt: new Date(segment.startedAt),
    endedAt: new Date(segment.endedAt),
    frames: 0,
    rawBytes: segment.rawBytes,
    storedBytes: 0,
    messageTypes: {},
    firstEpochAt: null,
    lastEpochAt: null,
  }));
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const file = await makeRinexFile({
    store,
    segments,
    resultKey: 'rinex/bench.zip',
    nameParts: {
      station: 'BENCH',
      country: 'NLD',
      start: unixToGps(start),
      periodSeconds: hours * 3600,
      intervalSeconds: 1,
    },
    conversion: {
      referenceTime: start,
      from: start,
      to: start + hours * 3_600_000,
      intervalSeconds: 1,
      markerName: 'BENCH',
      program: 'Fixpoint',
      runBy: 'bench',
    },
  });
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  console.log(
    JSON.stringify({
      cpuS: (used.user + used.system) / 1e6,
      wallS: (performance.now() - wall) / 1000,
      startRssMb: startRss / 1e6,
      peakRssMb: peakRss / 1e6,
      maxRssMb: (process.resourceUsage().maxRSS * 1024) / 1e6,
      zipBytes: file.resultBytes,
      epochs: file.epochs,
      ephemerides: file.ephemerides,
    }),
  );
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await runJob(args[1] as string, Number(args[2]));
} else {
  const hours = Number(args[0]) > 0 ? Number(args[0]) : 24;
  const dir = join(tmpdir(), `fixpoint-bench-rinex-${hours}h`);
  const manifest = await recordDay(dir, hours);
  const rawBytes = manifest.segments.reduce((sum, segment) => sum + segment.rawBytes, 0);
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', dir, String(hours)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the job failed (exit ${child.status})`);
  const run = JSON.parse(child.stdout.trim().split('\n').at(-1) as string);
  console.log(
    `input: ${hours} h of 1 Hz MSM4 (G+R+E+C) in ${manifest.segments.length} segments, ${(rawBytes / 1e6).toFixed(1)} MB of RTCM`,
  );
  console.log(`zip: ${(run.zipBytes / 1e6).toFixed(1)} MB, ${run.epochs} epochs, ${run.ephemerides} ephemerides`);
  console.log(`CPU ${run.cpuS.toFixed(1)} s, wall ${run.wallS.toFixed(1)} s`);
  console.log(
    `RSS ${run.startRssMb.toFixed(0)} MB at the start, peak ${run.peakRssMb.toFixed(0)} MB (maxRSS ${run.maxRssMb.toFixed(0)} MB)`,
  );
}
