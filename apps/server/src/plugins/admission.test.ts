import { connect } from 'node:net';
import { type Caster, createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerAdmission, serverBusyMessage } from './admission';

// Load shedding on the embedded database (docs/decisions/0083), on a real PGlite: past what the one connection
// serves, API requests wait at most API_QUEUE_MAX_MS for their turn and are then refused with 503 SERVER_BUSY and
// Retry-After; a request that got its turn runs to its end; the caster in the same process logs rovers in ahead of
// whatever waits for the database.

const maxWaitMs = 250;
let t: TestApp;
let caster: Caster;
let owner: Awaited<ReturnType<typeof signUpUser>>;
let networkId: string;
let mountpoint: string;

beforeAll(async () => {
  t = await createTestApp({ API_QUEUE_MAX_MS: String(maxWaitMs) }, { pglite: true });
  owner = await signUpUser(t, 'Busy Owner');
  const network = await seedNetwork(t.database.db, {}, 1);
  networkId = network.id;
  mountpoint = `${network.code}_ST1`;
  // As main.ts wires it on PGlite: the caster's login reads in the database's priority lane.
  caster = createCaster({
    db: t.database.db,
    loginDb: t.database.priority,
    secretBox: createSecretBox(t.secretKey),
    logger: silentLogger,
    options: { host: '127.0.0.1', port: 0, catalogTtlMs: 0, instance: 'admission' },
  });
  await caster.start();
});

afterAll(async () => {
  await caster?.stop();
  await t?.close();
});

interface Answer {
  response: LightMyRequestResponse;
  /** Order in which the answers came back, over the whole burst. */
  order: number;
}

/** Sends every request at once and collects the answers with the order they came back in. */
async function burst(requests: InjectOptions[]): Promise<Answer[]> {
  let answered = 0;
  return Promise.all(
    requests.map(async (request) => {
      const response = await t.app.inject(request);
      return { response, order: answered++ };
    }),
  );
}

const accountRead = () => ({ method: 'GET' as const, url: '/api/accounts', headers: owner.headers });
const accountWrite = (name: string) => ({
  method: 'POST' as const,
  url: '/api/accounts',
  payload: { name },
  headers: owner.headers,
});

const accountNamed = async (name: string) =>
  t.database.db
    .select({ id: schema.ntripAccounts.id })
    .from(schema.ntripAccounts)
    .where(eq(schema.ntripAccounts.name, name));

describe('past the embedded database capacity', () => {
  it('refuses with 503 SERVER_BUSY and Retry-After, while admitted writes commit whole', async () => {
    const writes = Array.from({ length: 20 }, (_, i) => `Burst write ${i}`);
    // 600 reads and writes at once, the first of them a write, then one in every 30.
    const requests = [
      accountWrite('Admitted write'),
      ...writes.flatMap((name) => [...Array.from({ length: 29 }, accountRead), accountWrite(name)]),
    ];
    const answers = await burst(requests);

    const statuses = answers.map(({ response }) => response.statusCode);
    expect(new Set(statuses)).toEqual(new Set([200, 201, 503]));
    expect(statuses[0]).toBe(201);
    for (const { response } of answers.filter(({ response }) => response.statusCode === 503)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(response.json()).toEqual({
        code: 'SERVER_BUSY',
        message: serverBusyMessage,
        requestId: response.headers['x-request-id'],
      });
    }
    // Every write either committed (201, and its account is there) or was refused before anything was done.
    expect(await accountNamed('Admitted write')).toHaveLength(1);
    for (const [i, name] of writes.entries()) {
      const status = statuses[30 * (i + 1)];
      expect([201, 503]).toContain(status);
      expect(await accountNamed(name), name).toHaveLength(status === 201 ? 1 : 0);
    }
  });

  it('refuses at once, without waiting, when the line ahead would take longer than the set time', async () => {
    // The burst above taught the server how long a turn takes; a second one is refused mostly on arrival, before the
    // first of its admitted reads has been answered.
    const answers = await burst(Array.from({ length: 600 }, accountRead));
    const firstServed = Math.min(...answers.filter(({ response }) => response.statusCode === 200).map((a) => a.order));
    const refused = answers.filter(({ response }) => response.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter(({ order }) => order < firstServed).length).toBeGreaterThan(refused.length / 2);
  });

  it('logs a rover in ahead of the page reads and jobs queued for the database, and drops none of them', async () => {
    const created = (await t.app.inject(accountWrite('Rover'))).json() as { id: string };
    const credentials = (
      await t.app.inject({ url: `/api/accounts/${created.id}/credentials`, headers: owner.headers })
    ).json() as { username: string; password: string };
    await t.database.db.insert(schema.accessWindows).values({
      accountId: created.id,
      networkId,
      source: 'admin',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });

    // Page reads past capacity, and background work queued for the database ahead of the login.
    let pageReadsAnswered = 0;
    const pageReads = Promise.all(
      Array.from({ length: 300 }, () =>
        t.app.inject(accountRead()).then((response) => {
          pageReadsAnswered++;
          return response.statusCode;
        }),
      ),
    );
    let jobsDone = 0;
    const jobs = Array.from({ length: 100 }, () =>
      t.database.db.execute(sql`select count(*) from generate_series(1, 5000)`).then(() => jobsDone++),
    );

    const socket = connect({ host: '127.0.0.1', port: caster.port });
    let text = '';
    const loggedIn = new Promise<{ jobsDone: number; pageReadsAnswered: number }>((resolve, reject) => {
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve({ jobsDone, pageReadsAnswered });
      });
      socket.on('error', reject);
    });
    const auth = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
    socket.write(`GET /${mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP test\r\nAuthorization: Basic ${auth}\r\n\r\n`);
    const atLogin = await loggedIn;
    socket.destroy();

    expect(text).toBe('ICY 200 OK\r\n\r\n');
    expect(atLogin.jobsDone).toBeLessThan(50);
    expect(atLogin.pageReadsAnswered).toBeLessThan(300);
    expect(await Promise.all(jobs)).toHaveLength(100);
    expect(new Set(await pageReads)).toEqual(new Set([200, 503]));
  });
});

