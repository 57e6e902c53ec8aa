import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { type Caster, type CasterOptions, createCaster, silentLogger, simulatedEpochBytes } from '@fixpoint/caster';
import { createSecretBox, hashSecret, schema } from '@fixpoint/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Issue 31's "done when": a real base stops sending to a real caster; within 60 s of the caster declaring it down,
// the owner of an account with access has an unread `station-down` notification naming the station and an e-mail
// in the outbox; a `station-up` follows when the base is back; a base flapping down and up ten times makes at most
// two mails. A base sending at a third of its usual rate is degraded, and back to normal when it sends as usual again.
// CASTER_SOURCE_TIMEOUT_SECONDS and the degraded windows are short here so the test takes seconds, not minutes.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(100);
  }
}

/** A base station on a real socket: logs in with SOURCE, then sends a second of RTCM every 200 ms while told to. */
class Base {
  socket: Socket | undefined;
  #timer: NodeJS.Timeout | undefined;
  constructor(
    readonly port: number,
    readonly mountpoint: string,
    readonly password: string,
  ) {}

  async connect() {
    const socket = connect({ host: '127.0.0.1', port: this.port });
    this.socket = socket;
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.write(`SOURCE ${this.password} /${this.mountpoint}\r\nSource-Agent: NTRIP alerts-test\r\n\r\n`);
    await eventually(async () => text.startsWith('ICY 200 OK'), 5_000);
    this.send();
  }

  /** Sends an epoch every `intervalMs` (200: its usual rate; slower: degraded). */
  send(intervalMs = 200) {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      if (!this.socket?.destroyed)
        this.socket?.write(
          simulatedEpochBytes({ stationId: 7, position: { latitude: 52, longitude: 5, height: 40 } }, Date.now()),
        );
    }, intervalMs);
  }

  /** Goes silent with the connection open: the caster drops it after its source timeout. */
  silence() {
    clearInterval(this.#timer);
  }

  close() {
    clearInterval(this.#timer);
    this.socket?.destroy();
  }
}

interface Setup {
  t: TestApp;
  casters: Caster[];
  owner: Awaited<ReturnType<typeof signUpUser>>;
  stationId: string;
  mountpoint: string;
  base: Base;
}

async function setUp(casterOptions: Partial<CasterOptions>, casterCount: number): Promise<Setup> {
  const t = await createTestApp({ ALERT_MAIL_BURST_SECONDS: '1', PUBLIC_URL: 'https://portal.example' });
  const owner = await signUpUser(t, `Alert Owner ${casterCount}`);
  const network = await seedNetwork(t.database.db, { name: 'Polder RTK' }, 1);
  const mountpoint = `${network.code}_ST1`;
  const password = randomBytes(15).toString('base64url');
  const [station] = await t.database.db
    .update(schema.stations)
    .set({ sourcePasswordHash: await hashSecret(password, { logN: 4 }) })
    .where(eq(schema.stations.mountpoint, mountpoint))
    .returning({ id: schema.stations.id });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/accounts',
    payload: { name: 'Tractor' },
    headers: owner.headers,
  });
  await t.database.db.insert(schema.accessWindows).values({
    accountId: created.json().id as string,
    networkId: network.id,
    source: 'admin',
    startsAt: new Date(Date.now() - 60_000),
    // Past the longest reminder setting (60 days): the alerts worker's sweep, which runs in the background
    // whenever it likes, must find no access ending to tell of besides what the test looks for.
    endsAt: new Date(Date.now() + 90 * 86_400_000),
  });
  const casters: Caster[] = [];
  for (let i = 0; i < casterCount; i++) {
    const caster = createCaster({
      db: t.database.db,
      secretBox: createSecretBox(t.secretKey),
      logger: silentLogger,
      options: {
        host: '127.0.0.1',
        port: 0,
        catalogTtlMs: 0,
        stateFlushMs: 200,
        sourceStaleMs: 300,
        alertTickMs: 100,
        instance: `alerts-${i}`,
        ...casterOptions,
      },
    });
    await caster.start();
    casters.push(caster);
  }
  const base = new Base((casters[0] as Caster).port, mountpoint, password);
  return { t, casters, owner, stationId: (station as { id: string }).id, mountpoint, base };
}

