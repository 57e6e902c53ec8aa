import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

/** Billing on the embedded default: our invoices, their numbers, tax and PDFs, receipts, details and the card. */
describe('billing with the local provider', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let buyer: User;
  let packId: string;
  let planId: string;

  const call = (who: { headers: Record<string, string> }, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: who.headers, payload });
  /** Buys through the local provider's page, as the Pay button does. */
  async function buy(user: User, kind: 'product' | 'subscription', priceId: string) {
    const { checkoutSessionId } = (await call(user, 'POST', `/api/checkout/${kind}?priceId=${priceId}`)).json();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/${checkoutSessionId}`,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBeLessThan(400);
    return checkoutSessionId as string;
  }
  const overview = async (user: User) => (await call(user, 'GET', '/api/billing')).json();
  const outbox = () => {
    try {
      return readdirSync(join(t.dataDir, 'outbox')).map((file) =>
        readFileSync(join(t.dataDir, 'outbox', file), 'utf8'),
      );
    } catch {
      return [];
    }
  };
  async function waitFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
    buyer = await signUpUser(t, 'Invoice Ingrid');
    const network = await seedNetwork(t.database.db);
    const insert = async (values: typeof schema.products.$inferInsert) =>
      ((await t.database.db.insert(schema.products).values(values).returning())[0] as { id: string }).id;
    packId = await insert({
      name: '100 credits',
      type: 'Token',
      category: 'credits',
      amount: 2900,
      currency: 'eur',
      creditsAmount: 100,
    });
    planId = await insert({
      name: 'RTK Weekly',
      type: 'Subscription',
      category: 'billable-subscription',
      amount: 1210,
      currency: 'eur',
      interval: 'WEEKLY',
      networkId: network.id,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has nothing to show a new customer, and lets the admin set the seller, numbering and VAT', async () => {
    expect(await overview(buyer)).toMatchObject({
      profile: null,
      paymentMethod: null,
      invoices: [],
      hasSubscriptions: false,
      provider: 'local',
    });

    const settings = await call(admin, 'PUT', '/api/admin/billing-settings', {
      seller: {
        name: 'Fixpoint B.V.',
        address: 'Dam 1',
        postalCode: '1012 JS',
        city: 'Amsterdam',
        country: 'nl',
        vatId: 'NL 8530.12.345.B01',
      },
      invoicePrefix: 'FP-2026-',
      invoiceFooter: 'Chamber of Commerce 12345678',
      pricesIncludeTax: true,
      reverseCharge: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({
      seller: { country: 'NL', vatId: 'NL853012345B01' },
      nextInvoiceNumber: 'FP-2026-000001',
    });
    const badPrefix = await call(admin, 'PUT', '/api/admin/billing-settings', {
      ...settings.json(),
      invoicePrefix: 'FP 2026',
    });
    expect(badPrefix.statusCode).toBe(400);

    const rates = [
      { country: 'NL', rateBp: 2100, label: 'VAT' },
      { country: 'DE', rateBp: 1900, label: 'MwSt' },
    ];
    expect((await call(admin, 'PUT', '/api/admin/tax-rates', rates)).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/admin/tax-rates')).json()).toEqual([rates[1], rates[0]]);
    const twice = await call(admin, 'PUT', '/api/admin/tax-rates', [
      ...rates,
      { country: 'nl', rateBp: 900, label: 'VAT' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('One rate per country.');
    expect(
      (await call(admin, 'PUT', '/api/admin/tax-rates', [{ country: 'NL', rateBp: 10_001, label: 'VAT' }])).statusCode,
    ).toBe(400);
    expect((await call(buyer, 'PUT', '/api/admin/tax-rates', [])).statusCode).toBe(403);
  });

  it('issues a numbered invoice with the buyer’s details and VAT for a purchase, with a PDF and a receipt', async () => {
    const profile = await call(buyer, 'PUT', '/api/billing/profile', {
      name: 'Ingrid Jansen',
      company: 'Jansen Agro',
      address: 'Polderweg 3',
      postalCode: '8251 AB',
      city: 'Dronten',
      country: 'NL',
      vatId: '',
      email: 'accounts@jansen.example',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ vatId: null, country: 'NL' });
    const badVat = await call(buyer, 'PUT', '/api/billing/profile', { name: 'X', vatId: '12' });
    expect(badVat.statusCode).toBe(400);

    await buy(buyer, 'product', packId);
    const { invoices } = await overview(buyer);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      number: 'FP-2026-000001',
      status: 'paid',
      description: '100 credits',
      currency: 'eur',
      subtotal: 2397,
      taxAmount: 503,
      total: 2900,
      taxLabel: 'VAT 21%',
    });

    const pdf = await call(buyer, 'GET', invoices[0].pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    const other = await signUpUser(t, 'Nosy Neighbour');
    expect((await call(other, 'GET', invoices[0].pdfUrl)).statusCode).toBe(404);

    const mails = await waitFor(outbox, (list) => list.some((mail) => mail.includes('FP-2026-000001')));
    const receipt = mails.find((mail) => mail.includes('FP-2026-000001')) as string;
    expect(receipt).toContain('To: accounts@jansen.example');
    // The body is quoted-printable: € is =E2=82=AC.
    expect(receipt).toContain('Thank you for your payment of =E2=82=AC29.00.');
    expect(receipt).toContain('Content-Type: application/pdf; name=FP-2026-000001.pdf');
    // One receipt per invoice, however often the sender runs.
    await t.app.payments.receipts.sendPending();
    expect(outbox().filter((mail) => mail.includes('FP-2026-000001'))).toHaveLength(1);
  });

  it('charges no VAT to a business abroad with a VAT ID, and keeps issued invoices as they were', async () => {
    await call(buyer, 'PUT', '/api/billing/profile', { name: 'Ingrid Jansen', country: 'DE', vatId: 'DE123456789' });
    await buy(buyer, 'product', packId);
    const { invoices } = await overview(buyer);
    expect(invoices[0]).toMatchObject({
      number: 'FP-2026-000002',
      taxAmount: 0,
      total: 2900,
      taxLabel: 'Reverse charge',
    });
    expect(invoices[1]).toMatchObject({ number: 'FP-2026-000001', taxAmount: 503 });
  });

  it('numbers concurrent payments without gaps or repeats', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUpUser(t, `Rush ${i}`)));
    await Promise.all(buyers.map((user) => buy(user, 'product', packId)));
    const numbers = (await t.database.db.select({ number: schema.invoices.number }).from(schema.invoices))
      .map((row) => Number(row.number.slice('FP-2026-'.length)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it('invoices a subscription and each renewal the local clock makes, once', async () => {
    await call(buyer, 'PUT', '/api/billing/profile', { name: 'Ingrid Jansen', country: 'NL' });
    const checkoutId = await buy(buyer, 'subscription', planId);
    const [subscription] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.checkoutSessionId, checkoutId));
    const before = (await overview(buyer)).invoices.length;
    if (!subscription) throw new Error('the purchase started a subscription');
    const due = new Date(subscription.currentPeriodEnd.getTime() + 60_000);
    expect(await t.app.localRenewals?.renewDue(due)).toBe(1);
    await t.app.localRenewals?.renewDue(due);
    const { invoices, hasSubscriptions } = await overview(buyer);
    expect(hasSubscriptions).toBe(true);
    expect(invoices).toHaveLength(before + 1);
    expect(invoices[0].description).toMatch(/^RTK Weekly, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/);
    expect(invoices[0]).toMatchObject({ total: 1210, taxAmount: 210, taxLabel: 'VAT 21%' });
  });

  it('keeps a test card’s brand, last digits and expiry only, and refuses a bad one', async () => {
    const save = (card: object) => call(buyer, 'PUT', '/api/billing/payment-method', card);
    const year = new Date().getUTCFullYear() + 2;
    const saved = await save({ number: '4242 4242 4242 4242', expMonth: 12, expYear: year, cvc: '123' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ provider: 'local', brand: 'visa', last4: '4242', expMonth: 12, expYear: year });
    const stored = await t.database.db.select().from(schema.paymentMethods);
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');

    const luhn = await save({ number: '4242 4242 4242 4241', expMonth: 12, expYear: year, cvc: '123' });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().message).toContain('This card number is not valid.');
    const expired = await save({ number: '5555 5555 5555 4444', expMonth: 1, expYear: 2020, cvc: '123' });
    expect(expired.json().message).toContain('This card has expired.');
    expect((await save({ setupIntentId: 'seti_123' })).statusCode).toBe(400);
    expect((await overview(buyer)).paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
  });
});
