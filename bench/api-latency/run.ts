// API latency benchmark (issue 18): the portal's hottest reads, GET /api/user, /api/accounts, /api/networks and
// /api/admin/feed/{id}, at a fixed arrival rate (open loop, ./load.ts) against the real server in its own process
// (./portal.ts: `node --import tsx apps/server/src/main.ts` on seeded data, ./seed.ts), with the session cookies of
// signed-in people: each request of a route comes from the next of 3,000 users (1-8 NTRIP accounts each) or of 10
// admins (the feed of a 120-station network), so that nothing is cached for one person only.
// Usage: npm run bench:api-latency -- [seconds] [rate] [--database pglite|postgres] [--alone] [--route feed]
//   [--credentials] [--rounds n] [--workers n[,n...]] [--cpu-prof <folder>]
//   default 20 s at 1,000 requests/s, round-robin over the four routes (250/s each); --alone then runs each route
//   by itself at the full rate; --route runs only the routes whose name contains it, alone, with no mixed phase.
//   --credentials (issue 34, decision 0082) runs instead, each alone, GET /api/accounts with the users' session
//   cookies, the same sessions' bearer tokens and the users' API keys, and GET /api/user with cookies and bearer
//   tokens (API keys may not read it), so the server CPU per request of each kind of caller stands side by side.
//   --rounds n runs the phases n times over, one after another, so that a machine that slows for a while shows as
//   the spread of each phase's rounds rather than as a difference between phases.
//   --workers (issue 34, decision 0084) runs the API as `npm run start:api` does, with API_WORKERS=n (NATS_URL, by
//   default the local nats-server, when n > 1), once for each n given, on PostgreSQL only; the server CPU is then
//   the primary's and its workers'.
//   Without --database: PGlite, then PostgreSQL when TEST_DATABASE_URL is set. --cpu-prof writes the server's CPU
//   profile (250 µs samples, the whole run) into the folder, for Chromium's DevTools.
// Reports p50/p99/max latency, errors and bytes per route, and the server's CPU (% of one core) per phase.
import { cpus } from 'node:os';
import { processTreeCpuSeconds } from '../proc';
import { browserHeaders, openPool, percentile, type RouteResult, runOpenLoop, type Target } from './load';
import { cpuBetween, type DatabaseKind, type Portal, startPortal } from './portal';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const positional = args.filter(
  (arg, i) =>
    !arg.startsWith('--') &&
    !['--database', '--route', '--cpu-prof', '--rounds', '--workers'].includes(args[i - 1] ?? ''),
);
const seconds = Number(positional[0] ?? 20);
const rate = Number(positional[1] ?? 1000);
const isAlone = args.includes('--alone');
const isCredentials = args.includes('--credentials');
const databaseOption = option('--database');
const routeOption = option('--route');
const rounds = Number(option('--rounds') ?? 1);
const profileFolder = option('--cpu-prof');
const nodeArgs = profileFolder ? ['--cpu-prof', '--cpu-prof-interval', '250', '--cpu-prof-dir', profileFolder] : [];
const workerCounts = option('--workers')?.split(',').map(Number);
if (workerCounts?.some((count) => !Number.isInteger(count) || count < 1))
  throw new Error('--workers: n[,n...], n >= 1');
const databases: DatabaseKind[] = workerCounts
  ? ['postgres']
  : databaseOption
    ? [databaseOption as DatabaseKind]
    : ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];