async function tearDown(setup: Setup | undefined) {
  setup?.base.close();
  for (const caster of setup?.casters ?? []) await caster.stop();
  await setup?.t.close();
}

const notificationsOf = async (s: Setup) =>
  (await s.t.app.inject({ url: '/api/notifications', headers: s.owner.headers })).json() as {
    items: { id: string; kind: string; title: string; body: string; readAt: string | null; link: string | null }[];
    unread: number;
  };

/** The alert mails in the outbox to this address (not the sign-up's verification mail): subject and text. */
function mailsTo(t: TestApp, email: string) {
  const dir = join(t.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return (
    files
      // Quoted-printable: soft line breaks joined again.
      .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => ({ subject: /^Subject: (.*)$/m.exec(mail)?.[1] ?? '', mail }))
      .filter((mail) => mail.subject.startsWith('Fixpoint: '))
  );
}

const alertStateOf = async (s: Setup) =>
  (
    await s.t.database.db
      .select({ state: schema.stationAlertStates.state })
      .from(schema.stationAlertStates)
      .where(eq(schema.stationAlertStates.stationId, s.stationId))
  )[0]?.state;

describe('a base going down and coming back', () => {
  let s: Setup | undefined;
  beforeAll(async () => {
    // Two caster processes on one database: both see the outage, one event is recorded.
    s = await setUp({ sourceTimeoutMs: 500, alertHoldMs: 1_000 }, 2);
  });
  afterAll(() => tearDown(s));

  it('tells the owner by notification and e-mail within 60 s of the caster declaring it down, and again when it is back', async () => {
    const setup = s as Setup;
    await setup.base.connect();
    await eventually(async () => (await alertStateOf(setup)) === 'up', 10_000);

    setup.base.silence();
    // The caster declares it down: its source dropped after the timeout.
    await eventually(async () => (setup.casters[0]?.sourceCount ?? 1) === 0, 10_000);
    const declaredAt = Date.now();

    const down = await eventually(async () => {
      const list = await notificationsOf(setup);
      return list.items.find((item) => item.kind === 'station-down');
    }, 60_000);
    expect(down.title).toContain(setup.mountpoint);
    expect(down.body).toContain('Polder RTK');
    expect(down.readAt).toBeNull();
    expect(down.link).toBe('/status');
    const mail = await eventually(async () => mailsTo(setup.t, setup.owner.email)[0], 60_000);
    expect(Date.now() - declaredAt).toBeLessThan(60_000);
    expect(mail.subject).toContain(setup.mountpoint);
    expect(mail.mail).toContain('https://portal.example/notifications');

    // The service status names the down station.
    const status = (await setup.t.app.inject({ url: '/api/service-status', headers: setup.owner.headers })).json();
    expect(status.state).toBe('down');
    expect(status.stations).toEqual([expect.objectContaining({ name: setup.mountpoint, state: 'down' })]);

    // Two processes saw the outage: one event.
    const events = await setup.t.database.db
      .select()
      .from(schema.alertEvents)
      .where(and(eq(schema.alertEvents.stationId, setup.stationId), eq(schema.alertEvents.kind, 'station-down')));
    expect(events).toHaveLength(1);

    setup.base.close();
    await setup.base.connect();
    const up = await eventually(async () => {
      const list = await notificationsOf(setup);
      return list.items.find((item) => item.kind === 'station-up');
    }, 30_000);
    expect(up.title).toContain(setup.mountpoint);
    const after = (await setup.t.app.inject({ url: '/api/service-status', headers: setup.owner.headers })).json();
    expect(after.state).toBe('operational');

    // Marking read: the bell's count goes to zero.
    const read = await setup.t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: setup.owner.headers,
      payload: { all: true },
    });
    expect(read.json()).toEqual({ updated: 2, unread: 0 });
  }, 120_000);
});

