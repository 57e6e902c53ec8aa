import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCreditPack, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startWebhookSink, type WebhookSink } from '../../testing/webhook-sink';
import { RETRY_FOR_MS } from './delivery-worker';
import { generateWebhookSecret } from './signature';

/** The verification snippet of docs/webhooks.md, as a receiver would paste it, loaded as a module. */
async function docsVerifier(dataDir: string) {
  const docs = readFileSync(new URL('../../../../../docs/webhooks.md', import.meta.url), 'utf8');
  const snippet = docs.match(/```js\n([\s\S]*?)```/)?.[1] ?? '';
  expect(snippet.trim().split('\n').length).toBeLessThanOrEqual(10);
  const file = join(dataDir, 'verify-snippet.mjs');
  writeFileSync(file, snippet);
  const module = (await import(pathToFileURL(file).href)) as {
    verifyFixpointSignature: (secret: string, header: string, raw: string) => boolean;
  };
  return module.verifyFixpointSignature;
}

// The whole path on the real app (decision 0078): an endpoint added through the API, an account created through
// the API, the worker delivering to a real HTTP receiver on this machine (allowed by the flag), the signature
// checked by the docs' snippet; then the log, a replay and the organisation's routes.
describe('outgoing webhooks, end to end', () => {
  let t: TestApp;
  let sink: WebhookSink;
  let owner: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    sink = await startWebhookSink();
    owner = await signUpUser(t, 'Hook Owner');
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });

  it('delivers account.created, signed as the docs verify, and logs and replays it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { url: `${sink.url}/hooks`, events: ['account.created', 'account.deleted', 'session.started'] },
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    // The running server reads the caster's sessions each round; its first round starts the cursor here.
    await t.app.webhooks.sessionFeed.runOnce();
    // Stored sealed, shown only in the create's answer.
    const [row] = await t.database.db.select().from(schema.webhookEndpoints);
    expect(row?.secretEnc).not.toContain(endpoint.secret);
    const listed = (await t.app.inject({ url: '/api/webhooks', headers: owner.headers })).json();
    expect(listed.items).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const account = (
      await t.app.inject({ method: 'POST', url: '/api/accounts', headers: owner.headers, payload: { name: 'Rover 1' } })
    ).json();
    expect(await t.app.webhooks.worker.runOnce()).toBe(1);
    const hook = await sink.waitFor((h) => h.url === '/hooks');
    expect(hook.headers['fixpoint-event']).toBe('account.created');
    const body = JSON.parse(hook.raw);
    expect(body).toMatchObject({ type: 'account.created', data: { account: { id: account.id, name: 'Rover 1' } } });
    expect(hook.raw).not.toContain('password');
    const verify = await docsVerifier(t.dataDir);
    const signature = hook.headers['fixpoint-signature'] as string;
    expect(verify(endpoint.secret, signature, hook.raw)).toBe(true);
    expect(verify(endpoint.secret, signature, hook.raw.replace('Rover 1', 'Rover 2'))).toBe(false);
    expect(verify(generateWebhookSecret(), signature, hook.raw)).toBe(false);

    const log = (await t.app.inject({ url: `/api/webhooks/${endpoint.id}/deliveries`, headers: owner.headers })).json();
    expect(log.items).toMatchObject([
      { eventType: 'account.created', status: 'delivered', responseCode: 200, attempts: 1 },
    ]);
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/deliveries/${log.items[0].id}/replay`,
      headers: owner.headers,
    });
    expect(replay.statusCode).toBe(202);
    await t.app.webhooks.worker.runOnce();
    expect(sink.received.filter((h) => h.url === '/hooks')).toHaveLength(2);
    expect(JSON.parse(sink.received[1]?.raw ?? '{}').id).toBe(body.id);

    // A session the caster wrote is reported from its row; an event the endpoint did not pick is not sent.
    // (Written as the caster writes it: plain SQL, the columns it sets.)
    await t.database.db.execute(sql`
      insert into caster_sessions (account_id, mountpoint, client_address, ntrip_version, started_at)
      values (${account.id}, 'NET1_AUTO', '192.0.2.7', 2, ${new Date().toISOString()})`);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${account.id}`,
      headers: owner.headers,
      payload: { name: 'Rover 1b' },
    });
    // Rows are read once a few seconds old (a later commit with an earlier time is not skipped).
    expect(await t.app.webhooks.sessionFeed.runOnce()).toBe(0);
    expect(await t.app.webhooks.sessionFeed.runOnce(new Date(Date.now() + 10_000))).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/accounts/${account.id}`, headers: owner.headers });
    await t.app.webhooks.worker.runOnce();
    const types = sink.received.slice(2).map((h) => h.headers['fixpoint-event']);
    expect(types.sort()).toEqual(['account.deleted', 'session.started']);

    // Another user sees none of it.
    const stranger = await signUpUser(t, 'Hook Stranger');
    const foreign = await t.app.inject({ url: `/api/webhooks/${endpoint.id}/deliveries`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/webhooks' })).statusCode).toBe(401);
  });

  it('re-enables a disabled endpoint and answers bad input with its code', async () => {
    const endpoint = (
      await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: { url: `${sink.url}/second`, events: ['invoice.paid'] },
      })
    ).json();
    // A paid invoice (the local provider's checkout, as the Pay button does) is reported once, in its transaction.
    const packId = await insertCreditPack(t.database.db);
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/product?priceId=${packId}`,
      headers: owner.headers,
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/${checkout.json().checkoutSessionId}`,
      headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBeLessThan(400);
    await t.app.webhooks.worker.runOnce();
    const invoice = JSON.parse((await sink.waitFor((h) => h.url === '/second')).raw);
    expect(invoice).toMatchObject({ type: 'invoice.paid', data: { invoice: { total: 1250, currency: 'eur' } } });
    expect(invoice.data.invoice.number).toBeTruthy();

    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${endpoint.id}`,
      headers: owner.headers,
      payload: { isDisabled: true },
    });
    expect(disabled.json()).toMatchObject({ isDisabled: true, disabledReason: 'Disabled by its owner.' });
    const enabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${endpoint.id}`,
      headers: owner.headers,
      payload: { isDisabled: false },
    });
    expect(enabled.json()).toMatchObject({ isDisabled: false, disabledReason: null });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { url: 'ftp://example.com/x', events: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${endpoint.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('reports access.started once when a window waiting for the first connection starts, not for an extension', async () => {
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { url: `${sink.url}/started`, events: ['access.started'] },
    });
    expect(endpoint.statusCode).toBe(201);
    const network = await seedNetwork(t.database.db, { name: 'Startnet' }, 1);
    const account = (
      await t.app.inject({ method: 'POST', url: '/api/accounts', headers: owner.headers, payload: { name: 'Starter' } })
    ).json();
    const w = schema.accessWindows;
    const [pending] = await t.database.db
      .insert(w)
      .values({ accountId: account.id, networkId: network.id, source: 'credits', pendingDays: 30 })
      .returning();
    const started = () => sink.received.filter((h) => h.url === '/started');
    // Days bought to start at the first connection: nothing has started yet.
    await t.app.alerts.runOnce(Date.now() + 3_600_000);
    await t.app.webhooks.worker.runOnce();
    expect(started()).toHaveLength(0);
    // The caster dates the window when the rover first connects (apps/caster/src/sessions/access.ts).
    const startsAt = new Date(Date.now() - 60_000);
    const endsAt = new Date(startsAt.getTime() + 30 * 86_400_000);
    await t.database.db
      .update(w)
      .set({ startsAt, endsAt })
      .where(eq(w.id, pending?.id ?? ''));
    // Two sweeps, and an extension that follows on without a gap: still one event.
    await t.app.alerts.runOnce(Date.now() + 7_200_000);
    await t.database.db.insert(w).values({
      accountId: account.id,
      networkId: network.id,
      source: 'admin',
      startsAt: endsAt,
      endsAt: new Date(endsAt.getTime() + 86_400_000),
    });
    await t.app.alerts.runOnce(Date.now() + 10_800_000);
    await t.app.webhooks.worker.runOnce();
    await t.app.webhooks.worker.runOnce();
    expect(started()).toHaveLength(1);
    const hook = started()[0];
    expect(hook?.headers['fixpoint-event']).toBe('access.started');
    expect(JSON.parse(hook?.raw ?? '{}')).toMatchObject({
      type: 'access.started',
      data: { accountId: account.id, account: 'Starter', networkName: 'Startnet' },
    });
    const rows = await t.database.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.eventType, 'access.started'));
    expect(rows).toHaveLength(1);
    // Off in-app by default (it is for integrations): the owner's bell stays quiet.
    const bell = (await t.app.inject({ url: '/api/notifications', headers: owner.headers })).json();
    expect(bell.items.filter((n: { kind: string }) => n.kind === 'access-started')).toHaveLength(0);
  });

  it('disables an endpoint failing for 24 hours and tells its owner in the portal and by e-mail', async () => {
    const failing = await startWebhookSink({ status: 500 });
    try {
      const endpoint = (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: owner.headers,
          payload: { url: `${failing.url}/down`, events: ['account.created'] },
        })
      ).json();
      await t.app.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: owner.headers,
        payload: { name: 'Unheard' },
      });
      // A fake clock: the first attempt comes after the 24 hours, so it is the last and the endpoint is disabled.
      await t.app.webhooks.worker.runOnce(new Date(Date.now() + RETRY_FOR_MS + 60_000));
      expect(failing.received).toHaveLength(1);
      const listed = (await t.app.inject({ url: '/api/webhooks', headers: owner.headers })).json();
      expect(listed.items.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({ isDisabled: true });
      await t.app.alerts.runOnce();
      const bell = (await t.app.inject({ url: '/api/notifications', headers: owner.headers })).json();
      const told = bell.items.filter((n: { kind: string }) => n.kind === 'webhook-disabled');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: 'A webhook endpoint was disabled', link: '/settings/webhooks' });
      expect(told[0].body).toContain(`${failing.url}/down`);
      expect(told[0].body).toContain('HTTP 500');
      const [event] = await t.database.db
        .select()
        .from(schema.alertEvents)
        .where(eq(schema.alertEvents.kind, 'webhook-disabled'));
      const mails = await t.database.db
        .select()
        .from(schema.notificationMails)
        .where(eq(schema.notificationMails.eventId, event?.id ?? ''));
      expect(mails.map((m) => m.userId)).toEqual([owner.id]);
    } finally {
      await failing.close();
    }
  });

  it("serves an organisation's endpoints to its owners and admins, not its members", async () => {
    const admin = (await signInAdmin(t)).headers;
    const orgId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/organization',
        payload: { name: 'Hook Org' },
        headers: owner.headers,
      })
    ).json().organization.id as string;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${orgId}/status`,
      payload: { status: 'active' },
      headers: admin,
    });
    const member = await signUpUser(t, 'Hook Member');
    await t.database.db.insert(schema.organizationMembers).values({ orgId, userId: member.id, role: 'member' });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/webhooks`,
      headers: owner.headers,
      payload: { url: `${sink.url}/org`, events: ['account.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.app.inject({ url: `/api/org/${orgId}/webhooks`, headers: member.headers })).statusCode).toBe(403);
    // The organisation's account reports to the organisation's endpoint, not the owner's own.
    await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/accounts`,
      headers: owner.headers,
      payload: { name: 'Org Rover' },
    });
    await t.app.webhooks.worker.runOnce();
    const hook = await sink.waitFor((h) => h.url === '/org');
    expect(JSON.parse(hook.raw).data.account.name).toBe('Org Rover');
    expect(sink.received.filter((h) => h.url === '/hooks' && h.raw.includes('Org Rover'))).toHaveLength(0);

    const docs = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/webhooks',
        '/api/webhooks/{id}',
        '/api/webhooks/{id}/deliveries',
        '/api/webhooks/{id}/deliveries/{deliveryId}/replay',
        '/api/org/{orgId}/webhooks',
      ]),
    );
  });
});
