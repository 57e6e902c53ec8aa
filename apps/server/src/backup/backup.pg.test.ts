import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyFingerprint, readBackup } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { readBooks, rewriteBackup, seedBooks } from '../testing/books';
import { createTestApp, type TestApp } from '../testing/test-app';
import { runBackup, runRestore } from './backup-commands';

// PostgreSQL only (TEST_DATABASE_URL; a `.pg.test.ts` file, see apps/server/vitest.config.ts): pg_dump, pg_restore
// and psql on the machine.
describe('backup and restore of a PostgreSQL database', () => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof seedBooks>>;
  let dir: string;
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedBooks(t);
    dir = mkdtempSync(join(tmpdir(), 'fixpoint-backup-pg-'));
  });
  afterAll(async () => {
    for (const each of opened) await each.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up with pg_dump and restores into a fresh database with the same books', async () => {
    const before = await readBooks(t.database.db);
    const env = { DATA_DIR: dir, DATABASE_URL: t.database.url, SECRET_KEY: t.secretKey };
    const file = join(dir, 'pg.backup');
    const lines = await runBackup(env, { out: file });
    expect(lines[0]).toContain('the PostgreSQL database (pg_dump)');
    expect(lines[0]).toContain('3 users, 5 ledger entries (sum 375 credits), 3 invoices (total 87.00)');
    expect((await readBackup(file)).header).toMatchObject({
      database: 'postgres',
      payload: { kind: 'pg-dump-custom' },
      keyFingerprint: keyFingerprint(t.secretKey),
    });

    const empty = await createTestDatabase({ migrate: false });
    opened.push(empty);
    const target = { ...env, DATABASE_URL: empty.url };
    const restored = await runRestore(target, { file });
    expect(restored[0]).toContain('into the PostgreSQL database: 3 users, 5 ledger entries');
    expect(await readBooks(empty.db)).toEqual(before);

    // The portal on the restored database: the person signs in and reads their NTRIP password.
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: empty.url }),
      database: empty,
      secretKey: t.secretKey,
    });
    await app.ready();
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: seeded.buyers[0]?.email, password: 'a good password' },
      });
      expect(signIn.statusCode).toBe(200);
      const credentials = await app.inject({
        method: 'GET',
        url: `/api/accounts/${seeded.accountId}/credentials`,
        headers: { authorization: `Bearer ${signIn.headers['set-auth-token']}` },
      });
      expect(credentials.json().password).toBe(seeded.ntripPassword);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses a damaged file and a database with tables, and replaces one with --force in one transaction', async () => {
    const file = join(dir, 'pg.backup');
    const migrated = await createTestDatabase();
    opened.push(migrated);
    const env = { DATA_DIR: dir, DATABASE_URL: migrated.url };
    await migrated.db.execute('create table kept_by_refusal (id int)');

    const bytes = readFileSync(file);
    bytes[bytes.length - 50] = (bytes[bytes.length - 50] ?? 0) ^ 0xff;
    const damaged = join(dir, 'damaged.backup');
    writeFileSync(damaged, bytes);
    await expect(runRestore(env, { file: damaged, force: true })).rejects.toThrow(/is damaged/);
    await expect(runRestore(env, { file })).rejects.toThrow(/already holds tables. Add --force/);
    const kept = (await migrated.db.execute('select count(*)::int as n from kept_by_refusal')) as unknown;
    expect((kept as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);

    // A file cut short after its table of contents (checksum made to fit): pg_restore fails part-way through, and
    // what it sent before the failure, and the emptying for --force, is rolled back.
    const cut = join(dir, 'cut.backup');
    rewriteBackup(cut, file, { payload: (payload) => payload.subarray(0, Math.floor(payload.length * 0.97)) });
    await expect(runRestore(env, { file: cut, force: true })).rejects.toThrow(
      /The restore failed and nothing was changed/,
    );
    const stillKept = (await migrated.db.execute('select count(*)::int as n from kept_by_refusal')) as unknown;
    expect((stillKept as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);

    // A header that does not match its data: the counts are checked before the transaction commits.
    const miscounted = join(dir, 'miscounted.backup');
    rewriteBackup(miscounted, file, {
      header: (header) => ({ ...header, contents: { ...header.contents, users: 4 } }),
    });
    await expect(runRestore(env, { file: miscounted, force: true })).rejects.toThrow(
      /does not hold what the backup header says/,
    );
    const keptAgain = (await migrated.db.execute('select count(*)::int as n from kept_by_refusal')) as unknown;
    expect((keptAgain as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);

    const lines = await runRestore(env, { file, force: true });
    expect(lines[0]).toContain('3 users, 5 ledger entries (sum 375 credits), 3 invoices (total 87.00)');
    // No key here: the restore says which key the NTRIP passwords need.
    expect(lines.join('\n')).toContain(`fingerprint ${keyFingerprint(t.secretKey)}, and no key is set here`);
    await expect(migrated.db.execute('select 1 from kept_by_refusal')).rejects.toThrow();
    expect(await readBooks(migrated.db)).toEqual(await readBooks(t.database.db));
  }, 120_000);
});
