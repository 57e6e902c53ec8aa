// Live pages benchmark (issue 18): what open pages that refresh themselves cost the server. Simulates 100 open tabs
// of each live page, each making exactly the requests the page makes at its intervals (apps/web: TanStack Query's
// refetchInterval), for a minute, against the real server in its own process on seeded data (../api-latency):
//   - admin feed, one network (/admin/feed/:networkId): GET /api/admin/feed/{id} every 2 s (feedRefreshMs)
//   - admin feed, all networks (/admin/feed): GET /api/admin/feed every 2 s
//   - accounts (/accounts): GET /api/accounts every 15 s (the page's networks list is fetched once, not polled)
// Each tab is one keep-alive connection (one browser tab polling one origin) and a signed-in person of its own (the
// admins' tabs share the 10 seeded admins); it starts at a random point of its interval and, as TanStack Query does,
// skips a tick while its previous request is still out. Tabs are visible: hidden tabs do not poll at all.
// Per page, in its own minute: requests and bytes on the wire per minute, latency, and the CPU time the server
// (and PostgreSQL's backends) spent. Usage: npm run bench:live-pages -- [tabs] [seconds] [--database pglite|postgres]
import { cpus } from 'node:os';
import { Client } from 'undici';
import { browserHeaders, percentile } from '../api-latency/load';
import { cpuBetween, type DatabaseKind, type Portal, startPortal } from '../api-latency/portal';
import { cpuSeconds } from '../proc';

const args = process.argv.slice(2);
const databaseAt = args.indexOf('--database');
const positional = args.filter((arg, i) => !arg.startsWith('--') && (databaseAt === -1 || i !== databaseAt + 1));
const tabs = Number(positional[0] ?? 100);
const seconds = Number(positional[1] ?? 60);
const databases: DatabaseKind[] =
  databaseAt === -1
    ? ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]
    : [args[databaseAt + 1] as DatabaseKind];
const label = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

interface Page {
  name: string;
  path: string;
  intervalMs: number;
  cookies: (portal: Portal) => string[];
}

const pages = (portal: Portal): Page[] => [
  {
    name: 'admin feed, one network',
    path: `/api/admin/feed/${portal.seed.bigNetworkId}`,
    intervalMs: 2000,
    cookies: (p) => p.adminCookies,
  },
  { name: 'admin feed, all networks', path: '/api/admin/feed', intervalMs: 2000, cookies: (p) => p.adminCookies },
  { name: 'accounts', path: '/api/accounts', intervalMs: 15_000, cookies: (p) => p.userCookies },
];

/** `tabs` tabs of `page` polling for `seconds`; resolves with what they sent, received and waited. */
async function openTabs(portal: Portal, page: Page) {
  const cookies = page.cookies(portal);
  const latencies: number[] = [];
  let requests = 0;
  let errors = 0;
  let bytes = 0;
  let skipped = 0;
  const clients: Client[] = [];
  const timers: NodeJS.Timeout[] = [];
  const inFlight: Promise<void>[] = [];
  for (let tab = 0; tab < tabs; tab++) {
    const client = new Client(portal.baseUrl, { pipelining: 1 });
    clients.push(client);
    const headers = { ...browserHeaders, cookie: cookies[tab % cookies.length] as string };
    let isBusy = false;
    const poll = () => {
      if (isBusy) {
        skipped++;
        return;
      }
      isBusy = true;
      requests++;
      const started = performance.now();
      const done = client
        .request({ method: 'GET', path: page.path, headers })
        .then(async ({ statusCode, body }) => {
          for await (const chunk of body) bytes += (chunk as Buffer).length;
          if (statusCode !== 200) errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          latencies.push(performance.now() - started);
          isBusy = false;
        });
      inFlight.push(done);
    };
    // The page mounts at a random moment: its first refetch comes an interval later, then one every interval.
    const mountedAt = Math.random() * page.intervalMs;
    timers.push(
      setTimeout(() => {
        poll();
        timers.push(setInterval(poll, page.intervalMs));
      }, mountedAt),
    );
  }
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(inFlight);
  await Promise.all(clients.map((client) => client.close()));
  const sorted = Float64Array.from(latencies).sort();
  return { requests, errors, bytes, skipped, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

const lines = [
  `${tabs} tabs per page for ${seconds} s; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${new Date().toISOString()}`,
  '',
  '| database | page | requests/min | bytes/min (wire) | p50 | p99 | errors | server CPU s/min | database CPU s/min |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
];
const perMinute = (value: number) => (value * 60) / seconds;

for (const database of databases) {
  process.stderr.write(`${label[database]}: seeding and starting the server…\n`);
  const portal = await startPortal(database);
  try {
    // Warm-up: every person's rows into the database's cache and the JIT, as on a server in use.
    for (const page of pages(portal)) {
      await Promise.all(
        page
          .cookies(portal)
          .slice(0, tabs)
          .map((cookie) => fetch(`${portal.baseUrl}${page.path}`, { headers: { ...browserHeaders, cookie } })),
      );
    }
    // An idle minute's CPU (the caster's own timers and flushes) is subtracted from each page's.
    const idleBefore = { server: cpuSeconds(portal.pid), database: await portal.databaseCpuSeconds() };
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = {
      server: (cpuSeconds(portal.pid) - idleBefore.server) / 10,
      database: cpuBetween(idleBefore.database, await portal.databaseCpuSeconds()) / 10,
    };
    for (const page of pages(portal)) {
      const before = { server: cpuSeconds(portal.pid), database: await portal.databaseCpuSeconds() };
      const started = performance.now();
      const result = await openTabs(portal, page);
      const elapsed = (performance.now() - started) / 1000;
      const server = cpuSeconds(portal.pid) - before.server - idle.server * elapsed;
      const databaseCpu = cpuBetween(before.database, await portal.databaseCpuSeconds()) - idle.database * elapsed;
      const line =
        `| ${label[database]} | ${page.name} (every ${page.intervalMs / 1000} s) | ${Math.round(perMinute(result.requests))} | ` +
        `${(perMinute(result.bytes) / 1024 / 1024).toFixed(2)} MB | ${result.p50.toFixed(1)} ms | ${result.p99.toFixed(1)} ms | ` +
        `${result.errors}${result.skipped ? ` (${result.skipped} ticks skipped while busy)` : ''} | ` +
        `${((server * 60) / elapsed).toFixed(2)} | ${database === 'postgres' ? ((databaseCpu * 60) / elapsed).toFixed(2) : 'in the server'} |`;
      lines.push(line);
      process.stderr.write(`${line}\n`);
    }
    lines.push(
      '',
      `${label[database]} idle (the caster's timers, no tabs): server ${(idle.server * 60).toFixed(2)} CPU s/min` +
        (database === 'postgres' ? `, database ${(idle.database * 60).toFixed(2)} CPU s/min` : ''),
      '',
    );
  } finally {
    await portal.stop();
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
