import { randomBytes } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { ensureAdmin } from '../modules/auth/admin-bootstrap';
import type { TestApp } from './test-app';

let counter = 0;

/** A published public network with stations, as the networks admin will create them. */
export async function seedNetwork(
  db: Database,
  overrides: Partial<typeof schema.networks.$inferInsert> = {},
  stationCount = 2,
) {
  counter += 1;
  const [network] = await db
    .insert(schema.networks)
    .values({
      code: `NET${counter}`,
      name: `Network ${counter}`,
      kind: 'hosted',
      dailyPrice: 1,
      isPublished: true,
      ...overrides,
    })
    .returning();
  const net = network as typeof schema.networks.$inferSelect;
  for (let i = 1; i <= stationCount; i++) {
    await db
      .insert(schema.stations)
      .values({ networkId: net.id, mountpoint: `${net.code}_ST${i}`, latitude: 52 + i / 10, longitude: 5 });
  }
  return net;
}

/**
 * Signs a new user up through the real auth routes and returns its bearer token and id. The address counts as
 * verified (the person opened the mailed link) unless `isVerified` is false (docs/decisions/0061).
 */
export async function signUpUser(t: TestApp, name = `user${++counter}`, { isVerified = true } = {}) {
  const email = `${name.toLowerCase().replaceAll(' ', '.')}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, name, password: 'a good password', termsAccepted: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  const token = res.headers['set-auth-token'] as string;
  const id = res.json().user.id as string;
  if (isVerified) {
    await t.database.db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, id));
  }
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** Creates an admin (as start-up does) and signs it in; returns its bearer headers. */
export async function signInAdmin(t: TestApp, email = `admin${++counter}@example.com`) {
  const password = randomBytes(12).toString('hex');
  await ensureAdmin({ auth: t.app.auth, db: t.database.db }, { email, password });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.body}`);
  return { headers: { authorization: `Bearer ${res.headers['set-auth-token'] as string}` } };
}

/** A billable monthly subscription product on a network ("RTK Monthly", €29.00), with overrides; answers its id. */
export async function insertPlan(
  db: Database,
  networkId: string,
  overrides: Partial<typeof schema.products.$inferInsert> = {},
) {
  const [plan] = await db
    .insert(schema.products)
    .values({
      name: 'RTK Monthly',
      type: 'Subscription',
      category: 'billable-subscription',
      amount: 2900,
      currency: 'eur',
      interval: 'MONTHLY',
      networkId,
      ...overrides,
    })
    .returning({ id: schema.products.id });
  return (plan as { id: string }).id;
}

/** A credit pack ("50 credits" for €12.50 by default), with overrides; answers its id. */
export async function insertCreditPack(db: Database, overrides: Partial<typeof schema.products.$inferInsert> = {}) {
  const [pack] = await db
    .insert(schema.products)
    .values({
      name: '50 credits',
      type: 'Token',
      category: 'credits',
      amount: 1250,
      currency: 'eur',
      creditsAmount: 50,
      ...overrides,
    })
    .returning({ id: schema.products.id });
  return (pack as { id: string }).id;
}