describe('a line that stands', () => {
  it('is kept to a tenth of the set time once it has not emptied for that long', async () => {
    // The line alone, on a stepped clock, in front of a route that answers when told: one request at a time, each
    // turn 100 ms, and always four or five waiting.
    let clock = 0;
    const app = Fastify();
    registerAdmission(app, { concurrency: 1, maxWaitMs: 1000, now: () => clock });
    const turns: (() => void)[] = [];
    app.get('/api/held', () => new Promise((resolve) => turns.push(() => resolve({}))));
    await app.ready();
    const settled = async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const answers: Promise<number>[] = [];
    const send = () => {
      const answer = app.inject({ url: '/api/held' }).then((response) => response.statusCode);
      answers.push(answer);
      return answer;
    };
    /** The request holding the turn answers 100 ms after it got it, and the next in line takes the turn. */
    const nextTurn = async () => {
      clock += 100;
      turns.shift()?.();
      await settled();
    };

    for (let i = 0; i < 6; i++) send();
    await settled();
    const waitingAt = new Map<number, boolean>();
    for (let step = 1; step <= 11; step++) {
      await nextTurn();
      let isAnswered = false;
      void send().then(() => {
        isAnswered = true;
      });
      await settled();
      waitingAt.set(clock, !isAnswered);
    }

    // Within the first second the line is a burst: five ahead (500 ms) is within the second, so it waits.
    expect(waitingAt.get(500)).toBe(true);
    expect(waitingAt.get(1000)).toBe(true);
    // It has not emptied for more than a second: five ahead is more than a tenth of it, refused at once.
    expect(waitingAt.get(1100)).toBe(false);
    expect(await answers.at(-1)).toBe(503);

    while (turns.length > 0) await nextTurn();
    expect(new Set(await Promise.all(answers.slice(0, -1)))).toEqual(new Set([200]));
    await app.close();
  });
});

describe('a client that goes away', () => {
  it('gives back its turn though its answer never goes out', async () => {
    // One turn, held by a request whose client closes its connection before the route answers (a page cancels its
    // reads on log-out): once the route answers, the next request gets the turn at once.
    const app = Fastify();
    registerAdmission(app, { concurrency: 1, maxWaitMs: 60_000 });
    let answer: (() => void) | undefined;
    let isHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      isHeld = resolve;
    });
    app.get('/api/held', async () => {
      isHeld();
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return { answered: true };
    });
    app.get('/api/next', async () => ({ next: true }));
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);

    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    socket.on('error', () => undefined);
    socket.write('GET /api/held HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await held;
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer?.();

    const next = await fetch(`${address}/api/next`, { signal: AbortSignal.timeout(5_000) });
    expect(next.status).toBe(200);
    expect(await next.json()).toEqual({ next: true });
    await app.close();
  });
});
