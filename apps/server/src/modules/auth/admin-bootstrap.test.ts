import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generateSecretKey, openDatabase, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { AdminBootstrapError, ensureAdmin } from './admin-bootstrap';

// Issue 28: ADMIN_EMAIL must not hand admin rights to whoever signed up with that address first
// (docs/decisions/0061).

const operatorPassword = 'the operator password 1';
const strangerPassword = 'the stranger password 1';

const signUp = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, name: 'Some One', password, termsAccepted: true },
  });
const signIn = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
const roleOf = async (t: TestApp, email: string) =>
  (await t.database.db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.email, email)))[0]
    ?.role;
const verify = (t: TestApp, email: string) =>
  t.database.db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.email, email));

describe('ensureAdmin (start-up with ADMIN_EMAIL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const bootstrap = (email: string, password: string) =>
    ensureAdmin({ auth: t.app.auth, db: t.database.db }, { email, password });

  it('refuses a stranger who signed up with the address first, and leaves them a user', async () => {
    expect((await signUp(t, 'ops@example.com', strangerPassword)).statusCode).toBe(200);
    const refused = await bootstrap('ops@example.com', operatorPassword).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdminBootstrapError);
    expect((refused as Error).message).toMatch(
      /ADMIN_EMAIL ops@example.com .* not been verified.*Prove the address.*set ADMIN_PASSWORD/,
    );
    expect(await roleOf(t, 'ops@example.com')).toBe('user');

    // Verified, but the stranger's password is not the operator's: still refused.
    await verify(t, 'ops@example.com');
    const wrong = await bootstrap('ops@example.com', operatorPassword).catch((error: unknown) => error);
    expect((wrong as AdminBootstrapError).reason).toBe('wrongPassword');
    expect((wrong as Error).message).toContain('ADMIN_PASSWORD is not its password');
    expect(await roleOf(t, 'ops@example.com')).toBe('user');
  });

  it('promotes an account that is verified and whose password is ADMIN_PASSWORD, keeping that password', async () => {
    expect((await signUp(t, 'owner@example.com', operatorPassword)).statusCode).toBe(200);
    await expect(bootstrap('owner@example.com', operatorPassword)).rejects.toMatchObject({ reason: 'unverified' });
    await verify(t, 'owner@example.com');
    expect(await bootstrap('owner@example.com', operatorPassword)).toEqual({
      email: 'owner@example.com',
      created: false,
    });
    expect(await roleOf(t, 'owner@example.com')).toBe('admin');
    const me = await t.app.inject({
      url: '/api/user',
      headers: {
        authorization: `Bearer ${(await signIn(t, 'owner@example.com', operatorPassword)).headers['set-auth-token']}`,
      },
    });
    expect(me.json()).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it('creates a new admin verified, signing in with ADMIN_PASSWORD, and leaves an existing admin as it is', async () => {
    expect(await bootstrap('Fresh@Example.com', operatorPassword)).toEqual({
      email: 'fresh@example.com',
      created: true,
    });
    const signedIn = await signIn(t, 'fresh@example.com', operatorPassword);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ emailVerified: true, role: 'admin' });
    // A restart after the admin changed their password in Settings: nothing to hand over, nothing refused.
    expect(await bootstrap('fresh@example.com', 'an older password 1')).toEqual({
      email: 'fresh@example.com',
      created: false,
    });
  });
});

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fixpoint-admin-cli-'));
  const root = resolve(import.meta.dirname, '../../../../..');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits non-zero for a stranger-held address, saying what to do, and does not make them admin', async () => {
    // The stranger signs up on the database the command will open.
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    await database.migrate();
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const app = await buildApp({ env, database, secretKey: generateSecretKey() });
    await app.ready();
    const t = { app, database } as unknown as TestApp;
    expect((await signUp(t, 'boss@example.com', strangerPassword)).statusCode).toBe(200);
    await app.close();
    await database.close();

    const run = promisify(execFile);
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const failed = await run(
      'npx',
      ['tsx', 'apps/server/src/cli/create-admin.ts', '--email', 'boss@example.com', '--password', operatorPassword],
      { cwd: root, env: { ...inherited, DATA_DIR: dataDir, NODE_ENV: 'test' } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain(
      '--email boss@example.com already has an account, and its e-mail address has not been verified',
    );

    const after = await openDatabase({ dataDir: join(dataDir, 'db') });
    const [row] = await after.db
      .select({ role: schema.users.role })
      .from(schema.users)
      .where(eq(schema.users.email, 'boss@example.com'));
    await after.close();
    expect(row?.role).toBe('user');
  }, 60_000);
});
