import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { inviteLimits } from './invites';

type User = Awaited<ReturnType<typeof signUpUser>>;

/** Every mail in the test app's outbox to this address. */
function mailsTo(t: TestApp, email: string) {
  const outbox = join(t.dataDir, 'outbox');
  return readdirSync(outbox)
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((text) => text.includes(`To: ${email}`));
}

async function createOrganisation(t: TestApp, owner: User, name: string, status: 'active' | 'pending' = 'active') {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/organization',
    headers: owner.headers,
    payload: { name },
  });
  const id = created.json().organization.id as string;
  await t.database.db.update(schema.organizations).set({ status }).where(eq(schema.organizations.id, id));
  return id;
}

/** Invitations (docs/decisions/0062): their links, their limits, and none from an organisation waiting for approval. */
describe('invitations', () => {
  let t: TestApp;
  let owner: User;
  const invite = (orgId: string, email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/invites`,
      headers: { ...owner.headers, ...headers },
      payload: { email },
    });

  beforeAll(async () => {
    // PUBLIC_URL unset: the links must still point at this machine, whatever Host the request names.
    t = await createTestApp({ PORT: '8765', ORG_MAX_PER_USER: '5' });
    owner = await signUpUser(t, 'Invite Owner');
  });
  afterAll(() => t.close());

  it('mails links to the trusted origin, never to a forged Host', async () => {
    const orgId = await createOrganisation(t, owner, 'Host Check');
    const sent = await invite(orgId, 'forged@example.com', { host: 'evil.test', 'x-forwarded-host': 'evil.test' });
    expect(sent.statusCode).toBe(200);
    const [mail] = mailsTo(t, 'forged@example.com');
    expect(mail).toBeDefined();
    expect(mail).not.toContain('evil.test');
    const links = mail?.match(/https?:\/\/[^\s"<>]+/g) ?? [];
    expect(links).toEqual(expect.arrayContaining(['http://localhost:8765/dashboard', 'http://localhost:8765/signup']));
    for (const link of links) expect(new URL(link).origin).toBe('http://localhost:8765');
  });

  it('sends none from an organisation still waiting for approval', async () => {
    const orgId = await createOrganisation(t, owner, 'Waiting Farm', 'pending');
    const refused = await invite(orgId, 'waiting@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ORG_NOT_ACTIVE',
      message: 'This organisation is waiting for approval: it can invite people once an admin has approved it.',
    });
    expect(mailsTo(t, 'waiting@example.com')).toEqual([]);
    const list = await t.app.inject({ method: 'GET', url: `/api/org/${orgId}/invites`, headers: owner.headers });
    expect(list.json()).toEqual([]);
    // Once approved, it may.
    await t.database.db
      .update(schema.organizations)
      .set({ status: 'active' })
      .where(eq(schema.organizations.id, orgId));
    expect((await invite(orgId, 'waiting@example.com')).statusCode).toBe(200);
  });

  it(`limits an organisation to ${inviteLimits.perHour} invitations an hour, counted in the database`, async () => {
    const orgId = await createOrganisation(t, owner, 'Busy Fleet');
    const otherOrg = await createOrganisation(t, owner, 'Quiet Fleet');
    for (let n = 0; n < inviteLimits.perHour; n++) {
      expect((await invite(orgId, `driver${n}@example.com`)).statusCode).toBe(200);
    }
    const refused = await invite(orgId, 'one.too.many@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'INVITE_LIMIT' });
    expect(refused.json().message).toMatch(
      /^An organisation can send 20 invitations an hour and 100 a day\. Please wait \d+ minutes? and try again\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(mailsTo(t, 'one.too.many@example.com')).toEqual([]);
    // Another organisation has its own count.
    expect((await invite(otherOrg, 'one.too.many@example.com')).statusCode).toBe(200);

    // After the hour, the day's limit still holds: move the hour's window back, and fill the day.
    const limits = schema.rateLimits;
    const hourAgo = Date.now() - 3_600_001;
    await t.database.db
      .update(limits)
      .set({ lastRequest: hourAgo })
      .where(eq(limits.key, `invites:hour:${orgId}`));
    await t.database.db
      .update(limits)
      .set({ count: inviteLimits.perDay })
      .where(eq(limits.key, `invites:day:${orgId}`));
    const daily = await invite(orgId, 'next.day@example.com');
    expect(daily.statusCode).toBe(429);
    expect(daily.json().code).toBe('INVITE_LIMIT');
    expect(Number(daily.headers['retry-after'])).toBeGreaterThan(3600);
  });
});
