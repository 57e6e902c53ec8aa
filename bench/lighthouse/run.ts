// The portal in a real browser (issue 18): Lighthouse's default mobile run (a mid-range phone's screen, simulated
// throttling: 150 ms round trips, 1.6 Mbit/s, 4x slower CPU) against the built server with the demo data, for the
// logged-out dashboard, the marketplace with its map, the accounts page signed in and an admin's feed page of the
// demo network. Each page runs `--runs` times (3) in one headless Chromium, served two ways: by the server directly
// (HTTP/1.1) and through an HTTP/2 proxy in front of it (./http2-proxy.ts); the median run (by performance score)
// is reported.
// Usage: npm run bench:lighthouse -- [--runs 3] [--delivery http1|http2] [--pages dashboard,marketplace,accounts,admin-feed]
//   [--throttling simulate|devtools] [--write] [--reports DIR]
//   Needs a built web app (`npm run build`, or WEB_DIST_DIR=<a vite build's folder>) and Chromium at CHROME_PATH
//   (default /usr/bin/chromium). --write replaces the section "## Portal in a real browser" in docs/performance.md;
//   --reports keeps each page's median Lighthouse report (JSON and HTML) in DIR.
// Prints the table (stdout) and, per page, the LCP element, layout shifts, long tasks and failing audits (stderr).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { type Http2Proxy, startHttp2Proxy } from './http2-proxy';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docPath = join(root, 'docs/performance.md');
const heading = '## Portal in a real browser (`npm run bench:lighthouse`)';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const runs = Number(option('--runs') ?? 3);
// 'devtools' applies the throttling to the real load (requests really wait 562.5 ms, the CPU really runs 4x slower)
// instead of simulating it afterwards from an unthrottled load: slower and noisier, but it shows what a change in
// the order of requests does.
const throttlingMethod = option('--throttling') === 'devtools' ? 'devtools' : 'simulate';
const isWrite = args.includes('--write');
const reportDir = option('--reports');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const distDir = resolve(process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist'));

if (!existsSync(join(distDir, 'index.html'))) {
  console.error(
    `No built web app in ${distDir}: run \`npm run build\` first (or set WEB_DIST_DIR to a vite build's folder).`,
  );
  process.exit(1);
}
if (isWrite && (throttlingMethod !== 'simulate' || option('--pages') || option('--delivery'))) {
  console.error('--write records the full default run only: leave out --throttling, --pages and --delivery');
  process.exit(1);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number of at least 1');
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------------------
// The server: `npm start`'s process (production, the demo network streaming, PGlite in a temporary DATA_DIR).

interface Portal {
  url: string;
  stop(): Promise<void>;
}

async function startPortal(admin: { email: string; password: string }): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-lighthouse-'));
  const [port, casterPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      CASTER_HOST: '127.0.0.1',
      CASTER_PORT: String(casterPort),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      DEMO: 'true',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
    },
  });
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (true) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}

/** A JSON call with the server's own Origin; returns the body and the session cookie any answer set. */
async function api(
  baseUrl: string,
  path: string,
  init: { method?: string; cookie?: string; body?: unknown } = {},
): Promise<{ body: unknown; cookie: string }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: baseUrl,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { body: await response.json(), cookie };
}

/**
 * The people Lighthouse visits as: the admin (created at start-up from ADMIN_EMAIL) and a user who signed up, with
 * three NTRIP accounts, two of them active on the demo network (credits granted by the admin), so that the accounts
 * page shows what a customer's does. Returns their session cookies and the demo network's id.
 */
