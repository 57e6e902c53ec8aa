// The portal under test, as `npm start` runs it: `node --import tsx apps/server/src/main.ts` in its own process
// (production mode, info logging, the caster in-process), on a database seeded beforehand (./seed.ts). PGlite is
// file-backed in a temporary DATA_DIR, as `npm start` keeps it; PostgreSQL is a fresh database on
// TEST_DATABASE_URL's server, dropped again on stop. The benchmark signs the user and the admin in through the
// server's own sign-in route and sends their session cookies, as the browser does.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '@fixpoint/caster';
import { createSecretBox, type DatabaseHandle, openDatabase } from '@fixpoint/db';
import pg from 'pg';
import { createAuth } from '../../apps/server/src/modules/auth/auth';
import type { Mailer } from '../../apps/server/src/modules/mail/mailer';
import { cpuSeconds } from '../proc';
import { defaultSeedSize, type SeededPortal, type SeedSize, seedPortal } from './seed';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type DatabaseKind = 'pglite' | 'postgres';

export interface Portal {
  baseUrl: string;
  pid: number;
  seed: SeededPortal;
  /** `Cookie` header values of the signed-in users and admins, one per person. */
  userCookies: string[];
  adminCookies: string[];
  /**
   * `Authorization` header values of the same users' sessions as a script or an app sends them (the sign-in answer's
   * `set-auth-token`: `Bearer <token>.<signature>`), and of their API keys (`Bearer fpk_…`).
   */
  userBearers: string[];
  userApiKeys: string[];
  /**
   * CPU seconds each PostgreSQL backend of this database has used so far, by process id (none on PGlite: it runs in
   * the server); `backendCpuBetween` gives the use between two readings.
   */
  databaseCpuSeconds(): Promise<Map<number, number>>;
  stop(): Promise<void>;
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

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const quietLogger = silentLogger as unknown as Parameters<typeof createAuth>[0]['logger'];
const noMail: Mailer = { send: async () => undefined, close: () => undefined };

async function seed(database: DatabaseHandle, secretKey: string, size: SeedSize) {
  await database.migrate();
  const auth = createAuth({
    db: database.db,
    secret: secretKey,
    mailer: noMail,
    logger: quietLogger,
    passwordPolicy: {
      minLength: 8,
      maxLength: 128,
      requireLowercase: false,
      requireUppercase: false,
      requireDigit: false,
      requireSymbol: false,
    },
    trustedOrigins: [],
    trustProxy: false,
  });
  return seedPortal(database.db, auth, createSecretBox(secretKey), size);
}

/** Better-auth's token signed with HMAC-SHA-256 of the secret (base64). */
const signedToken = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

/** The session cookie a browser holds (its value URL-encoded). */
export const sessionCookie = (token: string, secret: string) =>
  `fixpoint.session_token=${encodeURIComponent(signedToken(token, secret))}`;

/** The bearer header of the same session, as the sign-in answer's `set-auth-token` gives it to a script or an app. */
const sessionBearer = (token: string, secret: string) => `Bearer ${signedToken(token, secret)}`;

async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<{ cookie: string; bearer: string }> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${credentials.email} failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return { cookie: cookies.join('; '), bearer: `Bearer ${response.headers.get('set-auth-token')}` };
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy within 120 s');
}

/**
 * Seeds a fresh database of `kind`, starts the server on it and signs the user and the admin in. `nodeArgs` go to
 * the server's node (`--cpu-prof` to profile it), `args` to main.ts (`--api` for `npm run start:api`); `env` adds to
 * or overrides its environment.
 */
export async function startPortal(
  kind: DatabaseKind,
  {
    size = defaultSeedSize,
    env = {},
    nodeArgs = [],
    args = [],
  }: { size?: SeedSize; env?: Record<string, string>; nodeArgs?: string[]; args?: string[] } = {},
): Promise<Portal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fixpoint-bench-portal-'));
  const secretKey = randomBytes(32).toString('hex');
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  let dropDatabase = async () => undefined as unknown;
  if (kind === 'postgres') {
    if (!serverUrl) throw new Error('PostgreSQL needs TEST_DATABASE_URL (a server URL, as the tests use)');
    const name = `fixpoint_bench_${randomBytes(6).toString('hex')}`;
    databaseName = name;
    await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () =>
      withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'db') });
  let seeded: SeededPortal;
  try {
    seeded = await seed(database, secretKey, size);
  } catch (error) {
    await database.close();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  await database.close();
  if (serverUrl && kind === 'postgres') {
    // The seed's writes go to disk now, not in a checkpoint that another database's creation forces mid-run.
    await withClient(serverUrl, (client) => client.query('CHECKPOINT')).catch(() => undefined);
  }

  const [port, casterPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', join(root, 'apps/server/src/main.ts'), ...args],
    {
      cwd: root,
      // Logs as production writes them (JSON lines at info), to /dev/null: their cost stays in, their volume out.
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...inherited,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        CASTER_HOST: '127.0.0.1',
        CASTER_PORT: String(casterPort),
        DATA_DIR: dataDir,
        SECRET_KEY: secretKey,
        DEMO: 'false',
        LOG_LEVEL: 'info',
        LOG_PRETTY: 'false',
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
        ...env,
      },
    },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child);
    // The cookie and bearer token the sign-in route gives must be the ones made here from its token, or every seeded
    // person's would be refused.
    const signedIn = await signIn(baseUrl, seeded.user);
    const token = decodeURIComponent(/fixpoint\.session_token=([^;]+)/.exec(signedIn.cookie)?.[1] ?? '').replace(
      /\.[^.]*$/,
      '',
    );
    if (!signedIn.cookie.includes(sessionCookie(token, secretKey))) {
      throw new Error(`unexpected session cookie: ${signedIn.cookie}`);
    }
    if (signedIn.bearer !== sessionBearer(token, secretKey)) throw new Error(`unexpected token: ${signedIn.bearer}`);
    return {
      baseUrl,
      pid: child.pid as number,
      seed: seeded,
      userCookies: [signedIn.cookie, ...seeded.sessionTokens.users.map((t) => sessionCookie(t, secretKey))],
      adminCookies: seeded.sessionTokens.admins.map((t) => sessionCookie(t, secretKey)),
      userBearers: [signedIn.bearer, ...seeded.sessionTokens.users.map((t) => sessionBearer(t, secretKey))],
      userApiKeys: seeded.apiKeys.map((key) => `Bearer ${key}`),
      databaseCpuSeconds: () => (databaseName ? backendCpuSeconds(databaseName) : Promise.resolve(new Map())),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * CPU seconds of each PostgreSQL backend serving `database` (on this machine: their process titles name it).
 */
async function backendCpuSeconds(database: string): Promise<Map<number, number>> {
  const backends = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const title = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (title.startsWith('postgres:') && title.includes(` ${database} `)) {
      try {
        backends.set(Number(entry), cpuSeconds(Number(entry)));
      } catch {
        // The backend ended between the listing and the reading.
      }
    }
  }
  return backends;
}

/**
 * CPU seconds processes (database backends, API workers) used between two readings: one that started since counts
 * whole, one that ended not.
 */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
