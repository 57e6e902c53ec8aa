// How fast RTCM 3 becomes RINEX (issue 17): an hour of a simulated 1 Hz base with four systems (GPS, GLONASS,
// Galileo, BeiDou as MSM4, about 25-35 satellites and 2 signals each, a 1006 every 10 s) converted by
// convertRtcmToRinex, both passes, CPU time measured with process.cpuUsage. Median of 3 runs after a warm-up.
// Usage: npm run bench:rinex -- [hours]   (default 1)
import { convertRtcmToRinex, encode1006, encodeMsm4, geodeticToEcef, simulateEpoch } from '@fixpoint/rtcm';

const hours = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 1;
const position = { latitude: 52.0, longitude: 4.37, height: 40 };
const start = Date.UTC(2026, 10, 24, 10, 0, 0);

/** One chunk per minute, as the archive's segments arrive. */
function recording(): { data: Uint8Array; receivedAt: number }[] {
  const ecef = geodeticToEcef(position);
  const chunks: { data: Uint8Array; receivedAt: number }[] = [];
  for (let minute = 0; minute < hours * 60; minute++) {
    const frames: Uint8Array[] = [];
    for (let second = 0; second < 60; second++) {
      const time = start + (minute * 60 + second) * 1000;
      if (second % 10 === 0) frames.push(encode1006({ stationId: 1, ecef, antennaHeight: 0 }));
      for (const message of simulateEpoch({ stationId: 1, time, position })) frames.push(encodeMsm4(message));
    }
    chunks.push({ data: Buffer.concat(frames), receivedAt: start + minute * 60_000 });
  }
  return chunks;
}

async function convertOnce(chunks: ReturnType<typeof recording>) {
  let bytes = 0;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const result = await convertRtcmToRinex(() => chunks, {
    referenceTime: start,
    markerName: 'BENCH',
    program: 'Fixpoint',
    runBy: 'bench',
    writeObservation: (text) => {
      bytes += text.length;
    },
  });
  const used = process.cpuUsage(cpu);
  return {
    cpuS: (used.user + used.system) / 1e6,
    wallS: (performance.now() - wall) / 1000,
    bytes,
    epochs: result.epochs,
  };
}

const chunks = recording();
const rtcmBytes = chunks.reduce((sum, chunk) => sum + chunk.data.length, 0);
await convertOnce(chunks);
const runs = [await convertOnce(chunks), await convertOnce(chunks), await convertOnce(chunks)].sort(
  (a, b) => a.cpuS - b.cpuS,
);
const median = runs[1] as Awaited<ReturnType<typeof convertOnce>>;
console.log(
  `input: ${hours} h of 1 Hz MSM4 (G+R+E+C), ${(rtcmBytes / 1e6).toFixed(1)} MB of RTCM, ${median.epochs} epochs`,
);
console.log(`RINEX observation file: ${(median.bytes / 1e6).toFixed(1)} MB`);
console.log(`CPU ${median.cpuS.toFixed(2)} s, wall ${median.wallS.toFixed(2)} s (median of 3)`);
console.log(`=> ${(hours / median.cpuS).toFixed(1)} hours of data per CPU second`);
