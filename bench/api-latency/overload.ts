// The embedded database past its capacity (issue 34, decision 0083): the portal on PGlite, as `npm start` runs it
// (./portal.ts, seeded by ./seed.ts), first at its capacity, then at a multiple of it, open loop. Past capacity the
// server answers what it can within API_QUEUE_MAX_MS (2 s) and refuses the rest with 503 SERVER_BUSY and
// Retry-After; this measures both kinds of answer and checks that no write was lost or half-made.
// Usage: npm run bench:api-overload -- [seconds] [factor] [--capacity <requests/s>] [--queue-ms <ms>]
//   default 20 s at twice the capacity. The capacity is measured first (10 s, closed loop: 12 clients, each sending
//   its next request when the last is answered, so the server's 8 turns are always taken and the line stays short:
//   more clients would meet refusals, answered in milliseconds, and send again at once) unless --capacity gives it. The mix, round-robin: GET /api/user,
//   /api/accounts, /api/networks, /api/admin/feed/{id} (the reads of bench:api-latency) and POST /api/accounts (an
//   NTRIP account named after the request). Afterwards every writer's account list is read back: each write
//   answered 201 must be in it, each refused one must not. --queue-ms sets the server's API_QUEUE_MAX_MS (60000: a
//   server that holds requests rather than refusing them, for comparison).
import { cpus } from 'node:os';
import type { Pool } from 'undici';
import { cpuSeconds } from '../proc';
import { browserHeaders, openPool, percentile } from './load';
import { type Portal, startPortal } from './portal';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const givenCapacity = option('--capacity') === undefined ? undefined : Number(option('--capacity'));
const queueMs = option('--queue-ms');
const positional = args.filter(
  (arg, i) => !arg.startsWith('--') && !['--capacity', '--queue-ms'].includes(args[i - 1] ?? ''),
);
const seconds = Number(positional[0] ?? 20);
const factor = Number(positional[1] ?? 2);

interface Request {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** A write: the account's name, and the cookie of the person it belongs to. */
  write?: { accountName: string; cookie: string };
}

type Outcome = 'answered' | 'refused' | 'failed';

interface Result {
  request: Request;
  outcome: Outcome;
  /** From the moment the request was due to leave (open loop) or left (closed loop). */
  ms: number;
  detail?: string;
}

/** The mix, request after request: each read from the next signed-in person, each write from the next user. */
function mixOf(portal: Portal) {
  const reads = [
    { name: 'GET /api/user', path: '/api/user', people: portal.userCookies },
    { name: 'GET /api/accounts', path: '/api/accounts', people: portal.userCookies },
    { name: 'GET /api/networks', path: '/api/networks', people: portal.userCookies },
    {
      name: 'GET /api/admin/feed/{id}',
      path: `/api/admin/feed/${portal.seed.bigNetworkId}`,
      people: portal.adminCookies,
    },
  ];
  const kinds = reads.length + 1;
  let sent = 0;
  let writes = 0;
  return (): Request => {
    const read = reads[sent % kinds];
    const turn = Math.floor(sent++ / kinds);
    if (read) {
      const cookie = read.people[turn % read.people.length] as string;
      return { name: read.name, method: 'GET', path: read.path, headers: { ...browserHeaders, cookie } };
    }
    const cookie = portal.userCookies[turn % portal.userCookies.length] as string;
    const accountName = `Overload ${++writes}`;
    return {
      name: 'POST /api/accounts',
      method: 'POST',
      path: '/api/accounts',
      // A browser's write: the portal refuses cookie-borne writes from another origin.
      headers: { ...browserHeaders, cookie, 'content-type': 'application/json', origin: portal.baseUrl },
      write: { accountName, cookie },
    };
  };
}

async function send(pool: Pool, request: Request, since: number): Promise<Result> {
  try {
    const { statusCode, headers, body } = await pool.request({
      method: request.method,
      path: request.path,
      headers: request.headers,
      ...(request.write && { body: JSON.stringify({ name: request.write.accountName }) }),
    });
    const text = await body.text();
    const ms = performance.now() - since;
    if (statusCode >= 200 && statusCode < 300) return { request, outcome: 'answered', ms };
    const isRefusal =
      statusCode === 503 && Number(headers['retry-after']) >= 1 && text.includes('"code":"SERVER_BUSY"');
    return isRefusal
      ? { request, outcome: 'refused', ms }
      : { request, outcome: 'failed', ms, detail: `${statusCode}` };
  } catch (error) {
    return { request, outcome: 'failed', ms: performance.now() - since, detail: (error as Error).message };
  }
}

/** `rate` requests a second for `duration` seconds, each leaving on schedule whatever the earlier ones are doing. */
async function openLoop(pool: Pool, next: () => Request, rate: number, duration: number) {
  const total = Math.round(rate * duration);
  const pending: Promise<Result>[] = [];
  const start = performance.now();
  while (pending.length < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    while (pending.length < due) {
      const scheduledAt = start + (pending.length * 1000) / rate;
      pending.push(send(pool, next(), scheduledAt));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (due * 1000) / rate - performance.now())));
  }
  return Promise.all(pending);
}

