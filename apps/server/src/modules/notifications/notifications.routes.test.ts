import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The notifications API (issue 31): who sees which notifications, marking read, settings per kind deciding the
// channels, an organisation's list for its owners and admins only, and the owner events the sweep finds in the
// caster's records. Events are recorded as the caster records them; the worker's round is run by hand.

let t: TestApp;
let anna: Awaited<ReturnType<typeof signUpUser>>;
let bert: Awaited<ReturnType<typeof signUpUser>>;
let carl: Awaited<ReturnType<typeof signUpUser>>;
let orgId: string;
let networkId: string;
let stationId: string;
let annaAccountId: string;

const withAccess = async (owner: { ownerUserId?: string; ownerOrgId?: string }, name: string) => {
  const [account] = await t.database.db
    .insert(schema.ntripAccounts)
    .values({ username: `FPN${name}`, passwordEnc: 'sealed', name, ...owner })
    .returning({ id: schema.ntripAccounts.id });
  const accountId = (account as { id: string }).id;
  await t.database.db.insert(schema.accessWindows).values({
    accountId,
    networkId,
    source: 'admin',
    startsAt: new Date(Date.now() - 60_000),
    // Past the longest reminder setting (60 days): the alerts worker's sweep, which runs in the background
    // whenever it likes, must find no access ending to tell of besides what the test looks for.
    endsAt: new Date(Date.now() + 90 * 86_400_000),
  });
  return accountId;
};

const stationDown = (key: string) =>
  t.database.db.insert(schema.alertEvents).values({
    kind: 'station-down',
    stationId,
    data: { stationId },
    dedupeKey: `station-down:${stationId}:${key}`,
    occurredAt: new Date(),
  });

const list = async (headers: Record<string, string>, url = '/api/notifications') =>
  t.app.inject({ url, headers: { ...headers, 'accept-language': 'nl' } });

beforeAll(async () => {
  t = await createTestApp();
  anna = await signUpUser(t, 'Anna Alert');
  bert = await signUpUser(t, 'Bert Alert');
  carl = await signUpUser(t, 'Carl Alert');
  const network = await seedNetwork(t.database.db, { name: 'Waddennet' }, 1);
  networkId = network.id;
  const [station] = await t.database.db
    .select({ id: schema.stations.id })
    .from(schema.stations)
    .where(eq(schema.stations.networkId, networkId));
  stationId = (station as { id: string }).id;
  const [org] = await t.database.db.insert(schema.organizations).values({ name: 'Alert Farms' }).returning();
  orgId = (org as { id: string }).id;
  await t.database.db.insert(schema.organizationMembers).values([
    { orgId, userId: anna.id, role: 'owner' },
    { orgId, userId: carl.id, role: 'member' },
  ]);
  annaAccountId = await withAccess({ ownerUserId: anna.id }, 'annarover');
  await withAccess({ ownerOrgId: orgId }, 'farmrover');
});

afterAll(async () => {
  await t?.close();
});