describe('a flapping base', () => {
  let s: Setup | undefined;
  beforeAll(async () => {
    s = await setUp({ sourceTimeoutMs: 400, alertHoldMs: 8_000 }, 1);
  });
  afterAll(() => tearDown(s));

  it('going down and up ten times sends at most two mails', async () => {
    const setup = s as Setup;
    await setup.base.connect();
    await eventually(async () => (await alertStateOf(setup)) === 'up', 10_000);
    for (let flap = 0; flap < 10; flap++) {
      setup.base.close();
      await sleep(700);
      await setup.base.connect();
      await sleep(300);
    }
    // Steady again; the hold lets the recovery through once it has passed.
    await eventually(async () => {
      const list = await notificationsOf(setup);
      return list.items.some((item) => item.kind === 'station-up');
    }, 30_000);
    await sleep(3_000);
    const list = await notificationsOf(setup);
    expect(list.items.filter((item) => item.kind === 'station-down')).toHaveLength(1);
    expect(list.items.filter((item) => item.kind === 'station-up')).toHaveLength(1);
    const mails = mailsTo(setup.t, setup.owner.email);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(2);
  }, 120_000);
});

describe('a base sending less than usual', () => {
  let s: Setup | undefined;
  beforeAll(async () => {
    s = await setUp(
      {
        sourceTimeoutMs: 3_000,
        alertHoldMs: 1_000,
        degradation: { baselineMs: 4_000, recentMs: 1_500, missingFactor: 5, positionJumpM: 1 },
      },
      1,
    );
  });
  afterAll(() => tearDown(s));

  it('tells the owner it is degraded and why, shows it degraded in the service status, and tells when it is back to normal', async () => {
    const setup = s as Setup;
    await setup.base.connect();
    await eventually(async () => (await alertStateOf(setup)) === 'up', 10_000);
    // Its usual rate, for longer than the baseline window; then an epoch every 700 ms instead of every 200 ms.
    await sleep(6_000);
    setup.base.send(700);
    const degraded = await eventually(async () => {
      const list = await notificationsOf(setup);
      return list.items.find((item) => item.kind === 'station-degraded');
    }, 20_000);
    expect(degraded.title).toBe(`Station ${setup.mountpoint} is degraded`);
    // Slowing every epoch also spaces its 1006 out: whichever rule sees it first names its reason (each rule on its own
    // is checked in apps/caster/src/alerts/degradation.test.ts).
    expect(degraded.body).toMatch(
      /its data rate is \d+ % of its usual|message types it usually sends are missing \(1006\)/,
    );
    const rate = /rate is (\d+) %/.exec(degraded.body)?.[1];
    if (rate !== undefined) expect(Number(rate)).toBeLessThan(50);
    const status = (await setup.t.app.inject({ url: '/api/service-status', headers: setup.owner.headers })).json();
    expect(status.state).toBe('degraded');
    expect(status.stations).toEqual([expect.objectContaining({ name: setup.mountpoint, state: 'degraded' })]);

    setup.base.send(200);
    const normal = await eventually(async () => {
      const list = await notificationsOf(setup);
      return list.items.find((item) => item.kind === 'station-up');
    }, 20_000);
    expect(normal.title).toBe(`Station ${setup.mountpoint} is back to normal`);
    expect(await alertStateOf(setup)).toBe('up');
    const after = (await setup.t.app.inject({ url: '/api/service-status', headers: setup.owner.headers })).json();
    expect(after.state).toBe('operational');
    // Neither was an outage, and the degraded one was told once.
    const list = await notificationsOf(setup);
    expect(list.items.map((item) => item.kind).sort()).toEqual(['station-degraded', 'station-up']);
  }, 60_000);
});
