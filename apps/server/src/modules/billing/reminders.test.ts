import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const day = 864e5;

/** Reminders go to owners ahead of an end, once each, and at once when a renewal's payment fails. */
describe('reminder e-mails', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpUser>>;
  let networkId: string;
  let productId: string;

  const mails = () => {
    try {
      return readdirSync(join(t.dataDir, 'outbox')).map((file) =>
        readFileSync(join(t.dataDir, 'outbox', file), 'utf8'),
      );
    } catch {
      return [];
    }
  };
  const subjects = () => mails().map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '');
  const account = async (name: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/accounts', headers: owner.headers, payload: { name } })).json()
      .id as string;
  const window = (accountId: string, startsAt: Date, endsAt: Date) =>
    t.database.db.insert(schema.accessWindows).values({ accountId, networkId, startsAt, endsAt, source: 'credits' });
  const subscription = (values: Partial<typeof schema.subscriptions.$inferInsert>) =>
    t.database.db.insert(schema.subscriptions).values({
      ownerUserId: owner.id,
      productId,
      networkId,
      seats: 1,
      provider: 'stripe',
      currentPeriodStart: new Date(Date.now() - 20 * day),
      currentPeriodEnd: new Date(Date.now() + 2 * day),
      ...values,
    });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example.com/' });
    owner = await signUpUser(t, 'Reminded Rita');
    // Only reminders are counted: the sign-up's verification mail goes.
    rmSync(join(t.dataDir, 'outbox'), { recursive: true, force: true });
    const network = await seedNetwork(t.database.db);
    networkId = network.id;
    productId = await insertPlan(t.database.db, networkId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the owner days ahead that an account’s access ends, once, and not when more days follow', async () => {
    const now = new Date();
    const ending = await account('Ending rover');
    await window(ending, new Date(now.getTime() - day), new Date(now.getTime() + 2 * day));
    const chained = await account('Chained rover');
    await window(chained, new Date(now.getTime() - day), new Date(now.getTime() + 2 * day));
    await window(chained, new Date(now.getTime() + 2 * day), new Date(now.getTime() + 9 * day));
    const far = await account('Far rover');
    await window(far, new Date(now.getTime() - day), new Date(now.getTime() + 10 * day));

    expect(await t.app.payments.reminders.sendDue(now)).toBe(1);
    expect(await t.app.payments.reminders.sendDue(now)).toBe(0);
    const [subject] = subjects();
    expect(subject).toMatch(/^Fixpoint: access of Ending rover on .+ ends \d{4}-\d\d-\d\d$/);
    // Quoted-printable: long lines are folded with a trailing '='.
    const mail = (mails()[0] as string).replace(/=\r?\n/g, '');
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toContain('https://portal.example.com/accounts');
    // Eight days on, the far rover's window comes into reach.
    expect(await t.app.payments.reminders.sendDue(new Date(now.getTime() + 8 * day))).toBe(2);
  });

  it('tells the owner that a subscription set to end ends, and at once that a renewal payment failed', async () => {
    const before = mails().length;
    await subscription({ status: 'cancelling' });
    await subscription({ status: 'active' }); // renews: nothing to say
    await subscription({ status: 'past_due', graceEndsAt: new Date(Date.now() + 3 * day) });
    expect(await t.app.payments.reminders.sendDue()).toBe(2);
    const fresh = subjects().slice(before);
    expect(fresh).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Fixpoint: your subscription RTK Monthly ends \d{4}-\d\d-\d\d$/),
        'Fixpoint: the payment for RTK Monthly failed',
      ]),
    );
    expect(await t.app.payments.reminders.sendDue()).toBe(0);
  });

  it("tells an organisation's owners and admins, each once, and not its members", async () => {
    const db = t.database.db;
    const [admin, driver] = [await signUpUser(t, 'Org Admin Otto'), await signUpUser(t, 'Org Driver Dora')];
    const [org] = await db.insert(schema.organizations).values({ name: 'Reminded Farms' }).returning();
    const orgId = (org as { id: string }).id;
    await db.insert(schema.organizationMembers).values([
      { orgId, userId: owner.id, role: 'owner' },
      { orgId, userId: admin.id, role: 'admin' },
      { orgId, userId: driver.id, role: 'member' },
    ]);
    const [orgAccount] = await db
      .insert(schema.ntripAccounts)
      .values({ ownerOrgId: orgId, name: 'Farm rover', username: 'farm-rover', passwordEnc: 'sealed' })
      .returning();
    await window((orgAccount as { id: string }).id, new Date(Date.now() - day), new Date(Date.now() + day));
    await subscription({ ownerUserId: null, ownerOrgId: orgId, status: 'cancelling' });
    const before = mails().length;
    expect(await t.app.payments.reminders.sendDue()).toBe(4);
    expect(await t.app.payments.reminders.sendDue()).toBe(0);
    const fresh = mails()
      .slice(before)
      .map((mail) => mail.replace(/=\r?\n/g, ''));
    const to = (needle: string) =>
      fresh
        .filter((mail) => mail.includes(needle))
        .map((mail) => /^To: (.*)$/m.exec(mail)?.[1])
        .sort();
    expect(to('Farm rover')).toEqual([owner.email, admin.email].sort());
    expect(to('RTK Monthly')).toEqual([owner.email, admin.email].sort());
    expect(fresh.join('\n')).toContain(`https://portal.example.com/org/${orgId}/subscriptions`);
    expect(fresh.join('\n')).not.toContain(driver.email);
  });

  it('sends no end reminders when the admin sets reminder days to 0', async () => {
    const admin = await signInAdmin(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/account-settings',
      headers: admin.headers,
      payload: { defaultMaxConnections: 1, maxAccountsPerOwner: 500, reminderDays: 0, organizationAccess: 'open' },
    });
    const quiet = await account('Quiet rover');
    await window(quiet, new Date(Date.now() - day), new Date(Date.now() + day));
    expect(await t.app.payments.reminders.sendDue()).toBe(0);
  });
});
