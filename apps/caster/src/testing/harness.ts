import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { createSecretBox, type DatabaseHandle, hashSecret, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { hashPassword as hashWebPassword } from 'better-auth/crypto';
import { type Caster, createCaster } from '../caster';
import type { CasterOptions } from '../config';
import { simulatedEpochBytes } from '../demo/simulated-station';
import { silentLogger } from '../logger';

// Test support for the caster: a real caster on port 0 over a fresh database, and raw TCP clients that record
// every byte they receive. No part of the caster is mocked.

export const SECRET_KEY = 'a'.repeat(64);
export const secretBox = createSecretBox(SECRET_KEY);

/** Fast timers so tests observe periodic work within a second or two. */
export const fastOptions: Partial<CasterOptions> = {
  host: '127.0.0.1',
  port: 0,
  catalogTtlMs: 0,
  sessionFlushMs: 200,
  stateFlushMs: 200,
  accountPollMs: 200,
  headTimeoutMs: 1_000,
  sourceStaleMs: 300,
  sourceTimeoutMs: 60_000,
  roverReadSliceMs: 300,
  instance: 'test-caster',
};

export async function startCaster(database: DatabaseHandle, options: Partial<CasterOptions> = {}): Promise<Caster> {
  const caster = createCaster({
    db: database.db,
    secretBox,
    logger: silentLogger,
    options: { ...fastOptions, ...options },
  });
  await caster.start();
  return caster;
}

export async function openDatabase(): Promise<DatabaseHandle> {
  return createTestDatabase();
}

export interface SeedNetwork {
  networkId: string;
  code: string;
}

export async function seedNetwork(
  database: DatabaseHandle,
  values: Partial<typeof schema.networks.$inferInsert> & { code: string },
): Promise<SeedNetwork> {
  const [row] = await database.db
    .insert(schema.networks)
    .values({ name: `${values.code} network`, kind: 'hosted', dailyPrice: 1, isPublished: true, ...values })
    .returning({ id: schema.networks.id });
  return { networkId: (row as { id: string }).id, code: values.code };
}

/** Stations seeded without a password get this one, generated per test run. */
export const defaultSourcePassword = randomBytes(8).toString('hex');

export async function seedStation(
  database: DatabaseHandle,
  values: Partial<typeof schema.stations.$inferInsert> & {
    networkId: string;
    mountpoint: string;
    sourcePassword?: string;
  },
): Promise<string> {
  const { sourcePassword = defaultSourcePassword, ...rest } = values;
  const [row] = await database.db
    .insert(schema.stations)
    .values({ sourcePasswordHash: await hashSecret(sourcePassword, { logN: 4 }), ...rest })
    .returning({ id: schema.stations.id });
  return (row as { id: string }).id;
}

export interface SeedAccount {
  accountId: string;
  userId: string;
  username: string;
  password: string;
  webPassword: string;
}

export async function seedAccount(
  database: DatabaseHandle,
  values: { username?: string; maxConnections?: number; isDisabled?: boolean } = {},
): Promise<SeedAccount> {
  const userId = randomUUID();
  const username = values.username ?? `FP${randomUUID().slice(0, 8)}`;
  const password = `ntrip-${randomUUID().slice(0, 8)}`;
  const webPassword = 'my web password 1';
  await database.db.insert(schema.users).values({ id: userId, name: 'Rover Owner', email: `${userId}@example.test` });
  await database.db.insert(schema.authAccounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await hashWebPassword(webPassword),
  } as typeof schema.authAccounts.$inferInsert);
  const [row] = await database.db
    .insert(schema.ntripAccounts)
    .values({
      username,
      passwordEnc: secretBox.encrypt(password),
      name: 'Tractor',
      ownerUserId: userId,
      maxConnections: values.maxConnections ?? 1,
      isDisabled: values.isDisabled ?? false,
    })
    .returning({ id: schema.ntripAccounts.id });
  return { accountId: (row as { id: string }).id, userId, username, password, webPassword };
}

/** A window from `startsInMs` to `endsInMs` relative to now. */
export async function grantAccess(
  database: DatabaseHandle,
  accountId: string,
  networkId: string,
  window: { startsInMs?: number; endsInMs: number } | { pendingDays: number } = { endsInMs: 3_600_000 },
): Promise<void> {
  const dates =
    'pendingDays' in window
      ? { pendingDays: window.pendingDays }
      : {
          startsAt: new Date(Date.now() + (window.startsInMs ?? -60_000)),
          endsAt: new Date(Date.now() + window.endsInMs),
        };
  await database.db.insert(schema.accessWindows).values({ accountId, networkId, source: 'admin', ...dates });
}

