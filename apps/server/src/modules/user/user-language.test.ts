import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../testing/fixtures';
import { startSmtpSink } from '../../testing/smtp-sink';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A mail's text with quoted-printable soft breaks and encoded bytes undone (enough for these assertions). */
const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('the language the server writes to a person in (docs/decisions/0049)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const languageOf = async (id: string) =>
    (
      await t.database.db.select({ language: schema.users.language }).from(schema.users).where(eq(schema.users.id, id))
    )[0]?.language;

  const requestReset = (email: string, acceptLanguage?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      payload: { email, redirectTo: 'http://localhost/reset-password' },
    });

  const nextMailTo = async (email: string, after: number) => {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const mail = smtp.received.slice(after).find((m) => m.to.includes(email));
      if (mail) return readable(mail.raw);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail for ${email}`);
  };

  it('starts with the sign-up request’s Accept-Language and writes the reset e-mail in it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.5' },
      payload: { email: 'joke@example.com', name: 'Joke', password: 'a good password', termsAccepted: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await languageOf(res.json().user.id)).toBe('nl');

    const before = smtp.received.length;
    await requestReset('joke@example.com', 'en');
    const mail = await nextMailTo('joke@example.com', before);
    expect(mail).toContain('Subject: Stel een nieuw wachtwoord in voor Fixpoint');
    expect(mail).toContain('Hallo Joke,');
    expect(mail).toContain('Was jij het niet?');
  });

  it('follows the language chosen in the settings, and refuses one it does not ship', async () => {
    const user = await signUpUser(t, 'Heike');
    expect(await languageOf(user.id)).toBeNull();
    const put = (language: string) =>
      t.app.inject({ method: 'PUT', url: '/api/user/language', headers: user.headers, payload: { language } });
    expect((await put('fr')).statusCode).toBe(400);
    const saved = await put('de');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'de' });
    expect(await languageOf(user.id)).toBe('de');

    const before = smtp.received.length;
    await requestReset(user.email, 'nl');
    const mail = await nextMailTo(user.email, before);
    expect(mail).toContain('das Passwort Ihres Fixpoint-Kontos zurückzusetzen');
    expect(mail).toContain('Wenn Sie das nicht waren');
  });

  it('falls back to the reset request’s Accept-Language, then English, for an account without one', async () => {
    const user = await signUpUser(t, 'Grace');
    let before = smtp.received.length;
    await requestReset(user.email, 'de-AT');
    expect(await nextMailTo(user.email, before)).toContain('Hallo Grace,');
    before = smtp.received.length;
    await requestReset(user.email, 'fr');
    expect(await nextMailTo(user.email, before)).toContain('Subject: Reset your Fixpoint password');
  });

  it('invites in the invited person’s language, or the inviter’s when they have no account yet', async () => {
    const owner = await signUpUser(t, 'Owner');
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: owner.headers,
      payload: { language: 'nl' },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: owner.headers,
      payload: { name: 'Green Acres' },
    });
    expect(created.statusCode).toBeLessThan(300);
    const [org] = await t.database.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.name, 'Green Acres'));
    await t.database.db
      .update(schema.organizations)
      .set({ status: 'active' })
      .where(eq(schema.organizations.id, org?.id as string));
    const member = await signUpUser(t, 'Klaus');
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: member.headers,
      payload: { language: 'de' },
    });

    const invite = async (email: string) => {
      const before = smtp.received.length;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/org/${org?.id}/invites`,
        headers: owner.headers,
        payload: { email },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return nextMailTo(email, before);
    };
    const german = await invite(member.email);
    expect(german).toContain('Owner hat Sie eingeladen, der Organisation "Green Acres" auf Fixpoint beizutreten.');
    const dutch = await invite('stranger@example.com');
    expect(dutch).toContain(
      'Owner heeft je uitgenodigd om lid te worden van de organisatie "Green Acres" op Fixpoint.',
    );
    expect(dutch).toMatch(/De uitnodiging verloopt op \d{1,2} \w+ \d{4} om \d\d:\d\d UTC\./);
  });
});
