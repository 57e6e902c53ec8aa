import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { eq, isNull } from 'drizzle-orm';
import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailLinks } from '../../lib/mail-links';
import { seedNetwork } from '../../testing/fixtures';
import { createMailer } from '../mail/mailer';
import { webhookChannel } from '../webhooks/outbox';
import { createFanOut } from './fan-out';
import { createMailQueue } from './mail-queue';

// The fan-out and the mail queue on their own, on a fresh database, without the app's background worker: a station
// event goes before owner events recorded earlier (a sweep's thousands must not hold an outage back), the webhook
// channel is handed all owners of an event at once and queues one delivery per endpoint with its own envelope, and
// the mail queue claims its due people together and sends at most its rate per round.

const logger = fastify({ logger: false }).log;
const people = ['fan-a', 'fan-b', 'fan-c'];
let database: DatabaseHandle;
let outboxDir: string;
let stationId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  outboxDir = mkdtempSync(join(tmpdir(), 'fixpoint-fan-out-'));
  const { db } = database;
  const network = await seedNetwork(db, { name: 'Fan-out net' }, 1);
  const [station] = await db
    .select({ id: schema.stations.id })
    .from(schema.stations)
    .where(eq(schema.stations.networkId, network.id));
  stationId = (station as { id: string }).id;
  await db.insert(schema.users).values(people.map((id) => ({ id, name: id, email: `${id}@example.test` })));
  const accounts = await db
    .insert(schema.ntripAccounts)
    .values(people.map((id) => ({ username: `U${id}`, passwordEnc: 'sealed', name: 'rover', ownerUserId: id })))
    .returning({ id: schema.ntripAccounts.id });
  await db.insert(schema.accessWindows).values(
    accounts.map((account) => ({
      accountId: account.id,
      networkId: network.id,
      source: 'admin' as const,
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 90 * 86_400_000),
    })),
  );
  // Two of the three listen for station.down on a webhook.
  await db.insert(schema.webhookEndpoints).values(
    ['fan-a', 'fan-b'].map((id) => ({
      ownerUserId: id,
      url: `https://hooks.example/${id}`,
      events: ['station.down'],
      secretEnc: 'sealed',
    })),
  );
  // Owner events recorded before the outage (as a sweep would), then the outage.
  await db.insert(schema.alertEvents).values(
    people.map((id) => ({
      kind: 'account-login-failing',
      ownerUserId: id,
      data: { account: 'rover', count: 5 },
      dedupeKey: `login-failing:${id}`,
      createdAt: new Date(Date.now() - 10_000),
    })),
  );
  await db.insert(schema.alertEvents).values({
    kind: 'station-down',
    stationId,
    data: { stationId },
    dedupeKey: `station-down:${stationId}:test`,
  });
});

afterAll(async () => {
  await database?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

describe('the alert fan-out', () => {
  it('fans a station event out before owner events recorded earlier, to every channel in one call', async () => {
    const { db } = database;
    const calls: number[] = [];
    const fanOut = createFanOut({
      db,
      logger,
      channels: [
        async (tx, event) => {
          calls.push(event.owners.length);
          await webhookChannel(tx, event);
        },
      ],
    });
    // No time budget: exactly one event, and it is the outage.
    expect(await fanOut.runOnce(0)).toBe(1);
    const pending = await db
      .select({ kind: schema.alertEvents.kind })
      .from(schema.alertEvents)
      .where(isNull(schema.alertEvents.fannedOutAt));
    expect(pending.map((row) => row.kind)).toEqual(people.map(() => 'account-login-failing'));
    const rows = await db
      .select({ userId: schema.notifications.ownerUserId })
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, 'station-down'));
    expect(rows.map((row) => row.userId).sort()).toEqual(people);
    expect(calls).toEqual([3]);
    const deliveries = await db.select().from(schema.webhookDeliveries);
    expect(deliveries).toHaveLength(2);
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(2);
    expect(deliveries.every((d) => d.eventType === 'station.down')).toBe(true);
    expect(JSON.parse(deliveries[0]?.body ?? '{}')).toMatchObject({ type: 'station.down', data: { stationId } });

    // The rest in the next round.
    expect(await fanOut.runOnce()).toBe(3);
  });

  it('mails each person once with their burst, at most its rate per round', async () => {
    const queue = createMailQueue({
      db: database.db,
      mailer: createMailer({ from: 'alerts@example.test', outboxDir, logger }),
      links: createMailLinks({ publicUrl: 'https://portal.example', port: 3000 }),
      logger,
      brandName: 'Fixpoint',
      options: { burstMs: 0, mailsPerSecond: 2 },
    });
    expect(await queue.runOnce()).toBe(2);
    expect(await queue.runOnce()).toBe(1);
    expect(await queue.runOnce()).toBe(0);
    const mails = readdirSync(outboxDir).map((file) => readFileSync(join(outboxDir, file), 'utf8'));
    expect(mails).toHaveLength(3);
    for (const id of people) {
      const mail = mails.find((text) => text.includes(`To: ${id}@example.test`));
      // The outage and the failing logins of the same burst in one mail.
      expect(mail).toMatch(/Subject: Fixpoint: 2 /);
    }
    const unsent = await database.db
      .select()
      .from(schema.notificationMails)
      .where(isNull(schema.notificationMails.sentAt));
    expect(unsent).toHaveLength(0);
  });

  it('claims and mails a round of hundreds of people at once', async () => {
    const { db } = database;
    const crowd = Array.from({ length: 600 }, (_, i) => `crowd-${i}`);
    await db.insert(schema.users).values(crowd.map((id) => ({ id, name: id, email: `${id}@example.test` })));
    const [event] = await db
      .insert(schema.alertEvents)
      .values({ kind: 'station-down', stationId, data: { stationId }, dedupeKey: 'crowd', fannedOutAt: new Date() })
      .returning({ id: schema.alertEvents.id });
    await db
      .insert(schema.notificationMails)
      .values(crowd.map((userId) => ({ userId, eventId: (event as { id: string }).id })));
    const crowdDir = mkdtempSync(join(tmpdir(), 'fixpoint-fan-out-crowd-'));
    try {
      const queue = createMailQueue({
        db,
        mailer: createMailer({ from: 'alerts@example.test', outboxDir: crowdDir, logger }),
        links: createMailLinks({ publicUrl: 'https://portal.example', port: 3000 }),
        logger,
        brandName: 'Fixpoint',
        options: { burstMs: 0, mailsPerSecond: 1_000 },
      });
      expect(await queue.runOnce()).toBe(600);
      expect(readdirSync(crowdDir)).toHaveLength(600);
      expect(await queue.runOnce()).toBe(0);
    } finally {
      rmSync(crowdDir, { recursive: true, force: true });
    }
  });
});
