import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan, seedNetwork, signUpUser } from '../../testing/fixtures';
import { type StripeDouble, startStripeDouble } from '../../testing/stripe-double';
import { createTestApp, type TestApp } from '../../testing/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

/** Billing on Stripe, against the local double: Stripe's invoices in billing history, and the card form's card. */
describe('billing with Stripe', () => {
  let double: StripeDouble;
  let t: TestApp;
  let buyer: User;
  let planId: string;

  const call = (method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: buyer.headers, payload });

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp({
      STRIPE_SECRET_KEY: double.secretKey,
      STRIPE_WEBHOOK_SECRET: double.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: double.publishableKey,
      STRIPE_API_URL: double.url,
    });
    buyer = await signUpUser(t, 'Stripe Stella');
    const network = await seedNetwork(t.database.db);
    planId = await insertPlan(t.database.db, network.id);
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('lists Stripe’s invoices with Stripe’s numbers and PDF, once per invoice, for its first payment and renewals', async () => {
    const created = (await call('POST', `/api/checkout/subscription?priceId=${planId}`)).json();
    const stripeId = [...double.sessions.values()].find((s) => s.url === created.url)?.id as string;
    const start = new Date('2026-11-24T00:00:00Z');
    const end = new Date('2026-12-24T00:00:00Z');
    const first = double.invoicePaid(stripeId, { start, end });
    await double.deliver(t.app, first);
    await double.deliver(t.app, double.completed(stripeId));
    await double.deliver(t.app, first);
    await double.deliver(t.app, double.invoicePaid(stripeId, { start: end, end: new Date('2027-01-24T00:00:00Z') }));

    const { invoices, provider } = (await call('GET', '/api/billing')).json();
    expect(provider).toBe('stripe');
    expect(invoices.map((invoice: { number: string }) => invoice.number).sort()).toEqual(['DBL-0001', 'DBL-0002']);
    const firstInvoice = invoices.find((invoice: { number: string }) => invoice.number === 'DBL-0001');
    expect(firstInvoice).toMatchObject({ total: 2900, currency: 'eur', status: 'paid' });
    expect(firstInvoice.pdfUrl).toMatch(/^https:\/\/pay\.stripe\.test\/invoice\/in_\w+\/pdf$/);
  });

  it('saves the card a confirmed SetupIntent holds and makes it the customer’s default', async () => {
    const { clientSecret, publishableKey } = (await call('GET', '/api/getCustomerSecret')).json();
    expect(publishableKey).toBe(double.publishableKey);
    const setupIntentId = double.confirmSetupIntent(clientSecret, {
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
    });
    const saved = await call('PUT', '/api/billing/payment-method', { setupIntentId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      provider: 'stripe',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
    });
    const customer = [...double.customers.values()].find(
      (c) => (c.metadata as { userId?: string }).userId === buyer.id,
    );
    const settings = customer?.invoice_settings as { default_payment_method?: string } | undefined;
    expect(settings?.default_payment_method).toMatch(/^pm_/);

    // A test card has no place on Stripe, and an unconfirmed or unknown SetupIntent saves nothing.
    expect(
      (
        await call('PUT', '/api/billing/payment-method', {
          number: '4242424242424242',
          expMonth: 1,
          expYear: 2099,
          cvc: '123',
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/billing/payment-method', { setupIntentId: 'seti_unknown' })).statusCode).toBe(502);
    expect((await call('GET', '/api/billing')).json().paymentMethod).toMatchObject({ last4: '4444' });
  });
});
