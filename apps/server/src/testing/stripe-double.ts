import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { App } from '../app';

type Json = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Reads Stripe's form encoding (`line_items[0][price_data][currency]=eur`) into nested objects, numeric keys into
 * arrays, as Stripe's API does.
 */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const isLast = index === path.length - 1;
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (isLast) container[slot] = value;
      else container[slot] ??= /^\d+$/.test(path[index + 1] as string) ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}

/**
 * A local stand-in for Stripe's API, speaking its wire format for the calls Fixpoint makes (customers, Checkout
 * Sessions, SetupIntents) on a real HTTP port, with Stripe-shaped errors, API-key checks and idempotency keys, and
 * helpers that build the events Stripe would send and deliver them signed with the real scheme.
 */
export async function startStripeDouble() {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  /** Stripe's current state of each subscription, as `GET /v1/subscriptions/:id` answers it. */
  const subscriptions = new Map<string, Json>();
  /** When each subscription last changed at Stripe: an event built with an older `created` leaves it as it is. */
  const changedAt = new Map<string, number>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: { method: string; path: string; body: Json; idempotencyKey?: string }[] = [];
  const subscriptionUpdates: Json[] = [];
  let failures: number[] = [];
  let invoiceCount = 0;

  const error = (status: number, message: string, type = 'invalid_request_error') => ({
    status,
    body: { error: { type, message } },
  });

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.customer && !customers.has(body.customer as string))
        return error(400, `No such customer: '${body.customer}'`);
      const items = (body.line_items as Json[] | undefined) ?? [];
      const price = (items[0]?.price_data ?? {}) as Json;
      const session: Json = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id('cs')}`,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        amount_total: Number(price.unit_amount ?? 0) * Number(items[0]?.quantity ?? 1),
        currency: price.currency ?? null,
        payment_intent: null,
        subscription: null,
        livemode: false,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        line_items_params: items,
        subscription_data: body.subscription_data ?? null,
        payment_intent_data: body.payment_intent_data ?? null,
      };
      sessions.set(session.id as string, session);
      return { status: 200, body: session };
    }
    const retrieve = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1] as string);
      return session ? { status: 200, body: session } : error(404, `No such checkout.session: '${retrieve[1]}'`);
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(body.customer as string)) return error(400, `No such customer: '${body.customer}'`);
      const intentId = id('seti');
      const intent = {
        id: intentId,
        object: 'setup_intent',
        customer: body.customer,
        usage: body.usage,
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
      };
      setupIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const setupIntent = path.match(/^\/v1\/setup_intents\/([\w-]+)$/);
    if (method === 'GET' && setupIntent) {
      const intent = setupIntents.get(setupIntent[1] as string);
      if (!intent) return error(404, `No such setupintent: '${setupIntent[1]}'`);
      const expand = Object.entries(body)
        .filter(([key]) => key.startsWith('expand'))
        .map(([, value]) => value);
      const methodId = intent.payment_method as string | null;
      const expanded = expand.includes('payment_method') && methodId ? paymentMethods.get(methodId) : methodId;
      return { status: 200, body: { ...intent, payment_method: expanded ?? null } };
    }
    const customer = path.match(/^\/v1\/customers\/([\w-]+)$/);
    if (method === 'POST' && customer) {
      const found = customers.get(customer[1] as string);
      if (!found) return error(404, `No such customer: '${customer[1]}'`);
      Object.assign(found, body);
      return { status: 200, body: found };
    }
    const subscription = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    const stored = subscription ? subscriptions.get(subscription[1] as string) : undefined;
    if (subscription && !stored) return error(404, `No such subscription: '${subscription[1]}'`);
    if (method === 'GET' && stored) return { status: 200, body: structuredClone(stored) };
    if (method === 'POST' && stored) {
      if (stored.status === 'canceled') return error(400, 'A canceled subscription can only update its metadata.');
      stored.cancel_at_period_end = body.cancel_at_period_end === 'true';
      subscriptionUpdates.push(structuredClone(stored));
      return { status: 200, body: structuredClone(stored) };
    }
    if (method === 'DELETE' && stored) {
      stored.status = 'canceled';
      subscriptionUpdates.push(structuredClone(stored));
      return { status: 200, body: structuredClone(stored) };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const url = new URL(request.url ?? '/', 'http://double');
    const body = request.method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(raw);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });
    const send = ({ status, body: answer }: { status: number; body: Json }) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(answer));
    };
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(error(401, 'Invalid API Key provided.'));
    }
    const failure = failures.shift();
    if (failure) return send(error(failure, 'The double was told to fail.', 'api_error'));
    const key = idempotencyKey && `${request.method} ${url.pathname} ${idempotencyKey}`;
    const remembered = key ? idempotent.get(key) : undefined;
    if (remembered) return send(remembered);
    const answer = route(request.method ?? 'GET', url.pathname, body);
    if (key && answer.status < 500) idempotent.set(key, answer);
    send(answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((err) => {
      response.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: Json): Json => ({
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const session = (sessionId: string) => {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`the double has no session ${sessionId}`);
    return found;
  };
  /** The subscription Stripe creates for a subscription-mode session when it completes. */
  const subscriptionOf = (found: Json) => {
    found.subscription ??= id('sub');
    const subscriptionId = found.subscription as string;
    if (!subscriptions.has(subscriptionId)) {
      subscriptions.set(subscriptionId, {
        id: subscriptionId,
        object: 'subscription',
        customer: found.customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: (found.subscription_data as Json | null)?.metadata ?? {},
        items: { object: 'list', data: [] },
      });
    }
    return subscriptionId;
  };
  const unix = (date: Date) => Math.floor(date.getTime() / 1000);
  /**
   * Changes Stripe's state of a subscription: a canceled subscription stays canceled (as at Stripe), and a change
   * dated `at` (a subscription event's `created`) older than the last dated one leaves it as it is.
   */
  const changeSubscription = (
    subscriptionId: string,
    change: { status?: string; cancelAtPeriodEnd?: boolean; period?: { start: Date; end: Date } },
    at?: number,
  ) => {
    const stored = subscriptions.get(subscriptionId) as Json;
    if (stored.status === 'canceled') return stored;
    if (at !== undefined) {
      if (at < (changedAt.get(subscriptionId) ?? 0)) return stored;
      changedAt.set(subscriptionId, at);
    }
    if (change.status) stored.status = change.status;
    if (change.cancelAtPeriodEnd !== undefined) stored.cancel_at_period_end = change.cancelAtPeriodEnd;
    if (change.period) {
      stored.items = {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: unix(change.period.start),
            current_period_end: unix(change.period.end),
          },
        ],
      };
    }
    return stored;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    publishableKey,
    requests,
    sessions,
    subscriptions,
    subscriptionUpdates,
    customers,
    /** The next calls answer these HTTP statuses with a Stripe error instead of their result. */
    failNext: (...statuses: number[]) => {
      failures = statuses;
    },
    /** `checkout.session.completed`: paid at once, or unpaid (an async method such as SEPA) when `isPaid` is false. */
    completed(sessionId: string, { isPaid = true } = {}) {
      const found = session(sessionId);
      found.status = 'complete';
      found.payment_status = isPaid ? 'paid' : 'unpaid';
      if (found.mode === 'payment') found.payment_intent ??= id('pi');
      else subscriptionOf(found);
      return event('checkout.session.completed', { ...found });
    },
    asyncPayment(sessionId: string, outcome: 'succeeded' | 'failed') {
      const found = session(sessionId);
      found.payment_status = outcome === 'succeeded' ? 'paid' : 'unpaid';
      return event(`checkout.session.async_payment_${outcome}`, { ...found });
    },
    expired(sessionId: string) {
      const found = session(sessionId);
      found.status = 'expired';
      return event('checkout.session.expired', { ...found });
    },
    /** `invoice.paid` for the session's subscription, carrying the subscription's metadata as Stripe does. */
    invoicePaid(sessionId: string, period: { start: Date; end: Date }) {
      const found = session(sessionId);
      const subscription = subscriptionOf(found);
      changeSubscription(subscription, { status: 'active', period });
      const metadata = (found.subscription_data as Json | null)?.metadata ?? {};
      const invoiceId = id('in');
      return event('invoice.paid', {
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        number: `DBL-${String(++invoiceCount).padStart(4, '0')}`,
        customer: found.customer,
        amount_paid: found.amount_total,
        subtotal: found.amount_total,
        total: found.amount_total,
        currency: found.currency,
        invoice_pdf: `https://pay.stripe.test/invoice/${invoiceId}/pdf`,
        hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription, metadata } },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: id('il'),
              object: 'line_item',
              amount: found.amount_total,
              period: {
                start: Math.floor(period.start.getTime() / 1000),
                end: Math.floor(period.end.getTime() / 1000),
              },
            },
          ],
        },
      });
    },
    /** `invoice.payment_failed` for the session's subscription: a renewal could not be charged. */
    invoicePaymentFailed(sessionId: string) {
      const found = session(sessionId);
      const subscription = subscriptionOf(found);
      changeSubscription(subscription, { status: 'past_due' });
      return event('invoice.payment_failed', {
        id: id('in'),
        object: 'invoice',
        status: 'open',
        customer: found.customer,
        amount_due: found.amount_total,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription, metadata: {} },
        },
      });
    },
    /**
     * `customer.subscription.updated` (or `.deleted`, `.created`) with Stripe's status, `cancel_at_period_end` and
     * the period on its item, as the current API puts it; `created` orders events that arrive out of order. Stripe's
     * state of the subscription changes too, unless the change is older than the last one.
     */
    subscriptionChanged(
      sessionId: string,
      change: {
        status: string;
        cancelAtPeriodEnd?: boolean;
        period?: { start: Date; end: Date };
        deleted?: boolean;
        /** `customer.subscription.created`, which Stripe sends when the checkout creates it. */
        isCreation?: boolean;
        created?: Date;
      },
    ) {
      const found = session(sessionId);
      const subscriptionId = subscriptionOf(found);
      const at = change.created?.getTime() ?? Date.now();
      changeSubscription(subscriptionId, change, at);
      const type = change.deleted
        ? 'customer.subscription.deleted'
        : change.isCreation
          ? 'customer.subscription.created'
          : 'customer.subscription.updated';
      const payload = event(type, {
        id: subscriptionOf(found),
        object: 'subscription',
        customer: found.customer,
        status: change.status,
        cancel_at_period_end: change.cancelAtPeriodEnd ?? false,
        metadata: (found.subscription_data as Json | null)?.metadata ?? {},
        items: {
          object: 'list',
          data: change.period
            ? [
                {
                  id: id('si'),
                  object: 'subscription_item',
                  current_period_start: unix(change.period.start),
                  current_period_end: unix(change.period.end),
                },
              ]
            : [],
        },
      });
      if (change.created) payload.created = unix(change.created);
      return payload;
    },
    /** What Stripe.js does in the browser when the customer confirms the card form: the SetupIntent saves a card. */
    confirmSetupIntent(
      clientSecret: string,
      card: { brand: string; last4: string; expMonth: number; expYear: number },
    ) {
      const intent = [...setupIntents.values()].find((candidate) => candidate.client_secret === clientSecret);
      if (!intent) throw new Error('the double has no SetupIntent with that client secret');
      const methodId = id('pm');
      paymentMethods.set(methodId, {
        id: methodId,
        object: 'payment_method',
        type: 'card',
        customer: intent.customer,
        card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
      });
      intent.status = 'succeeded';
      intent.payment_method = methodId;
      return intent.id as string;
    },
    /** `charge.refunded` with the cumulative amount refunded so far. */
    refunded(sessionId: string, amountRefunded: number) {
      const found = session(sessionId);
      return event('charge.refunded', {
        id: id('ch'),
        object: 'charge',
        amount: found.amount_total,
        amount_refunded: amountRefunded,
        refunded: amountRefunded >= Number(found.amount_total),
        currency: found.currency,
        payment_intent: found.payment_intent,
      });
    },
    /** A `Stripe-Signature` header for `body`, made with Stripe's own scheme (dated now, or at `timestamp`). */
    sign: (body: string, secret = webhookSecret, timestamp?: Date) =>
      signer.webhooks.generateTestHeaderString({
        payload: body,
        secret,
        ...(timestamp && { timestamp: Math.floor(timestamp.getTime() / 1000) }),
      }),
    /**
     * Posts an event to the app's webhook, signed with `secret` (the endpoint's, unless a forgery is wanted) and
     * dated `signedAt` (now, unless an old or future signature is wanted).
     */
    deliver(app: App, payload: Json, { secret = webhookSecret, signedAt }: { secret?: string; signedAt?: Date } = {}) {
      const body = JSON.stringify(payload);
      return app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': this.sign(body, secret, signedAt) },
        payload: body,
      });
    },
    /** `checkout.session.completed` as if the session had asked for another amount and currency (a tampered one). */
    completedFor(sessionId: string, paid: { amount: number; currency: string }) {
      const completed = this.completed(sessionId);
      const object = (completed.data as { object: Json }).object;
      object.amount_total = paid.amount;
      object.currency = paid.currency;
      return completed;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;
