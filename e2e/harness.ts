import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const screenshotDir = join(repoRoot, 'e2e/screenshots');

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server's process (a test may kill it outright). */
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (built web app, embedded database) in its own process on a temporary data folder; `args`
 * go to main.ts (`--api`: the API alone, as `npm run start:api`).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { port?: number; args?: string[] } = {},
): Promise<RunningServer> {
  // WEB_DIST_DIR (also read by the server) lets a run use its own build beside the one in apps/web/dist.
  const distDir = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fixpoint-e2e-'));
  const port = options.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts', ...(options.args ?? [])],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // The caster runs in the server process: each test server gets its own port, so they never collide.
        CASTER_PORT: String(await freePort()),
        // Three servers and browsers share two cores here, so a page's reads may wait seconds for the embedded
        // database: the 2 s load shedding (decision 0083) would refuse them. It has its own tests and benchmark.
        API_QUEUE_MAX_MS: '30000',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_PRETTY: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;

  // Under the 90 s hook limit: with three servers and browsers starting side by side on 2 busy cores, a start has
  // taken over 60 s.
  const deadline = Date.now() + 85_000;
  while (true) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * After a failed test, prints the end of the server's output (its request log, warnings and errors), so a CI log
 * shows what the server saw while a browser waited. Call at the top of a describe block.
 */
export function printServerOutputOnFailure(server: () => RunningServer | undefined): void {
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    console.error(`The server's last output:\n${server()?.output().slice(-8_000) ?? '(no server)'}`);
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects console errors and uncaught page errors; a browser test fails if any appear. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  // With where it came from: the first frame of its stack (a file of ours, a library chunk or a worker).
  page.on('pageerror', (error) => {
    const origin = error.stack?.split('\n').find((line) => line.trim().startsWith('at '));
    problems.push(`page error: ${error.message}${origin ? ` (${origin.trim()})` : ''}`);
  });
  page.on('requestfailed', (request) => {
    // A navigation cancels the previous page's requests; that is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()}`);
  });
  return problems;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