/** `clients` senders, each sending its next request when its last one is answered, for `duration` seconds. */
async function closedLoop(pool: Pool, next: () => Request, clients: number, duration: number) {
  const results: Result[] = [];
  const end = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) results.push(await send(pool, next(), performance.now()));
    }),
  );
  return results;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1));
const sorted = (results: Result[]) => Float64Array.from(results.map((result) => result.ms)).sort();
const spread = (values: Float64Array) =>
  `${ms(percentile(values, 0.5))} | ${ms(percentile(values, 0.99))} | ${ms(percentile(values, 1))}`;

function rows(phase: string, results: Result[]): string[] {
  const byName = new Map<string, Result[]>();
  for (const result of results) {
    const group = byName.get(result.request.name) ?? [];
    group.push(result);
    byName.set(result.request.name, group);
  }
  return [...byName.entries(), ['all', results] as const].map(([name, group]) => {
    const answered = group.filter((result) => result.outcome === 'answered');
    const refused = group.filter((result) => result.outcome === 'refused');
    const failed = group.filter((result) => result.outcome === 'failed');
    const failures = [...new Set(failed.map((result) => result.detail))].join(', ');
    return (
      `| ${phase} | ${name} | ${group.length} | ${answered.length} | ${spread(sorted(answered))} | ` +
      `${refused.length} | ${spread(sorted(refused))} | ${failed.length}${failures ? ` (${failures})` : ''} |`
    );
  });
}

/** Every writer's account list, read back: which of the written names are there. */
async function namesStored(pool: Pool, results: Result[]): Promise<Set<string>> {
  const cookies = [
    ...new Set(results.flatMap((result) => (result.request.write ? [result.request.write.cookie] : []))),
  ];
  const names = new Set<string>();
  for (let i = 0; i < cookies.length; i += 8) {
    await Promise.all(
      cookies.slice(i, i + 8).map(async (cookie) => {
        const { statusCode, body } = await pool.request({
          method: 'GET',
          path: '/api/accounts',
          // Uncompressed, to be read here.
          headers: { accept: 'application/json', cookie },
        });
        if (statusCode !== 200) throw new Error(`reading back the accounts failed: ${statusCode} ${await body.text()}`);
        for (const account of (await body.json()) as { name: string }[]) names.add(account.name);
      }),
    );
  }
  return names;
}

process.stderr.write('PGlite: seeding and starting the server…\n');
const portal = await startPortal('pglite', { env: queueMs ? { API_QUEUE_MAX_MS: queueMs } : {} });
const pool = openPool(portal.baseUrl, 4096);
const lines = [
  `PGlite, API_QUEUE_MAX_MS ${queueMs ?? 'default (2000)'}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${new Date().toISOString()}`,
  '',
  '| phase | route | requests | answered | p50 ms | p99 ms | max ms | refused (503) | p50 ms | p99 ms | max ms | failed |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
try {
  const next = mixOf(portal);
  // Warm-up at capacity: every person's account list once (their rows into the cache), then the mix for 5 s.
  let warmed = 0;
  const warmUp = (): Request => ({
    name: 'warm-up',
    method: 'GET',
    path: '/api/accounts',
    headers: { ...browserHeaders, cookie: portal.userCookies[warmed++ % portal.userCookies.length] as string },
  });
  while (warmed < portal.userCookies.length) await closedLoop(pool, warmUp, 8, 1);
  await closedLoop(pool, next, 8, 5);

  let capacity = givenCapacity;
  if (capacity === undefined) {
    const results = await closedLoop(pool, next, 12, 10);
    capacity = results.filter((result) => result.outcome === 'answered').length / 10;
    lines.push(...rows('capacity', results));
    process.stderr.write(`capacity: ${capacity.toFixed(0)} requests/s\n`);
  }
  const rate = Math.round(capacity * factor);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const cpuBefore = cpuSeconds(portal.pid);
  const started = performance.now();
  const results = await openLoop(pool, next, rate, seconds);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(portal.pid) - cpuBefore;
  lines.push(...rows(`${factor}x (${rate}/s)`, results));
  process.stderr.write(`${lines.join('\n')}\n`);

  const writes = results.filter((result) => result.request.write);
  const stored = await namesStored(pool, writes);
  const isStored = (result: Result) => stored.has(result.request.write?.accountName ?? '');
  const committed = writes.filter((result) => result.outcome === 'answered');
  const notWritten = writes.filter((result) => result.outcome !== 'answered');
  const answered = results.filter((result) => result.outcome === 'answered');
  lines.push(
    '',
    `Capacity ${capacity.toFixed(0)} requests/s${givenCapacity === undefined ? ' (measured, closed loop)' : ' (given)'}; ` +
      `${factor}x: ${rate} requests/s for ${seconds} s, all answered or refused after ${elapsed.toFixed(1)} s; ` +
      `${(answered.length / elapsed).toFixed(0)} answered a second; server CPU ${((100 * cpu) / elapsed).toFixed(0)} %.`,
    `Writes: ${committed.length} answered 201, ${committed.filter(isStored).length} of them stored; ` +
      `${notWritten.length} refused or failed, ${notWritten.filter(isStored).length} of them stored.`,
  );
} finally {
  await pool.close();
  await portal.stop();
}
process.stdout.write(`${lines.join('\n')}\n`);
