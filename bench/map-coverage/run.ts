// What drawing coverage costs the browser (decision 0029): the time to merge N live stations' tier circles into
// non-overlapping tier areas (coverageTiers, run in a Web Worker by the map), and the size of the GeoJSON the map
// then draws. Stations sit on a jittered grid about 60 km apart, the spacing of national RTK networks, with a 35 km
// radius; "two networks" lays a second grid over the first, shifted by half a step, as when two operators cover
// one country. Median of 3 runs after a warm-up.
// Usage: npm run bench:map-coverage -- [largest N]   (default 1000)
import type { MapStation } from '@fixpoint/shared';
import { coverageTiers } from '../../apps/web/src/lib/maps/coverage-geometry';

const largest = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 1000;
const STEP_KM = 60;
const KM_PER_DEGREE = 111.32;

function grid(count: number, network: string, shift = 0): MapStation[] {
  const columns = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns) + shift;
    const column = (index % columns) + shift;
    const latitude = 45 + (row * STEP_KM + 9 * Math.sin(index * 1.7)) / KM_PER_DEGREE;
    const longitude =
      0 + (column * STEP_KM + 9 * Math.cos(index * 2.3)) / (KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
    return {
      id: `${network}-${index}`,
      mountpoint: `${network}${index}`,
      identifier: '',
      networkId: network,
      networkName: network,
      latitude,
      longitude,
      status: 'up',
      radiusKm: 35,
    };
  });
}

function measure(stations: MapStation[]) {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const tiers = coverageTiers(stations);
    times.push(performance.now() - started);
    bytes = JSON.stringify(tiers).length;
  }
  times.sort((a, b) => a - b);
  return { ms: times[1] ?? 0, kb: bytes / 1024 };
}

coverageTiers(grid(30, 'WARM'));
const rows = ['| stations | layout | merge time (median) | GeoJSON |', '|---:|---|---:|---:|'];
for (const count of [50, 200, 500, 1000].filter((n) => n <= largest)) {
  const one = measure(grid(count, 'A'));
  rows.push(`| ${count} | one network | ${one.ms.toFixed(0)} ms | ${one.kb.toFixed(0)} KB |`);
  const two = measure([...grid(count / 2, 'A'), ...grid(count / 2, 'B', 0.5)]);
  rows.push(`| ${count} | two networks | ${two.ms.toFixed(0)} ms | ${two.kb.toFixed(0)} KB |`);
}
process.stdout.write(`${rows.join('\n')}\n`);