async function preparePeople(baseUrl: string, admin: { email: string; password: string }) {
  const adminCookie = (await api(baseUrl, '/auth/sign-in/email', { method: 'POST', body: admin })).cookie;
  const signedUp = await api(baseUrl, '/auth/sign-up/email', {
    method: 'POST',
    body: {
      name: 'Fenna Farmer',
      email: 'fenna.lighthouse@example.com',
      password: randomBytes(12).toString('base64url'),
      termsAccepted: true,
    },
  });
  const userCookie = signedUp.cookie;
  const userId = (signedUp.body as { user: { id: string } }).user.id;
  if (!userCookie || !adminCookie) throw new Error('sign-in set no session cookie');

  const networks = (await api(baseUrl, '/networks')).body as { id: string; code: string }[];
  const demo = networks.find((network) => network.code === 'DEMO');
  if (!demo) throw new Error('the demo network is missing (DEMO=true should create it)');

  const query = new URLSearchParams({ userId, tokenAmount: '30', reason: 'Lighthouse benchmark' });
  await api(baseUrl, `/admin/tokens?${query}`, { method: 'PUT', cookie: adminCookie });
  for (const [i, name] of ['Tractor 7', 'Survey pole', 'Drone'].entries()) {
    const account = (await api(baseUrl, '/accounts', { method: 'POST', cookie: userCookie, body: { name } })).body as {
      id: string;
    };
    if (i < 2) {
      const activation = new URLSearchParams({ accountId: account.id, feedNetworkId: demo.id, days: '10' });
      await api(baseUrl, `/tokens?${activation}`, { method: 'POST', cookie: userCookie });
    }
  }
  return { adminCookie, userCookie, demoNetworkId: demo.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

interface Measured {
  delivery: Delivery;
  results: Result[];
  name: string;
  path: string;
  scores: number[];
  median: Result;
}

const audit = (lhr: Result, id: string) => lhr.audits[id];
const numeric = (lhr: Result, id: string) => audit(lhr, id)?.numericValue ?? Number.NaN;
const scoreOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kib = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

type Item = Record<string, unknown>;
/** The rows of an audit's details (tables and opportunities; a list's first table). */
function itemsOf(details: unknown): Item[] {
  const value = details as { type?: string; items?: unknown[] } | undefined;
  if (!value?.items) return [];
  if (value.type === 'list') return itemsOf(value.items[0]);
  return value.items as Item[];
}
const nodeOf = (item: Item) => {
  const node = item.node as { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
  return node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 160) : undefined;
};
const describe = (item: Item) => {
  const parts: string[] = [];
  const label =
    nodeOf(item) ??
    (item.url as string | undefined) ??
    (item.groupLabel as string | undefined) ??
    (item.label as string | undefined);
  if (label) parts.push(String(label).replace(/^https?:\/\/127\.0\.0\.1:\d+/, ''));
  for (const key of [
    'wastedMs',
    'wastedBytes',
    'totalBytes',
    'transferSize',
    'duration',
    'startTime',
    'score',
    'total',
  ]) {
    const value = item[key];
    if (typeof value === 'number') parts.push(`${key} ${key === 'score' ? value.toFixed(3) : Math.round(value)}`);
  }
  return parts.join(' | ');
};

/** What stands between a page and a full score: the LCP element, layout shifts and every failing audit. */
function findings(lhr: Result): string[] {
  const lines: string[] = [];
  const lcpItems = itemsOf(audit(lhr, 'largest-contentful-paint-element')?.details);
  const lcpElement = lcpItems.find((item) => item.node);
  if (lcpElement) lines.push(`  LCP element: ${nodeOf(lcpElement)}`);
  const phases = (audit(lhr, 'largest-contentful-paint-element')?.details as { items?: unknown[] } | undefined)
    ?.items?.[1];
  const phaseRows = itemsOf(phases);
  if (phaseRows.length) {
    lines.push(
      `  LCP phases: ${phaseRows.map((row) => `${row.phase} ${Math.round(Number(row.timing))} ms`).join(', ')}`,
    );
  }
  for (const id of ['layout-shifts', 'layout-shift-elements']) {
    for (const item of itemsOf(audit(lhr, id)?.details).slice(0, 5)) lines.push(`  shift: ${describe(item)}`);
  }
  for (const item of itemsOf(audit(lhr, 'long-tasks')?.details).slice(0, 5))
    lines.push(`  long task: ${describe(item)}`);
  const refs = lhr.categories.performance?.auditRefs ?? [];
  for (const ref of refs) {
    const result = audit(lhr, ref.id);
    if (!result || result.score === null || result.score >= 0.9) continue;
    if (['largest-contentful-paint-element', 'layout-shifts', 'layout-shift-elements'].includes(ref.id)) continue;
    lines.push(`  ${ref.id} (score ${result.score}${result.displayValue ? `, ${result.displayValue}` : ''})`);
    for (const item of itemsOf(result.details).slice(0, 4)) lines.push(`    ${describe(item)}`);
  }
  return lines;
}

const deliveries = {
  http1: 'the server directly (HTTP/1.1)',
  http2: 'HTTP/2 proxy in front (TLS)',
} as const;
type Delivery = keyof typeof deliveries;

async function main() {
  const deliveryOption = option('--delivery');
  if (deliveryOption && !(deliveryOption in deliveries)) {
    console.error('--delivery must be http1 or http2');
    process.exit(1);
  }
  const chosen: Delivery[] = deliveryOption ? [deliveryOption as Delivery] : ['http1', 'http2'];
  const admin = { email: 'lighthouse-admin@example.com', password: randomBytes(12).toString('base64url') };
  const loadBefore = loadavg()[0] ?? 0;
  log('Starting the server with the demo data…');
  const portal = await startPortal(admin);
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  let proxy: Http2Proxy | undefined;
  const measured: Measured[] = [];
  let browserVersion = 'unknown';
  try {
    const people = await preparePeople(portal.url, admin);
    proxy = await startHttp2Proxy(new URL(portal.url));
    const pages = [
      // `/` leads to `/dashboard` in the client (a replace, no reload).
      { slug: 'dashboard', name: 'Dashboard, logged out', path: '/', finalPath: '/dashboard', cookie: undefined },
      { slug: 'marketplace', name: 'Marketplace (map)', path: '/marketplace', cookie: undefined },
      { slug: 'accounts', name: 'Accounts, signed in', path: '/accounts', cookie: people.userCookie },
      {
        slug: 'admin-feed',
        name: 'Admin feed of the demo network',
        path: `/admin/feed/${people.demoNetworkId}`,
        cookie: people.adminCookie,
      },
    ];
    const only = option('--pages')?.split(',');
    const chosenPages = only ? pages.filter((page) => only.includes(page.slug)) : pages;
    if (chosenPages.length === 0)
      throw new Error(`--pages: none of ${only?.join(', ')} (${pages.map((p) => p.slug).join(', ')})`);
    chrome = await launch({
      chromePath,
      // The proxy's certificate is self-signed.
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
    });
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser?: string;
    };
    browserVersion = version.Browser?.replace(/^(Headless)?Chrome\//, '') ?? browserVersion;
    for (const delivery of chosen) {
      const origin = delivery === 'http2' ? proxy.url : portal.url;
      for (const page of chosenPages) {
        const results: Result[] = [];
        for (let run = 1; run <= runs; run++) {
          const answer = await lighthouse(`${origin}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            throttlingMethod,
            ...(page.cookie && { extraHeaders: { Cookie: page.cookie } }),
          });
          if (!answer) throw new Error(`Lighthouse gave no result for ${page.path}`);
          const lhr = answer.lhr;
          if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          if (lhr.finalDisplayedUrl !== `${origin}${'finalPath' in page ? page.finalPath : page.path}`) {
            throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
          }
          results.push(lhr);
          log(
            `${delivery} ${page.path} run ${run}: ${scoreOf(lhr)} (LCP ${seconds(numeric(lhr, 'largest-contentful-paint'))}, ` +
              `CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)}, TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms, ` +
              `benchmark index ${Math.round(lhr.environment.benchmarkIndex)}, load ${(loadavg()[0] ?? 0).toFixed(1)})`,
          );
        }
        const sorted = [...results].sort((a, b) => scoreOf(a) - scoreOf(b));
        const median = sorted[Math.floor((sorted.length - 1) / 2)] as Result;
        measured.push({ delivery, name: page.name, path: page.path, scores: results.map(scoreOf), median, results });
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const file = join(reportDir, `${page.slug}-${delivery}`);
          writeFileSync(`${file}.json`, JSON.stringify(median));
          writeFileSync(`${file}.html`, generateReport(median, 'html'));
        }
      }
    }
  } finally {
    chrome?.kill();
    await proxy?.close();
    await portal.stop();
  }
  const loadAfter = loadavg()[0] ?? 0;

  const rows = measured.map(({ delivery, name, path, scores, median }) => {
    const cls = numeric(median, 'cumulative-layout-shift');
    return (
      `| ${name} (\`${path.replace(/\/admin\/feed\/.*/, '/admin/feed/{id}')}\`) | ${deliveries[delivery]} | ` +
      `**${scoreOf(median)}** (${scores.join(', ')}) | ${seconds(numeric(median, 'largest-contentful-paint'))} | ` +
      `${cls.toFixed(3)} | ${Math.round(numeric(median, 'total-blocking-time'))} ms | ` +
      `${seconds(numeric(median, 'first-contentful-paint'))} | ${kib(numeric(median, 'total-byte-weight'))} |`
    );
  });
  const table = [
    '| page | served by | performance (each run) | LCP | CLS | TBT | FCP | transferred |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ];
  for (const { delivery, path, median } of measured) log(`\n${delivery} ${path}\n${findings(median).join('\n')}`);
  process.stdout.write(`${table.join('\n')}\n`);

  const indexes = measured.flatMap((m) => m.results.map((r) => Math.round(r.environment.benchmarkIndex)));
  const lighthouseVersion = measured[0]?.median.lighthouseVersion ?? '?';
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    heading,
    '',
    `Lighthouse ${lighthouseVersion} with its default mobile configuration (a mid-range phone's screen, simulated`,
    'throttling: 150 ms round trips, 1.6 Mbit/s down, a CPU 4x slower than the machine) against the built server',
    '(`NODE_ENV=production`, precompressed assets, PGlite with the demo network streaming), the performance category',
    `only. Each page runs ${runs} times in one headless Chromium (storage and cache cleared before each run); the table`,
    "shows the median run by performance score, with every run's score in brackets. Signed-in pages get the session",
    'cookie of a user who signed up (three NTRIP accounts, two active on the demo network) or of the admin, as an extra',
    'request header. Each page is measured twice: from the server directly, which speaks HTTP/1.1 (a browser opens at',
    'most 6 connections to it and queues the rest), and through an HTTP/2 proxy with TLS in front of it',
    '(`bench/lighthouse/http2-proxy.ts`), as a TLS-terminating reverse proxy serves it in production: every request',
    'on one connection. Targets (issue 18): performance 95 or more, LCP under 2.5 s, CLS under 0.05.',
    '',
    `Measured ${date} on this machine (${cpus().length} cores, Chromium ${browserVersion}, Lighthouse's benchmark index`,
    `${Math.min(...indexes)}-${Math.max(...indexes)} over the runs, load average ${loadBefore.toFixed(1)} before and ` +
      `${loadAfter.toFixed(1)} after):`,
    '',
    ...table,
    '',
    'Rerun (after `npm run build`; `WEB_DIST_DIR=<folder>` measures another build, `--delivery http1|http2` one way of',
    'serving, `--pages dashboard,accounts` some pages, `--runs N` more runs, `--throttling devtools` throttles the real',
    'load instead of simulating it, `--reports <folder>` keeps the median reports as HTML and JSON):',
    '',
    '    npm run bench:lighthouse -- --write',
    '',
    'TBT is the figure most sensitive to a busy machine: simulated throttling multiplies the main-thread time observed',
    'here by 4, so other processes on the 2 cores inflate it, and LCP less so, through the render delay. The load',
    "average and Lighthouse's benchmark index (its measure of the machine's speed during each run) above say how busy",
    'the machine was.',
    '',
    "The simulation sees mostly bytes and CPU, little of the order of requests: index.html's preload hints (the",
    'session and the English translations, which every language loads as its fallback, fetched beside the scripts',
    'instead of after them) showed no change there, but with `--throttling devtools` (HTTP/1.1, 3 runs each, both',
    "variants twice, 2026-11-25) they took the logged-out dashboard's LCP from 5.2-5.3 s to 4.2-4.3 s and the",
    "accounts page's from 11.3-11.7 s to 10.6-10.8 s.",
    '',
  ].join('\n');
  if (isWrite) {
    writeDocSection(section);
    log(`\nWrote "${heading}" in ${docPath}`);
  }
}

/** Replaces this benchmark's section of docs/performance.md (up to the next `## `), or appends it at the end. */
function writeDocSection(section: string) {
  const doc = readFileSync(docPath, 'utf8');
  const lines = doc.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) {
    writeFileSync(docPath, `${doc.replace(/\n*$/, '\n\n')}${section}`);
    return;
  }
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const end = next === -1 ? lines.length : next;
  const after = lines.slice(end).join('\n');
  writeFileSync(
    docPath,
    [...lines.slice(0, start), section.replace(/\n$/, ''), ...(after ? ['', after] : [''])].join('\n'),
  );
}

await main();
