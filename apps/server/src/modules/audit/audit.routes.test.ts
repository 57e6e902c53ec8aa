import { schema } from '@fixpoint/db';
import type { AuditEntry, AuditPage } from '@fixpoint/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCreditsRepository } from '../credits/credits.repository';
import { refund } from '../payments/refund';
import { applyProviderState } from '../subscriptions/lifecycle';
import { recordAudit } from './audit';

// Issue 28, decision 0064: every admin and money action leaves an audit-log entry (actor, time, target, before and
// after) in the transaction of the change; nobody can change or delete one; admins read and export it.

type Headers = { authorization: string };

let t: TestApp;
let admin: Headers;
let adminId: string;
const adminEmail = 'auditor-admin@example.com';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAdmin(t, adminEmail)).headers;
  adminId = (await t.app.inject({ url: '/api/user', headers: admin })).json().id;
});

afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as object }) });

async function log(query: Record<string, string> = {}, headers: Headers = admin): Promise<AuditPage> {
  const res = await t.app.inject({ url: '/api/admin/audit-log', query, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The newest entry of one kind about one target. */
async function latest(kind: string, targetId: string): Promise<AuditEntry> {
  const [entry] = (await log({ kind, target: targetId })).entries;
  if (!entry) throw new Error(`no ${kind} entry for ${targetId}`);
  return entry;
}

const count = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog))[0]?.n ?? 0;

describe('credit grants', () => {
  it('records an admin grant with the actor, the target and the balance before and after', async () => {
    const user = await signUpUser(t, 'Grant Receiver');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId: user.id, tokenAmount: '25', reason: 'goodwill' },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await latest('credits.grant', user.id);
    expect(entry).toMatchObject({
      actor: { id: adminId, email: adminEmail },
      kind: 'credits.grant',
      target: { kind: 'user', id: user.id, label: user.email },
      before: { balance: 0 },
      after: { balance: 25, amount: 25, reason: 'goodwill' },
    });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it('writes no entry when the change fails (the same transaction)', async () => {
    const user = await signUpUser(t, 'Empty Wallet');
    const before = await count();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId: user.id, tokenAmount: '-5' },
      headers: admin,
    });
    expect(res.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('rolls its entry back with the change when the transaction fails after the entry', async () => {
    const before = await count();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { id: adminId, email: adminEmail },
          kind: 'credits.grant',
          target: { kind: 'user', id: 'nobody' },
          after: { balance: 1 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(before);
  });
});

describe('users', () => {
  it('records a role change with the role before and after', async () => {
    const user = await signUpUser(t, 'Promoted Person');
    expect((await inject('PUT', `/api/admin/users/${user.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect(await latest('user.role', user.id)).toMatchObject({
      actor: { id: adminId, email: adminEmail },
      target: { kind: 'user', id: user.id, label: user.email },
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.role).toBe('admin');
  });

  it("closes better-auth's own admin endpoints, the way around the log", async () => {
    const user = await signUpUser(t, 'Side Door');
    const before = await count();
    for (const [path, payload] of [
      ['set-role', { userId: user.id, role: 'admin' }],
      ['ban-user', { userId: user.id }],
      ['remove-user', { userId: user.id }],
      ['set-user-password', { userId: user.id, newPassword: 'another good password' }],
      ['impersonate-user', { userId: user.id }],
    ] as const) {
      const res = await inject('POST', `/api/auth/admin/${path}`, payload);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await inject('GET', '/api/auth/admin/list-users')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ role: 'user', banned: false });
    expect(await count()).toBe(before);
  });

  it('records a disable and an enable; a refused change (disabling oneself) writes nothing', async () => {
    const user = await signUpUser(t, 'Disabled Person');
    const disabled = await inject('PUT', `/api/admin/users/${user.id}/status`, {
      status: 'disabled',
      reason: 'chargeback',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await latest('user.disable', user.id)).toMatchObject({
      target: { kind: 'user', id: user.id, label: user.email },
      before: { disabled: false, reason: null },
      after: { disabled: true, reason: 'chargeback' },
    });
    // Their web session ended with the change.
    expect((await t.app.inject({ url: '/api/user', headers: user.headers })).statusCode).toBe(401);
    await inject('PUT', `/api/admin/users/${user.id}/status`, { status: 'active' });
    expect(await latest('user.enable', user.id)).toMatchObject({
      before: { disabled: true, reason: 'chargeback' },
      after: { disabled: false, reason: null },
    });

    const before = await count();
    expect((await inject('PUT', `/api/admin/users/${adminId}/status`, { status: 'disabled' })).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });
});

describe('user deletions', () => {
  it('records a deleted user in the transaction that deletes the row, without their password', async () => {
    const leaving = await signUpUser(t, 'Leaving Person');
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: leaving.headers,
      payload: { password: 'a good password' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entry = await latest('user.delete', leaving.id);
    expect(entry).toMatchObject({
      actor: { id: leaving.id, email: leaving.email },
      target: { kind: 'user', id: leaving.id, label: leaving.email },
      before: { name: 'Leaving Person', email: leaving.email, role: 'user' },
      after: null,
    });
    expect(JSON.stringify(entry)).not.toContain('a good password');

    // A delete that rolls back leaves no entry.
    const staying = await signUpUser(t, 'Staying Person');
    const before = await count();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.delete(schema.users).where(eq(schema.users.id, staying.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toBe(before);
  });
});

describe('products and pricing', () => {
  it('records a product created, changed, archived and deleted, with before and after', async () => {
    const created = await inject('POST', '/api/admin/products', {
      name: 'Audit pack',
      amount: 500,
      currency: 'EUR',
      category: 'credits',
      creditsAmount: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(await latest('product.create', id)).toMatchObject({
      target: { kind: 'product', id, label: 'Audit pack' },
      before: null,
      after: { name: 'Audit pack', amount: 500, currency: 'eur', creditsAmount: 50 },
    });

    expect((await inject('PATCH', `/api/admin/products/${id}`, { name: 'Audit pack XL' })).statusCode).toBe(200);
    expect(await latest('product.update', id)).toMatchObject({
      before: { name: 'Audit pack', amount: 500 },
      after: { name: 'Audit pack XL', amount: 500 },
    });
    expect((await inject('POST', `/api/admin/products/${id}/archive`)).statusCode).toBe(200);
    expect(await latest('product.update', id)).toMatchObject({
      before: { isArchived: false },
      after: { isArchived: true },
    });

    expect((await inject('DELETE', `/api/admin/products/${id}`)).statusCode).toBe(204);
    expect(await latest('product.delete', id)).toMatchObject({ before: { name: 'Audit pack XL' }, after: null });
  });

  it('writes nothing for a change that fails', async () => {
    const before = await count();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await inject('PATCH', `/api/admin/products/${missing}`, { name: 'Nothing' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/admin/pricing-tables/${missing}`)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('organisations', () => {
  it("records an admin's approval of an organisation", async () => {
    const owner = await signUpUser(t, 'Org Founder');
    const created = await inject('POST', '/api/organization', { name: 'Audit Farms' }, owner.headers);
    expect(created.statusCode, created.body).toBeLessThan(300);
    const o = schema.organizations;
    const [org] = await t.database.db.select({ id: o.id }).from(o).where(eq(o.name, 'Audit Farms'));
    const id = org?.id as string;
    expect((await inject('PUT', `/api/admin/organizations/${id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect(await latest('organization.approve', id)).toMatchObject({
      target: { kind: 'organization', id, label: 'Audit Farms' },
      before: { status: 'pending' },
      after: { status: 'active' },
    });
    const granted = await inject('PUT', `/api/admin/organizations/${id}/tokens`, { tokenAmount: 12, reason: 'pilot' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await latest('credits.grant', id)).toMatchObject({
      target: { kind: 'organization', id, label: 'Audit Farms' },
      before: { balance: 0 },
      after: { balance: 12, amount: 12, reason: 'pilot' },
    });
  });
});

describe('refunds', () => {
  it("records a provider's refund as the system, with what was refunded and taken back before and after", async () => {
    const buyer = await signUpUser(t, 'Refund Buyer');
    const networkId = (await seedNetwork(t.database.db, {}, 0)).id;
    const productId = await insertPlan(t.database.db, networkId, {
      name: 'Refund pack',
      type: 'Token',
      category: 'credits',
      interval: null,
      networkId: null,
      amount: 1000,
      creditsAmount: 100,
    });
    const [checkout] = await t.database.db
      .insert(schema.checkoutSessions)
      .values({
        ownerUserId: buyer.id,
        userId: buyer.id,
        productId,
        mode: 'payment',
        provider: 'stripe',
        status: 'paid',
        amount: 1000,
        currency: 'eur',
        creditsAmount: 100,
        paymentIntentId: 'pi_audit_1',
      })
      .returning({ id: schema.checkoutSessions.id });
    const checkoutId = checkout?.id as string;
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId: buyer.id, tokenAmount: '100' },
      headers: admin,
    });
    const outcome = await t.database.db.transaction((tx) =>
      refund(tx, createCreditsRepository(t.database.db, t.database.db), {
        kind: 'refund',
        paymentIntentId: 'pi_audit_1',
        amountRefunded: 500,
        amount: 1000,
      }),
    );
    expect(outcome.outcome).toBe('processed');
    expect(await latest('payment.refund', checkoutId)).toMatchObject({
      actor: { id: null, email: 'system' },
      target: { kind: 'payment', id: checkoutId, label: 'pi_audit_1' },
      before: { amount: 1000, currency: 'eur', amountRefunded: 0, creditsRefunded: 0 },
      after: { amount: 1000, currency: 'eur', amountRefunded: 500, creditsRefunded: 50 },
    });
  });
});

describe('subscriptions', () => {
  it('records a manual grant, a cancel and a delete, with the subscription before and after', async () => {
    const user = await signUpUser(t, 'Manual Subscriber');
    const networkId = (await seedNetwork(t.database.db, {}, 0)).id;
    const productId = await insertPlan(t.database.db, networkId, {
      name: 'Partner access',
      category: 'non-billable-subscription',
      amount: 0,
      interval: null,
    });
    const granted = await inject('POST', '/api/admin/subscriptions', {
      userId: user.id,
      productId,
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const id = granted.json().id as string;
    expect(await latest('subscription.grant', id)).toMatchObject({
      target: { kind: 'subscription', id, label: 'Partner access' },
      before: null,
      after: { ownerUserId: user.id, productId, provider: 'manual', status: 'active' },
    });

    const cancelled = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/subscriptions/cancel',
      query: { subscriptionId: id },
      headers: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await latest('subscription.cancel', id)).toMatchObject({
      before: { status: 'active', cancelledAt: null },
      after: { status: 'cancelling', cancelledAt: expect.any(String) },
    });

    // Cancelling again is refused (409) and leaves no entry.
    const before = await count();
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/subscriptions/cancel',
      query: { subscriptionId: id },
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(await count()).toBe(before);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/subscriptions',
      query: { subscriptionId: id },
      headers: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await latest('subscription.delete', id)).toMatchObject({
      before: { id, status: 'cancelling' },
      after: null,
    });
  });

  it("records an owner's own cancel with them as the actor", async () => {
    const owner = await signUpUser(t, 'Self Canceller');
    const networkId = (await seedNetwork(t.database.db, {}, 0)).id;
    const productId = await insertPlan(t.database.db, networkId, { name: 'Own plan' });
    const [row] = await t.database.db
      .insert(schema.subscriptions)
      .values({
        ownerUserId: owner.id,
        productId,
        networkId,
        provider: 'manual',
        seats: 1,
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: schema.subscriptions.id });
    const id = row?.id as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/subscriptions/cancel',
      query: { subscriptionId: id },
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('subscription.cancel', id)).toMatchObject({
      actor: { id: owner.id, email: owner.email },
      after: { status: 'cancelling' },
    });
  });
});

describe("the provider's subscription changes", () => {
  it('records a cancel and an end reported by the provider, as the system', async () => {
    const owner = await signUpUser(t, 'Stripe Subscriber');
    const networkId = (await seedNetwork(t.database.db, {}, 0)).id;
    const productId = await insertPlan(t.database.db, networkId, { name: 'Provider plan' });
    const [row] = await t.database.db
      .insert(schema.subscriptions)
      .values({
        ownerUserId: owner.id,
        productId,
        networkId,
        provider: 'stripe',
        providerSubscriptionId: 'sub_audit_1',
        seats: 1,
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning({ id: schema.subscriptions.id });
    const id = row?.id as string;
    const apply = (status: 'cancelling' | 'cancelled') =>
      t.database.db.transaction((tx) => applyProviderState(tx, { providerSubscriptionId: 'sub_audit_1', status }, 3));
    expect((await apply('cancelling')).applied).toBe(true);
    expect(await latest('subscription.cancel', id)).toMatchObject({
      actor: { id: null, email: 'system' },
      target: { kind: 'subscription', id, label: 'Provider plan' },
      before: { status: 'active', cancelledAt: null },
      after: { status: 'cancelling', providerSubscriptionId: 'sub_audit_1' },
    });
    expect((await apply('cancelled')).applied).toBe(true);
    expect(await latest('subscription.end', id)).toMatchObject({
      before: { status: 'cancelling' },
      after: { status: 'cancelled' },
    });
    // The same state again changes nothing and records nothing.
    const before = await count();
    expect((await apply('cancelled')).applied).toBe(false);
    expect(await count()).toBe(before);
  });
});

describe('settings', () => {
  it('records account management, tax rates, billing settings, a published document and page metadata', async () => {
    const accounts = await inject('PUT', '/api/admin/account-settings', {
      defaultMaxConnections: 2,
      maxAccountsPerOwner: 500,
      reminderDays: 3,
      organizationAccess: 'approval',
    });
    expect(accounts.statusCode, accounts.body).toBe(200);
    expect(await latest('settings.accounts', 'accounts')).toMatchObject({
      target: { kind: 'settings', id: 'accounts' },
      before: { defaultMaxConnections: 1 },
      after: { defaultMaxConnections: 2 },
    });

    const tax = await inject('PUT', '/api/admin/tax-rates', [{ country: 'NL', rateBp: 2100, label: 'BTW' }]);
    expect(tax.statusCode, tax.body).toBe(200);
    expect(await latest('settings.tax', 'tax-rates')).toMatchObject({
      before: { rates: [] },
      after: { rates: [{ country: 'NL', rateBp: 2100, label: 'BTW' }] },
    });

    const current = (await inject('GET', '/api/admin/billing-settings')).json();
    const { nextInvoiceNumber: _next, ...billing } = current;
    const saved = await inject('PUT', '/api/admin/billing-settings', { ...billing, invoiceFooter: 'Thank you' });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = await latest('settings.billing', 'billing');
    expect(entry.after).toMatchObject({ invoiceFooter: 'Thank you' });
    expect(entry.before).not.toMatchObject({ invoiceFooter: 'Thank you' });

    const published = await inject('POST', '/api/admin/documents', {
      kind: 'terms',
      title: 'Terms of use',
      body: 'Use it well.',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(await latest('settings.document', published.json().id)).toMatchObject({
      target: { kind: 'document', label: 'terms v1' },
      after: { kind: 'terms', title: 'Terms of use', version: 1 },
    });

    const meta = await inject('PUT', '/api/meta/pages/dashboard', { title: 'Home', description: 'Start here' });
    expect(meta.statusCode, meta.body).toBe(200);
    expect(await latest('settings.meta', 'page:dashboard')).toMatchObject({
      before: null,
      after: { title: 'Home', description: 'Start here' },
    });
  });

  it('writes nothing for a settings change that is refused', async () => {
    const before = await count();
    const bad = await inject('PUT', '/api/admin/tax-rates', [
      { country: 'NL', rateBp: 2100, label: 'BTW' },
      { country: 'NL', rateBp: 900, label: 'BTW laag' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('networks, stations and templates', () => {
  it('records them created, changed and deleted, and never the source password', async () => {
    const template = await inject('POST', '/api/admin/network-templates', { name: 'Audit template', kind: 'hosted' });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json().id as string;
    expect(await latest('template.create', templateId)).toMatchObject({
      target: { kind: 'template', label: 'Audit template' },
      after: { name: 'Audit template', kind: 'hosted' },
    });

    const network = await inject('POST', '/api/admin/networks', { templateId, code: 'audit', name: 'Audit Net' });
    expect(network.statusCode, network.body).toBe(201);
    const networkId = network.json().id as string;
    expect(await latest('network.create', networkId)).toMatchObject({ after: { code: 'AUDIT', isPublished: false } });
    await inject('PATCH', `/api/admin/networks/${networkId}`, { isPublished: true });
    expect(await latest('network.update', networkId)).toMatchObject({
      before: { isPublished: false },
      after: { isPublished: true },
    });

    const added = await inject('POST', `/api/admin/networks/${networkId}/stations`, { mountpoint: 'AUDIT_ONE' });
    expect(added.statusCode, added.body).toBe(201);
    const { station, sourcePassword } = added.json();
    const created = await latest('station.create', station.id);
    expect(created).toMatchObject({
      target: { kind: 'station', label: 'AUDIT_ONE' },
      after: { mountpoint: 'AUDIT_ONE' },
    });
    const regenerated = await inject('POST', `/api/admin/networks/${networkId}/stations/${station.id}/source-password`);
    expect(regenerated.statusCode).toBe(200);
    const csv = (await t.app.inject({ url: '/api/admin/audit-log.csv', query: { target: station.id }, headers: admin }))
      .body;
    expect(csv).toContain('station.update');
    for (const secret of [sourcePassword, regenerated.json().sourcePassword]) expect(csv).not.toContain(secret);
    expect(csv).not.toMatch(/sourcePasswordHash/);

    expect((await inject('DELETE', `/api/admin/networks/${networkId}/stations/${station.id}`)).statusCode).toBe(204);
    expect(await latest('station.delete', station.id)).toMatchObject({
      before: { mountpoint: 'AUDIT_ONE' },
      after: null,
    });
    expect((await inject('DELETE', `/api/admin/networks/${networkId}`)).statusCode).toBe(204);
    expect(await latest('network.delete', networkId)).toMatchObject({ before: { name: 'Audit Net' } });
    expect((await inject('DELETE', `/api/admin/network-templates/${templateId}`)).statusCode).toBe(204);
    expect(await latest('template.delete', templateId)).toMatchObject({ before: { name: 'Audit template' } });
  });
});

describe('the table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const user = await signUpUser(t, 'Immutable Target');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId: user.id, tokenAmount: '3' },
      headers: admin,
    });
    const { id } = await latest('credits.grant', user.id);
    const refusal = async (statement: Promise<unknown>) => {
      const error = (await statement.then(
        () => null,
        (e: unknown) => e,
      )) as { cause?: { code?: string; message?: string } } | null;
      return error?.cause;
    };
    const a = schema.auditLog;
    expect(
      await refusal(t.database.db.update(a).set({ actorEmail: 'someone@else' }).where(eq(a.id, id))),
    ).toMatchObject({
      code: '42501',
      message: 'audit_log entries cannot be changed or deleted',
    });
    expect(await refusal(t.database.db.delete(a).where(eq(a.id, id)))).toMatchObject({ code: '42501' });
    expect(await refusal(t.database.db.execute(sql`truncate audit_log`))).toMatchObject({ code: '42501' });
    const [kept] = await t.database.db.select().from(a).where(eq(a.id, id));
    expect(kept?.actorEmail).toBe(adminEmail);
  });

  it('never records secrets', async () => {
    await t.database.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { id: adminId, email: adminEmail },
        kind: 'station.update',
        target: { kind: 'station', id: 'secret-test' },
        before: { name: 'A', sourcePassword: 'old', nested: { apiToken: 'x', keep: 1 } },
        after: { name: 'B', sourcePasswordHash: 'h', secretKey: 'k', sessionToken: 't', tokenAmount: 5 },
      }),
    );
    const entry = await latest('station.update', 'secret-test');
    expect(entry.before).toEqual({ name: 'A', nested: { keep: 1 } });
    expect(entry.after).toEqual({ name: 'B', tokenAmount: 5 });
  });
});

describe('GET /api/admin/audit-log', () => {
  it('answers 401 without a session and 403 to a user who is not an admin', async () => {
    const user = await signUpUser(t, 'Curious User');
    for (const url of ['/api/admin/audit-log', '/api/admin/audit-log.csv', '/api/admin/audit-log?format=csv']) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      const forbidden = await t.app.inject({ url, headers: user.headers });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('filters by actor, target, kind and date, newest first, by pages', async () => {
    const user = await signUpUser(t, 'Paged Person');
    for (const amount of ['1', '2', '3']) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/tokens',
        query: { userId: user.id, tokenAmount: amount },
        headers: admin,
      });
    }
    const first = await log({ target: user.email, limit: '2' });
    expect(first.entries.map((entry) => (entry.after as { amount: number }).amount)).toEqual([3, 2]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await log({ target: user.email, limit: '2', cursor: first.nextCursor as string });
    expect(second.entries.map((entry) => (entry.after as { amount: number }).amount)).toEqual([1]);
    expect(second.nextCursor).toBeNull();

    expect((await log({ actor: 'auditor-admin', target: user.id })).entries).toHaveLength(3);
    expect((await log({ actor: 'nobody@example.com', target: user.id })).entries).toHaveLength(0);
    expect((await log({ kind: 'user.role', target: user.id })).entries).toHaveLength(0);
    expect((await log({ targetKind: 'user', target: user.id })).entries).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log({ target: user.id, from: today, to: today })).entries).toHaveLength(3);
    expect((await log({ target: user.id, to: '2020-01-01' })).entries).toHaveLength(0);
    expect((await log({ target: user.id, from: '2999-01-01' })).entries).toHaveLength(0);

    const bad = await t.app.inject({ url: '/api/admin/audit-log', query: { kind: 'nonsense' }, headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('exports CSV with formula-like cells neutralised, at both addresses', async () => {
    const user = await signUpUser(t, 'Csv Person');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId: user.id, tokenAmount: '7', reason: '@SUM(A1)' },
      headers: admin,
    });
    await t.database.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { id: adminId, email: adminEmail },
        kind: 'product.update',
        target: { kind: 'product', id: 'csv-test', label: '=1+2' },
        before: { name: '-x' },
        after: { name: '+y' },
      }),
    );
    for (const url of ['/api/admin/audit-log.csv', '/api/admin/audit-log?format=csv']) {
      const res = await t.app.inject({ url, query: { target: 'csv-test' }, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe('time,actor_id,actor_email,kind,target_kind,target_id,target_label,before,after');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`,${adminId},${adminEmail},product.update,product,csv-test,'=1+2,`);
      expect(lines[1]).toContain('"{""name"":""-x""}"');
    }
    const grant = await t.app.inject({ url: '/api/admin/audit-log.csv', query: { target: user.id }, headers: admin });
    expect(grant.body).toContain('""reason"":""@SUM(A1)""');
    const cells = grant.body.trim().split('\r\n')[1]?.split(',') ?? [];
    expect(cells.every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/admin/audit-log']?.get).toBeDefined();
    expect(doc.paths['/api/admin/audit-log.csv']?.get).toBeDefined();
  });
});
