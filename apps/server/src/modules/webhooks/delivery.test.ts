import { createSecretBox, type DatabaseHandle, generateSecretKey, openDatabase, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { AppError } from '@fixpoint/shared';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookSink, type WebhookSink } from '../../testing/webhook-sink';
import { isPublicAddress, type Resolve } from './address-guard';
import { createWebhookWorker, RETRY_FOR_MS } from './delivery-worker';
import { emitWebhookEvent } from './outbox';
import { verifySignature } from './signature';
import { createWebhooksService } from './webhooks.service';

const logger = pino({ level: 'silent' });
const secretBox = createSecretBox(generateSecretKey());
/** A name that resolves to a public address when the endpoint is added, and to this machine at delivery. */
const publicAnswer: Resolve = async () => [{ address: '93.184.215.14', family: 4 }];
const rebound: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];

describe('webhook delivery', () => {
  let database: DatabaseHandle & { url?: string };
  let sink: WebhookSink;
  let userCount = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startWebhookSink();
  });
  afterAll(async () => {
    await sink.close();
    await database.close();
  });

  /** A user with one endpoint at `url` taking account.created (added while `resolve` answers a public address). */
  async function endpointFor(url: string, { resolve = publicAnswer, allowPrivate = true } = {}) {
    const userId = `hook-user-${++userCount}`;
    await database.db.insert(schema.users).values({ id: userId, name: userId, email: `${userId}@example.com` });
    const service = createWebhooksService({ db: database.db, secretBox, allowPrivate, resolve });
    const endpoint = await service.create({ userId }, { url, events: ['account.created'] });
    return { userId, endpoint, service };
  }

  const emit = (userId: string, name: string) =>
    database.db.transaction((tx) =>
      emitWebhookEvent(tx, { owner: { userId }, type: 'account.created', data: { account: { name } } }),
    );

  const deliveriesOf = (endpointId: string) =>
    database.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.endpointId, endpointId));

  it('retries a failing receiver with growing gaps for 24 hours, then disables the endpoint', async () => {
    const failing = await startWebhookSink({ status: 500 });
    try {
      const { userId, endpoint, service } = await endpointFor(`${failing.url}/hook`);
      await emit(userId, 'Retried');
      const [queued] = await deliveriesOf(endpoint.id);
      const disabled: string[] = [];
      const worker = createWebhookWorker({
        db: database.db,
        secretBox,
        logger,
        allowPrivate: true,
        random: () => 0,
        onEndpointDisabled: async (_tx, info) => {
          disabled.push(info.reason);
        },
      });
      // A fake clock: each round runs exactly when the delivery is due again.
      // (Past the stored time's microseconds, which PostgreSQL keeps and a Date does not.)
      let now = new Date((queued?.nextAttemptAt?.getTime() ?? 0) + 1);
      const attemptTimes: number[] = [];
      for (let round = 0; round < 30; round++) {
        expect(await worker.runOnce(new Date(now.getTime() - 1000))).toBe(0); // not due a second early
        expect(await worker.runOnce(now)).toBe(1);
        attemptTimes.push(now.getTime());
        const [row] = await deliveriesOf(endpoint.id);
        if (row?.status !== 'pending') break;
        now = row.nextAttemptAt as Date;
      }
      const gaps = attemptTimes.slice(1).map((time, i) => time - (attemptTimes[i] as number));
      expect(gaps.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
      for (let i = 1; i < gaps.length - 1; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1] as number);
      const retriedFor = (attemptTimes.at(-1) as number) - (attemptTimes[0] as number);
      expect(retriedFor).toBeGreaterThan(RETRY_FOR_MS - 1000);
      expect(retriedFor).toBeLessThanOrEqual(RETRY_FOR_MS);
      expect(failing.received).toHaveLength(attemptTimes.length);

      const [row] = await deliveriesOf(endpoint.id);
      expect(row).toMatchObject({ status: 'failed', responseCode: 500, attempts: attemptTimes.length });
      const [list] = (await service.list({ userId })).items;
      expect(list).toMatchObject({
        isDisabled: true,
        disabledReason: 'Deliveries failed for 24 hours (last: HTTP 500).',
      });
      expect(disabled).toEqual([list?.disabledReason]);
      // A disabled endpoint gets no new events until it is enabled again.
      expect(await emit(userId, 'While disabled')).toBe(0);
      await service.update({ userId }, endpoint.id, { isDisabled: false });
      expect(await emit(userId, 'Enabled again')).toBe(1);
      await service.remove({ userId }, endpoint.id);
      expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });

  it('refuses loopback, private, link-local and other non-public targets without the flag', async () => {
    const userId = `hook-user-${++userCount}`;
    await database.db.insert(schema.users).values({ id: userId, name: userId, email: `${userId}@example.com` });
    const strict = createWebhooksService({ db: database.db, secretBox, allowPrivate: false, resolve: rebound });
    for (const url of [
      'http://10.0.0.1/hook',
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.1.10/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00::1]/hook',
      'https://hooks.example.test/hook', // resolves to 127.0.0.1
    ]) {
      const refused = await strict.create({ userId }, { url, events: ['account.created'] }).catch((error) => error);
      expect(refused, url).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 400, code: 'WEBHOOK_TARGET_REFUSED' });
    }
    const allowed = await strict.create({ userId }, { url: 'https://93.184.215.14/hook', events: ['account.created'] });
    expect(allowed.url).toBe('https://93.184.215.14/hook');
    expect(['8.8.8.8', '2606:4700::1111', '64:ff9b::808:808'].every(isPublicAddress)).toBe(true);
    expect(
      ['0.0.0.0', '100.64.1.1', '172.31.255.255', '224.0.0.1', 'fe80::1', '64:ff9b::a00:1'].some(isPublicAddress),
    ).toBe(false);
  });

  it('checks the address again at delivery, after resolving the name, and connects to the address it checked', async () => {
    // Added while the name answered a public address; at delivery it answers 127.0.0.1 (DNS rebinding).
    const { userId, endpoint } = await endpointFor(`http://hooks.example.test:${sink.port}/rebound`, {
      allowPrivate: false,
    });
    await emit(userId, 'Rebound');
    const strictWorker = createWebhookWorker({
      db: database.db,
      secretBox,
      logger,
      allowPrivate: false,
      resolve: rebound,
    });
    expect(await strictWorker.runOnce()).toBe(1);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', responseCode: null });
    expect(row?.lastError).toMatch(/^Refused: hooks\.example\.test is at 127\.0\.0\.1/);
    expect(sink.received.filter((h) => h.url === '/rebound')).toHaveLength(0);

    // With the flag (tests, local use) the same delivery goes out, to the resolved address, under the name.
    const lenient = createWebhookWorker({ db: database.db, secretBox, logger, allowPrivate: true, resolve: rebound });
    expect(await lenient.runOnce(row?.nextAttemptAt as Date)).toBe(1);
    const hook = await sink.waitFor((h) => h.url === '/rebound');
    expect(hook.headers.host).toBe(`hooks.example.test:${sink.port}`);
    expect(verifySignature(endpoint.secret, hook.raw, hook.headers['fixpoint-signature'] as string)).toBe(true);
  });

  it('takes a delivery the database dated within the current millisecond', async () => {
    // A replay is queued with the database's time (microseconds) and may be run at once, by this process's clock
    // (milliseconds): 12:00:00.000400 is due at 12:00:00.000.
    const { userId, endpoint } = await endpointFor(`${sink.url}/same-millisecond`);
    await emit(userId, 'Same millisecond');
    await database.db.execute(
      sql`update webhook_deliveries set next_attempt_at = '2026-01-01T12:00:00.000400Z' where endpoint_id = ${endpoint.id}`,
    );
    const worker = createWebhookWorker({ db: database.db, secretBox, logger, allowPrivate: true });
    expect(await worker.runOnce(new Date('2026-01-01T11:59:59.999Z'))).toBe(0);
    expect(await worker.runOnce(new Date('2026-01-01T12:00:00.000Z'))).toBe(1);
    await sink.waitFor((h) => h.url === '/same-millisecond');
  });

  it('never delivers one event twice with two workers on two connections', async () => {
    const { userId, endpoint } = await endpointFor(`${sink.url}/pair`);
    for (let i = 0; i < 24; i++) await emit(userId, `Pair ${i}`);
    // On PostgreSQL the second worker has a database handle (a pool) of its own: the claims really race.
    const second = database.url ? await openDatabase({ url: database.url }) : database;
    try {
      const workers = [database, second].map((handle) =>
        createWebhookWorker({ db: handle.db, secretBox, logger, allowPrivate: true, batchSize: 4 }),
      );
      const drain = async (worker: (typeof workers)[number]) => {
        while ((await worker.runOnce()) > 0);
      };
      await Promise.all(workers.map(drain));
    } finally {
      if (second !== database) await second.close();
    }
    const received = sink.received.filter((h) => h.url === '/pair').map((h) => JSON.parse(h.raw).id as string);
    expect(received).toHaveLength(24);
    expect(new Set(received).size).toBe(24);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
  });
});
