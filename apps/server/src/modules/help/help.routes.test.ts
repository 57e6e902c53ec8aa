import { schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDocuments } from '../../demo/demo-documents';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('the help centre and the legal documents (decision 0074)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CASTER_PUBLIC_HOST: 'caster.example.net', CASTER_PORT: '2101', CASTER_TLS_PORT: '2102' });
  });
  afterAll(() => t.close());

  it("tells a visitor the caster's public address and sourcetable, and no accounts", async () => {
    const res = await t.app.inject({ url: '/api/help/connection' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json()).toEqual({
      host: 'caster.example.net',
      port: 2101,
      tlsPort: 2102,
      sourcetableUrl: 'http://caster.example.net:2101/',
      accounts: null,
    });
  });

  it('tells a signed-in person their own accounts and the mountpoints each can use now, without passwords', async () => {
    const network = await seedNetwork(t.database.db, { code: 'HELP', name: 'Help Network' });
    const owner = await signUpUser(t, 'Helen Help');
    const other = await signUpUser(t, 'Otto Other');
    const create = (name: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/accounts', payload: { name }, headers }).then((r) => r.json());
    const active = await create('Tractor', owner.headers);
    const idle = await create('Spare', owner.headers);
    await create('Not yours', other.headers);
    await t.database.db.insert(schema.accessWindows).values({
      accountId: active.id,
      networkId: network.id,
      source: 'admin',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });

    const res = await t.app.inject({ url: '/api/help/connection', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ host: 'caster.example.net', port: 2101, tlsPort: 2102 });
    expect(body.accounts).toEqual([
      {
        id: active.id,
        name: 'Tractor',
        username: active.username,
        mountpoints: [
          { mountpoint: 'HELP_AUTO', networkName: 'Help Network', isAuto: true },
          { mountpoint: 'HELP_ST1', networkName: 'Help Network', isAuto: false },
          { mountpoint: 'HELP_ST2', networkName: 'Help Network', isAuto: false },
        ],
      },
      { id: idle.id, name: 'Spare', username: idle.username, mountpoints: [] },
    ]);
    expect(res.body).not.toContain('password');
  });

  it('seeds a first version of the terms and the privacy policy in the brand’s name and language, once', async () => {
    expect((await t.app.inject({ url: '/api/documents' })).json()).toEqual({ terms: null, privacy: null });
    await seedDemoDocuments(t.database.db, 'baupunkt');
    const seeded = (await t.app.inject({ url: '/api/documents' })).json();
    expect(seeded.terms).toMatchObject({ version: 1, title: 'Allgemeine Geschäftsbedingungen Baupunkt', url: null });
    expect(seeded.terms.body).toContain('Baupunkt GmbH');
    expect(seeded.privacy).toMatchObject({ version: 1, title: 'Datenschutzerklärung Baupunkt' });
    expect(seeded.privacy.body).toContain('privacy@baupunkt.example');
    // An operator's own version is never replaced by a later start-up.
    await t.database.db
      .insert(schema.legalDocuments)
      .values({ kind: 'terms', version: 2, title: 'Our terms', body: 'Be kind.' });
    await seedDemoDocuments(t.database.db, 'fixpoint');
    const after = (await t.app.inject({ url: '/api/documents' })).json();
    expect(after.terms).toMatchObject({ version: 2, title: 'Our terms' });
    expect(after.privacy).toEqual(seeded.privacy);
  });
});
