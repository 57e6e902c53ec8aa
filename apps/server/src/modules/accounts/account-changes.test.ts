import { connect } from 'node:net';
import { type Caster, createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// An account revoked, re-keyed or deleted in the portal ends its live caster sessions at once: the accounts service
// tells the caster (in-process here, as `npm start` wires it; every caster through NATS in a cluster), instead of
// waiting for the caster's account poll, which this test sets to a minute.

let t: TestApp;
let caster: Caster;
let owner: Awaited<ReturnType<typeof signUpUser>>;
let mountpoint: string;
let networkId: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onAccountsChanged: (ids) => {
        for (const id of ids) caster?.accountChanged(id);
      },
    },
  );
  owner = await signUpUser(t, 'Revoking Owner');
  const network = await seedNetwork(t.database.db, {}, 1);
  networkId = network.id;
  mountpoint = `${network.code}_ST1`;
  caster = createCaster({
    db: t.database.db,
    secretBox: createSecretBox(t.secretKey),
    logger: silentLogger,
    options: { host: '127.0.0.1', port: 0, catalogTtlMs: 0, accountPollMs: 60_000, instance: 'account-changes' },
  });
  await caster.start();
});

afterAll(async () => {
  await caster?.stop();
  await t?.close();
});

async function connectedRover() {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/accounts',
    payload: { name: 'Tractor' },
    headers: owner.headers,
  });
  const { id } = created.json() as { id: string };
  const { username, password } = (
    await t.app.inject({ url: `/api/accounts/${id}/credentials`, headers: owner.headers })
  ).json() as { username: string; password: string };
  await t.database.db.insert(schema.accessWindows).values({
    accountId: id,
    networkId,
    source: 'admin',
    startsAt: new Date(Date.now() - 60_000),
    endsAt: new Date(Date.now() + 3_600_000),
  });
  const socket = connect({ host: '127.0.0.1', port: caster.port });
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  const auth = Buffer.from(`${username}:${password}`).toString('base64');
  socket.write(`GET /${mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP test\r\nAuthorization: Basic ${auth}\r\n\r\n`);
  const deadline = Date.now() + 5_000;
  while (!text.startsWith('ICY 200 OK') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(text).toBe('ICY 200 OK\r\n\r\n');
  return { id, closed };
}

/** The session's close reason once the caster has written it (a database write: allow for a loaded machine). */
const closeReasonOf = async (accountId: string) => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await t.database.db
      .select({ closeReason: schema.casterSessions.closeReason })
      .from(schema.casterSessions)
      .where(eq(schema.casterSessions.accountId, accountId));
    if (row?.closeReason) return row.closeReason;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
};

describe('account changes reach the caster at once', () => {
  it.each([
    [
      'revoked',
      'account-disabled',
      (id: string) => ({ method: 'POST', url: '/api/accounts/revoke', payload: { ids: [id] } }),
    ],
    [
      're-keyed',
      'password-changed',
      (id: string) => ({ method: 'POST', url: '/api/accounts/rotate', payload: { ids: [id] } }),
    ],
    ['deleted', 'account-deleted', (id: string) => ({ method: 'DELETE', url: `/api/accounts/${id}` })],
  ] as const)('an account %s ends its live session within a second', async (_label, reason, request) => {
    const rover = await connectedRover();
    const sentAt = Date.now();
    const res = await t.app.inject({ ...request(rover.id), headers: owner.headers } as InjectOptions);
    expect(res.statusCode).toBeLessThan(300);
    const closedAt = await Promise.race([rover.closed, new Promise<number>((r) => setTimeout(() => r(0), 3_000))]);
    expect(closedAt, 'session closed').toBeGreaterThan(0);
    expect(closedAt - sentAt).toBeLessThan(1_000);
    if (reason !== 'account-deleted') expect(await closeReasonOf(rover.id)).toBe(reason);
  });
});
