import { schema } from '@fixpoint/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCreditPack, insertPlan, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

/**
 * Invoices, checkouts and the credit ledger outlive their owner (docs/decisions/0063): deleting a person or an
 * organisation erases the person or organisation, never what was issued to them.
 */
describe('money records when their owner is deleted', () => {
  let t: TestApp;
  let packId: string;

  /** Buys the pack through the local provider, for the user or the organisation `orgId`. */
  async function buy(user: User, orgId?: string) {
    const base = orgId ? `/api/org/${orgId}` : '/api';
    const started = await t.app.inject({
      method: 'POST',
      url: `${base}/checkout/product?priceId=${packId}`,
      headers: user.headers,
    });
    expect(started.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(started.json().url).pathname,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
  }
  const invoices = () => t.database.db.select().from(schema.invoices).orderBy(asc(schema.invoices.number));
  const ledger = async () => {
    const l = schema.creditLedger;
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${l.amount}), 0)::int` })
      .from(l);
    return row;
  };
  /** The database's refusal of a statement (drizzle wraps it as the cause of its own error), or '' if it ran. */
  const refusal = (statement: PromiseLike<unknown>) =>
    Promise.resolve(statement).then(
      () => '',
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );
  /** What an auditor compares: each invoice as issued, without the owner reference that goes with the owner. */
  // What an invoice says as issued: not its owner link (erased) nor its receipt mark (the receipt job may run
  // meanwhile).
  const asIssued = (rows: Awaited<ReturnType<typeof invoices>>) =>
    rows.map(({ ownerUserId, ownerOrgId, receiptSentAt, ...issued }) => issued);

  beforeAll(async () => {
    t = await createTestApp();
    packId = await insertCreditPack(t.database.db);
  });
  afterAll(() => t?.close());

  it('keeps every invoice as issued, the ledger sum and the gapless series after deleting a user and an organisation', async () => {
    const admin = await signInAdmin(t);
    const leaving = await signUpUser(t, 'Leaving Lea');
    const staying = await signUpUser(t, 'Staying Sam');
    const orgOwner = await signUpUser(t, 'Org Olga');
    await t.app.inject({
      method: 'PUT',
      url: '/api/billing/profile',
      headers: leaving.headers,
      payload: {
        name: 'Lea Leaving',
        company: 'Leaving BV',
        address: 'Dijk 1',
        postalCode: '1011 AA',
        city: 'Amsterdam',
        country: 'NL',
      },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: orgOwner.headers,
      payload: { name: 'Closing Co' },
    });
    const orgId = created.json().organization.id as string;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${orgId}/status`,
      headers: admin.headers,
      payload: { status: 'active' },
    });

    await buy(leaving);
    await buy(staying);
    await buy(orgOwner, orgId);
    await buy(leaving);
    const before = await invoices();
    expect(before).toHaveLength(4);
    expect(before.filter((row) => row.ownerUserId === leaving.id)).toHaveLength(2);
    expect(before.filter((row) => row.ownerOrgId === orgId)).toHaveLength(1);
    const ledgerBefore = await ledger();
    expect(ledgerBefore).toEqual({ count: 4, sum: 200 });

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: leaving.headers,
      payload: { password: 'a good password' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/org/${orgId}`, headers: orgOwner.headers })).statusCode,
    ).toBe(204);
    // The person and the organisation are gone.
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.id, leaving.id))).toEqual([]);
    expect(await t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, orgId))).toEqual(
      [],
    );

    // Their invoices are not: same numbers, buyer, lines and totals, with no owner left to point at.
    const after = await invoices();
    expect(asIssued(after)).toEqual(asIssued(before));
    const erased = after.filter((row) => !row.ownerUserId && !row.ownerOrgId);
    expect(erased).toHaveLength(3);
    expect(erased.filter((row) => row.buyer.name === 'Lea Leaving' && row.buyer.company === 'Leaving BV')).toHaveLength(
      2,
    );
    expect(after.find((row) => row.ownerUserId === staying.id)?.buyer).toMatchObject({ name: 'Staying Sam' });
    // The series has no gap: 1, 2, 3, 4.
    expect(after.map((row) => Number(row.number.replace(/\D/g, '')))).toEqual([1, 2, 3, 4]);
    expect(await ledger()).toEqual(ledgerBefore);
    const checkouts = await t.database.db
      .select({ status: schema.checkoutSessions.status })
      .from(schema.checkoutSessions);
    expect(checkouts.filter((row) => row.status === 'paid')).toHaveLength(4);

    // The next invoice continues the series, and the one still a customer sees theirs.
    await buy(staying);
    expect((await invoices()).map((row) => row.number.slice(-1))).toEqual(['1', '2', '3', '4', '5']);
    const billing = (await t.app.inject({ url: '/api/billing', headers: staying.headers })).json();
    expect(billing.invoices).toHaveLength(2);
  });

  it('records a refund of an erased owner’s payment without touching credits, and holds a payment that comes after', async () => {
    const gone = await signUpUser(t, 'Gone Gus');
    await buy(gone);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/product?priceId=${packId}`,
      headers: gone.headers,
    });
    const unpaidId = started.json().checkoutSessionId as string;
    const c = schema.checkoutSessions;
    const [paid] = await t.database.db
      .select()
      .from(c)
      .where(and(eq(c.ownerUserId, gone.id), eq(c.status, 'paid')));
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: gone.headers,
      payload: { password: 'a good password' },
    });
    expect(deleted.statusCode).toBe(200);
    const ledgerBefore = await ledger();
    const handle = t.app.payments.fulfilmentService.handle;

    const refunded = await handle({
      provider: 'local',
      eventId: `refund-${paid?.id}`,
      type: 'charge.refunded',
      action: { kind: 'refund', paymentIntentId: paid?.paymentIntentId as string, amountRefunded: 1250, amount: 1250 },
    });
    expect(refunded).toBe('processed');
    const [afterRefund] = await t.database.db
      .select()
      .from(c)
      .where(eq(c.id, paid?.id as string));
    expect(afterRefund).toMatchObject({ amountRefunded: 1250, creditsRefunded: 0, creditsUnrecovered: 50 });

    const late = await handle({
      provider: 'local',
      eventId: `late-${unpaidId}`,
      type: 'checkout.session.completed',
      action: { kind: 'checkout-completed', checkoutSessionId: unpaidId, isPaid: true },
    });
    expect(late).toBe('needs_review');
    const [held] = await t.database.db.select().from(c).where(eq(c.id, unpaidId));
    expect(held?.status).toBe('needs_review');
    expect(await ledger()).toEqual(ledgerBefore);
  });

  it('refuses deleting an account whose Stripe subscription still renews, and deletes it once it is set to end', async () => {
    const subscriber = await signUpUser(t, 'Billing Bert');
    const plan = await insertPlan(t.database.db, (await seedNetwork(t.database.db)).id);
    const [subscription] = await t.database.db
      .insert(schema.subscriptions)
      .values({
        ownerUserId: subscriber.id,
        productId: plan,
        seats: 1,
        provider: 'stripe',
        providerSubscriptionId: 'sub_still_billing',
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning({ id: schema.subscriptions.id });
    const remove = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/delete-user',
        headers: subscriber.headers,
        payload: { password: 'a good password' },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUBSCRIPTIONS_RUNNING' });
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.id, subscriber.id))).toHaveLength(1);

    await t.database.db
      .update(schema.subscriptions)
      .set({ status: 'cancelling' })
      .where(eq(schema.subscriptions.id, subscription?.id as string));
    expect((await remove()).statusCode).toBe(200);
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.id, subscriber.id))).toEqual([]);
  });

  it('refuses deleting or rewriting an invoice or a ledger entry in the database itself', async () => {
    const db = t.database.db;
    const [invoice] = await invoices();
    expect(invoice).toBeDefined();
    expect(await refusal(db.execute(sql`delete from invoices`))).toMatch(/never deleted/);
    expect(await refusal(db.execute(sql`delete from credit_ledger`))).toMatch(/never deleted/);
    expect(await refusal(db.execute(sql`delete from checkout_sessions where status = 'paid'`))).toMatch(
      /never deleted/,
    );
    expect(
      await refusal(
        db
          .update(schema.invoices)
          .set({ total: 1 })
          .where(eq(schema.invoices.id, invoice?.id as string)),
      ),
    ).toMatch(/never rewritten/);
    expect(await refusal(db.execute(sql`update credit_ledger set amount = amount + 1`))).toMatch(/never rewritten/);
    const someone = await signUpUser(t, 'Someone New');
    expect(
      await refusal(
        db
          .update(schema.invoices)
          .set({ ownerUserId: someone.id })
          .where(eq(schema.invoices.id, invoice?.id as string)),
      ),
    ).toMatch(/never move/);
    // What may change still does: the receipt's mark.
    await db
      .update(schema.invoices)
      .set({ receiptSentAt: new Date() })
      .where(eq(schema.invoices.id, invoice?.id as string));
    expect(await invoices()).toHaveLength(6);
  });
});