/** A TCP client that keeps everything it receives. */
export class TestClient {
  readonly socket: Socket;
  readonly closed: Promise<void>;
  #waiters: (() => void)[] = [];
  #chunks: Buffer[] = [];
  #length = 0;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#chunks.push(chunk);
      this.#length += chunk.length;
      for (const waiter of this.#waiters) waiter();
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static async connect(port: number): Promise<TestClient> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new TestClient(socket);
  }

  /** Connects and sends a head (lines joined with CRLF, blank line added). */
  static async request(port: number, lines: string[], body?: Buffer | string): Promise<TestClient> {
    const client = await TestClient.connect(port);
    client.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (body !== undefined) client.write(body);
    return client;
  }

  /** Everything received so far (joined lazily: big transfers arrive in thousands of reads). */
  get received(): Buffer {
    if (this.#chunks.length > 1) this.#chunks = [Buffer.concat(this.#chunks)];
    return this.#chunks[0] ?? Buffer.alloc(0);
  }

  get receivedLength(): number {
    return this.#length;
  }

  write(data: Buffer | string): void {
    this.socket.write(data);
  }

  text(): string {
    return this.received.toString('latin1');
  }

  /** Waits until the condition holds on what was received. */
  async waitFor(condition: (received: Buffer) => boolean, timeoutMs = 5_000, what = 'data'): Promise<void> {
    if (condition(this.received)) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((waiter) => waiter !== check);
        reject(
          new Error(
            `timed out waiting for ${what}; received ${this.received.length} B: ${JSON.stringify(this.text().slice(0, 200))}`,
          ),
        );
      }, timeoutMs);
      const check = () => {
        if (!condition(this.received)) return;
        clearTimeout(timer);
        this.#waiters = this.#waiters.filter((waiter) => waiter !== check);
        resolve();
      };
      this.#waiters.push(check);
      this.closed.then(check);
    });
  }

  waitForText(text: string, timeoutMs?: number): Promise<void> {
    return this.waitFor((received) => received.includes(text), timeoutMs, JSON.stringify(text));
  }

  /** Everything after the reply head (the first blank line). */
  body(): Buffer {
    const end = this.received.indexOf('\r\n\r\n');
    return end === -1 ? Buffer.alloc(0) : this.received.subarray(end + 4);
  }

  async waitClosed(timeoutMs = 5_000): Promise<void> {
    await Promise.race([
      this.closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('connection still open')), timeoutMs)),
    ]);
  }

  close(): void {
    this.socket.destroy();
  }
}

export const basic = (username: string, password: string) =>
  `Authorization: Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export const v1RoverHead = (mountpoint: string, username: string, password: string) => [
  `GET /${mountpoint} HTTP/1.0`,
  'User-Agent: NTRIP RTKLIB/2.4.3',
  basic(username, password),
];

export const v2RoverHead = (mountpoint: string, username: string, password: string, extra: string[] = []) => [
  `GET /${mountpoint} HTTP/1.1`,
  'Host: 127.0.0.1',
  'Ntrip-Version: Ntrip/2.0',
  'User-Agent: NTRIP test',
  basic(username, password),
  ...extra,
];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a truthy value. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

/** A v1 base station connected and accepted (`ICY 200 OK`). */
export async function connectSourceV1(
  port: number,
  mountpoint: string,
  password = defaultSourcePassword,
): Promise<TestClient> {
  const source = await TestClient.request(port, [`SOURCE ${password} /${mountpoint}`, 'Source-Agent: NTRIP test']);
  await source.waitForText('ICY 200 OK\r\n\r\n');
  return source;
}

/** Whole frames of a simulated base: `seconds` epochs starting at a fixed time, so tests are repeatable. */
export function rtcmSeconds(
  stationId: number,
  seconds: number,
  position = { latitude: 52.0, longitude: 5.0, height: 50 },
) {
  const start = Date.UTC(2026, 0, 1, 12, 0, 0);
  return Array.from({ length: seconds }, (_, i) => simulatedEpochBytes({ stationId, position }, start + i * 1000));
}