/** The servers each database runs: one `npm start` process, or `npm run start:api` with each --workers count. */
const setups: { name: string; args: string[]; env: Record<string, string> }[] = workerCounts
  ? workerCounts.map((count) => ({
      name: `${count} API worker${count === 1 ? '' : 's'}`,
      args: ['--api'],
      env: { API_WORKERS: String(count), NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
    }))
  : [{ name: '', args: [], env: {} }];

const label = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

function targetsOf(portal: Portal): Target[] {
  const users = portal.userCookies.map((cookie) => ({ ...browserHeaders, cookie }));
  const admins = portal.adminCookies.map((cookie) => ({ ...browserHeaders, cookie }));
  return [
    { name: 'GET /api/user', path: '/api/user', headers: users },
    { name: 'GET /api/accounts', path: '/api/accounts', headers: users },
    { name: 'GET /api/networks', path: '/api/networks', headers: users },
    { name: 'GET /api/admin/feed/{id}', path: `/api/admin/feed/${portal.seed.bigNetworkId}`, headers: admins },
  ];
}

/** The same people's reads with each kind of credential: a browser's cookie, a script's bearer token, an API key. */
function credentialTargetsOf(portal: Portal): Target[] {
  const sent = (header: 'cookie' | 'authorization', values: string[]) =>
    values.map((value) => ({ ...browserHeaders, [header]: value }));
  const cookies = sent('cookie', portal.userCookies);
  const bearers = sent('authorization', portal.userBearers);
  return [
    { name: 'GET /api/accounts, cookie', path: '/api/accounts', headers: cookies },
    { name: 'GET /api/accounts, bearer token', path: '/api/accounts', headers: bearers },
    { name: 'GET /api/accounts, API key', path: '/api/accounts', headers: sent('authorization', portal.userApiKeys) },
    { name: 'GET /api/user, cookie', path: '/api/user', headers: cookies },
    { name: 'GET /api/user, bearer token', path: '/api/user', headers: bearers },
  ];
}

function rows(database: string, phase: string, results: RouteResult[]): string[] {
  return results.map((result) => {
    const failures = Object.entries(result.failures)
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
    return (
      `| ${database} | ${phase} | ${result.name} | ${result.requests} | ${result.errors}${failures ? ` (${failures})` : ''} | ` +
      `${ms(percentile(result.latenciesMs, 0.5))} | ${ms(percentile(result.latenciesMs, 0.99))} | ` +
      `${ms(percentile(result.latenciesMs, 1))} | ${(result.bytes / Math.max(1, result.requests) / 1024).toFixed(1)} KB |`
    );
  });
}

const table = [
  `${rate} requests/s for ${seconds} s per phase; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${new Date().toISOString()}`,
  '',
  '| database | phase | route | requests | errors | p50 ms | p99 ms | max ms | body (wire) |',
  '|---|---|---|---:|---:|---:|---:|---:|---:|',
];
const cpuLines: string[] = [];

/** CPU of the server, the database's backends and this load generator over a phase, per second and per request. */
async function measureCpu(portal: Portal, run: () => Promise<RouteResult[]>) {
  const sample = async () => ({
    server: processTreeCpuSeconds(portal.pid),
    database: await portal.databaseCpuSeconds(),
    load: process.cpuUsage(),
    at: performance.now(),
  });
  const before = await sample();
  const results = await run();
  const after = await sample();
  const elapsed = (after.at - before.at) / 1000;
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const loadSeconds = (after.load.user + after.load.system - before.load.user - before.load.system) / 1e6;
  const databaseSeconds = cpuBetween(before.database, after.database);
  const serverSeconds = cpuBetween(before.server, after.server);
  const share = (cpu: number) =>
    `${((100 * cpu) / elapsed).toFixed(0)} % (${((1000 * cpu) / requests).toFixed(2)} ms/request)`;
  return {
    results,
    summary: `server ${share(serverSeconds)}, database ${share(databaseSeconds)}, load generator ${share(loadSeconds)}; ${requests} requests answered in ${elapsed.toFixed(1)} s`,
  };
}

for (const [database, setup] of databases.flatMap((kind) => setups.map((each) => [kind, each] as const))) {
  const name = setup.name ? `${label[database]}, ${setup.name}` : label[database];
  process.stderr.write(`${name}: seeding and starting the server…\n`);
  const portal = await startPortal(database, { nodeArgs, args: setup.args, env: setup.env });
  process.stderr.write(`${name}: ${JSON.stringify(portal.seed.counts)}\n`);
  const pool = openPool(portal.baseUrl);
  try {
    const targets = isCredentials ? credentialTargetsOf(portal) : targetsOf(portal);
    // Warm-up, so that the phases measure a server in its steady state: every signed-in person's reads once (their
    // rows into the database's cache, as on a server in use; an API key's first use from an address is written
    // down once), then the mix for 5 s (JIT, the pools' connections).
    const people = portal.userCookies.length;
    const warmed = isCredentials ? targets : targets.slice(0, 2);
    await runOpenLoop(pool, warmed, { rate: rate / 2, seconds: (warmed.length * people) / (rate / 2) });
    await runOpenLoop(pool, targets, { rate: rate / 2, seconds: 5 });
    const chosen = targets.filter((target) => !routeOption || target.name.includes(routeOption));
    const once: [string, Target[]][] =
      routeOption || isCredentials
        ? chosen.map((target) => ['alone', [target]])
        : [['mixed', targets], ...(isAlone ? targets.map((target): [string, Target[]] => ['alone', [target]]) : [])];
    const phases = Array.from({ length: rounds }, (_, round) =>
      once.map(([phase, phaseTargets]): [string, Target[]] => [
        rounds > 1 ? `${phase}, round ${round + 1}` : phase,
        phaseTargets,
      ]),
    ).flat();
    for (const [phase, phaseTargets] of phases) {
      await new Promise((r) => setTimeout(r, 1000));
      const { results, summary } = await measureCpu(portal, () => runOpenLoop(pool, phaseTargets, { rate, seconds }));
      const lines = rows(name, phase, results);
      table.push(...lines);
      cpuLines.push(
        `- ${name}, ${phase.startsWith('alone') ? `${phaseTargets[0]?.name} ${phase}` : phase}: ${summary}`,
      );
      process.stderr.write(`${lines.join('\n')}\n${cpuLines.at(-1)}\n`);
    }
  } finally {
    await pool.close();
    await portal.stop();
  }
}
process.stdout.write(`${[...table, '', 'CPU (100 % is one core):', ...cpuLines].join('\n')}\n`);