describe('notifications', () => {
  it('reach every owner with access to the station, each in their own list, in the reader’s language', async () => {
    await stationDown('one');
    await t.app.alerts.runOnce();
    const annas = (await list(anna.headers)).json();
    expect(annas.unread).toBe(1);
    expect(annas.items).toEqual([expect.objectContaining({ kind: 'station-down', readAt: null, link: '/status' })]);
    expect(annas.items[0].title).toMatch(/^Station NET\d+_ST1 is uitgevallen$/);
    expect(annas.items[0].body).toContain('Waddennet');
    // Bert has no access: nothing.
    expect((await list(bert.headers)).json()).toEqual({ items: [], unread: 0 });
    // The organisation's account has access: its list has it, for its owner; a member is refused.
    const orgList = await list(anna.headers, `/api/org/${orgId}/notifications`);
    expect(orgList.json().items).toHaveLength(1);
    expect(orgList.json().items[0].link).toBe('/status');
    expect((await list(carl.headers, `/api/org/${orgId}/notifications`)).statusCode).toBe(403);
    // One mail for Anna herself, one for Anna as the organisation's owner (its links go to its pages).
    const mails = await t.database.db.select().from(schema.notificationMails);
    expect(mails.map((m) => [m.userId, m.orgId]).sort()).toEqual([
      [anna.id, null],
      [anna.id, orgId],
    ]);
  });

  it('mark read only the owner’s own, or all; refuse an empty body', async () => {
    const annas = (await list(anna.headers)).json();
    const id = annas.items[0].id as string;
    const byBert = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bert.headers,
      payload: { ids: [id] },
    });
    expect(byBert.json()).toEqual({ updated: 0, unread: 0 });
    expect((await list(anna.headers)).json().unread).toBe(1);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: anna.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: anna.headers,
      payload: { ids: [id] },
    });
    expect(read.json()).toEqual({ updated: 1, unread: 0 });
  });

  it('follow the settings: e-mail off for a kind queues no mail, in-app off writes no notification', async () => {
    const defaults = (await t.app.inject({ url: '/api/notification-settings', headers: anna.headers })).json();
    expect(defaults.settings).toContainEqual({ kind: 'station-down', inApp: true, email: true, webhook: true });
    expect(defaults.settings).toContainEqual({ kind: 'station-degraded', inApp: true, email: false, webhook: true });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: anna.headers,
      payload: { settings: [{ kind: 'station-down', inApp: true, email: false }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toContainEqual({ kind: 'station-down', inApp: true, email: false, webhook: true });
    const orgSaved = await t.app.inject({
      method: 'PUT',
      url: `/api/org/${orgId}/notification-settings`,
      headers: anna.headers,
      payload: { settings: [{ kind: 'station-down', inApp: false, email: true }] },
    });
    expect(orgSaved.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: anna.headers,
      payload: { settings: [{ kind: 'station-exploded', inApp: true, email: true }] },
    });
    expect(bad.statusCode).toBe(400);

    await t.database.db.delete(schema.notificationMails);
    await stationDown('two');
    await t.app.alerts.runOnce();
    expect((await list(anna.headers)).json().unread).toBe(1);
    expect((await list(anna.headers, `/api/org/${orgId}/notifications`)).json().items).toHaveLength(1);
    const mails = await t.database.db.select().from(schema.notificationMails);
    expect(mails.map((m) => [m.userId, m.orgId])).toEqual([[anna.id, orgId]]);
  });

  it('tell an owner whose rover keeps failing to log in, once', async () => {
    await t.database.db.insert(schema.loginFailures).values(
      Array.from({ length: 5 }, () => ({
        username: 'FPNannarover',
        accountId: annaAccountId,
        mountpoint: 'NET_ST1',
        reason: 'web-password' as const,
        clientAddress: '192.0.2.1',
      })),
    );
    await t.app.alerts.runOnce(Date.now() + 3_600_000);
    await t.app.alerts.runOnce(Date.now() + 7_200_000);
    const failing = (await list(anna.headers))
      .json()
      .items.filter((item: { kind: string }) => item.kind === 'account-login-failing');
    expect(failing).toHaveLength(1);
    expect(failing[0].title).toBe('annarover kan steeds niet inloggen');
    expect(failing[0].link).toBe('/accounts');
  });

  it('answer the service status: operational only when every station used is up', async () => {
    const status = (await t.app.inject({ url: '/api/service-status', headers: anna.headers })).json();
    expect(status.state).toBe('down');
    expect(status.stations).toEqual([
      expect.objectContaining({ id: stationId, networkName: 'Waddennet', state: 'down' }),
    ]);
    expect((await t.app.inject({ url: '/api/service-status', headers: bert.headers })).json()).toEqual({
      state: 'operational',
      stations: [],
    });
    expect((await t.app.inject({ url: `/api/org/${orgId}/service-status`, headers: carl.headers })).statusCode).toBe(
      200,
    );
  });
});
