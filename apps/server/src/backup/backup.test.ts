import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyFingerprint, openDatabase, pgliteArchive, readBackup } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { readBooks, rewriteBackup, seedBooks } from '../testing/books';
import { createTestApp, type TestApp } from '../testing/test-app';
import { runBackup, runRestore } from './backup-commands';
import { ENDPOINT_FILE, startBackupEndpoint } from './backup-endpoint';

// Each backup and restore opens a PGlite of its own (a few seconds each on a busy machine).
const SLOW = 180_000;

/** `npm run backup` / `npm run restore` on the embedded database: a backup taken while the portal runs, restored. */
describe('backup and restore of the embedded database', () => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof seedBooks>>;
  let before: Awaited<ReturnType<typeof readBooks>>;
  let endpoint: Awaited<ReturnType<typeof startBackupEndpoint>>;
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixpoint-backup-'));
    folders.push(dir);
    return dir;
  };
  // The running portal's DATA_DIR: no db folder in it, so a backup that did not ask the portal would fail.
  let liveDataDir: string;
  let backupFile: string;

  beforeAll(async () => {
    // PGlite's own backup, also where TEST_DATABASE_URL runs the other tests on PostgreSQL.
    t = await createTestApp({}, { pglite: true });
    seeded = await seedBooks(t);
    before = await readBooks(t.database.db);
    liveDataDir = folder();
    endpoint = await startBackupEndpoint({
      dataDir: liveDataDir,
      archive: () => pgliteArchive(t.database),
      logger: t.app.log,
    });
    backupFile = join(folder(), 'fixpoint.backup');
  });
  afterAll(async () => {
    await endpoint?.close();
    await t?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  /** The restored folder run as the portal: the app on it, as `npm start` would open it. */
  async function startOn(dataDir: string, secretKey: string) {
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    await database.migrate();
    const app = await buildApp({ env: loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }), database, secretKey });
    await app.ready();
    return { app, database };
  }

  it(
    'backs up from the running portal, while it writes, and restores into a fresh folder with the same books',
    async () => {
      expect(before.users.length).toBe(3);
      expect(before.invoices.length).toBe(3);
      expect(Object.values(before.ledgerSums).sort()).toEqual([125, 250]);

      // Writes go on while the backup is taken; each lands wholly in it or not at all.
      const [lines] = await Promise.all([
        runBackup({ DATA_DIR: liveDataDir, SECRET_KEY: t.secretKey }, { out: backupFile }),
        t.app.inject({
          method: 'POST',
          url: '/api/accounts',
          headers: seeded.buyers[1]?.headers,
          payload: { name: 'Drone' },
        }),
      ]);
      expect(lines[0]).toContain(`from the running portal (process ${process.pid})`);
      expect(lines[0]).toContain('3 users, 5 ledger entries (sum 375 credits), 3 invoices (total 87.00)');
      expect(lines[1]).toContain(`fingerprint ${keyFingerprint(t.secretKey)}`);
      const { header } = await readBackup(backupFile);
      expect(header).toMatchObject({ database: 'pglite', keyFingerprint: keyFingerprint(t.secretKey) });
      expect(header.secretKey).toBeUndefined();
      expect(readFileSync(backupFile).includes(Buffer.from(t.secretKey))).toBe(false);

      const target = folder();
      const restored = await runRestore({ DATA_DIR: target, SECRET_KEY: t.secretKey }, { file: backupFile });
      expect(restored[0]).toContain(`into ${join(target, 'db')}: 3 users, 5 ledger entries`);

      const { app, database } = await startOn(target, t.secretKey);
      try {
        expect(await readBooks(database.db)).toEqual(before);
        // The people sign in with their passwords and see their credits, invoices and NTRIP password.
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: seeded.buyers[0]?.email, password: 'a good password' },
        });
        expect(signIn.statusCode).toBe(200);
        const headers = { authorization: `Bearer ${signIn.headers['set-auth-token']}` };
        const ledger = await app.inject({ method: 'GET', url: '/api/credits/ledger', headers });
        expect(ledger.json().balance).toBe(125);
        const billing = await app.inject({ method: 'GET', url: '/api/billing', headers });
        expect(billing.json().invoices.map((invoice: { number: string }) => invoice.number)).toEqual(
          before.invoices
            .filter((invoice) => invoice.owner === seeded.buyers[0]?.id)
            .map((invoice) => invoice.number)
            .reverse(),
        );
        const credentials = await app.inject({
          method: 'GET',
          url: `/api/accounts/${seeded.accountId}/credentials`,
          headers,
        });
        expect(credentials.json().password).toBe(seeded.ntripPassword);
      } finally {
        await app.close();
        await database.close();
      }
    },
    SLOW,
  );

  it(
    'checks the file before touching anything, and replaces a database only with --force, keeping it',
    async () => {
      const target = folder();
      const env = { DATA_DIR: target, SECRET_KEY: t.secretKey };
      await runRestore(env, { file: backupFile });
      const dbDir = join(target, 'db');
      const original = readdirSync(dbDir).sort();

      const damaged = join(folder(), 'damaged.backup');
      const bytes = readFileSync(backupFile);
      bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
      writeFileSync(damaged, bytes);
      await expect(runRestore(env, { file: damaged, force: true })).rejects.toThrow(
        /is damaged: its data does not match/,
      );
      writeFileSync(damaged, readFileSync(backupFile).subarray(0, bytes.length - 10));
      await expect(runRestore(env, { file: damaged, force: true })).rejects.toThrow(/is damaged: it holds/);
      writeFileSync(damaged, 'PGDMP and something else');
      await expect(runRestore(env, { file: damaged, force: true })).rejects.toThrow(/is not a Fixpoint backup/);
      rewriteBackup(damaged, backupFile, {
        header: (header) => ({ ...header, contents: { ...header.contents, invoices: 2 } }),
      });
      await expect(runRestore(env, { file: damaged, force: true })).rejects.toThrow(/invoices: 3 instead of 2/);
      expect(readdirSync(target).sort()).toEqual(['db']);
      expect(readdirSync(dbDir).sort()).toEqual(original);

      await expect(runRestore(env, { file: backupFile })).rejects.toThrow(/already holds a database. Add --force/);
      const forced = await runRestore(env, { file: backupFile, force: true });
      const aside = readdirSync(target).find((name) => name.startsWith('db.replaced-'));
      expect(aside).toBeDefined();
      expect(forced).toContain(
        `The database that was there is kept in ${join(target, aside as string)}; delete it once you are satisfied.`,
      );
      expect(readdirSync(join(target, aside as string)).sort()).toEqual(original);

      // With the portal running on the folder, restore refuses; the stopped folder backs up by opening it itself.
      const running = await startBackupEndpoint({
        dataDir: target,
        archive: () => pgliteArchive(t.database),
        logger: t.app.log,
      });
      try {
        await expect(runRestore(env, { file: backupFile, force: true })).rejects.toThrow(/stop it before restoring/);
      } finally {
        await running.close();
      }
      expect(existsSync(join(target, ENDPOINT_FILE))).toBe(false);
      const offline = join(folder(), 'offline.backup');
      const lines = await runBackup(env, { out: offline });
      expect(lines[0]).toContain(`the embedded database in ${dbDir}`);
      expect((await readBackup(offline)).header.contents).toEqual((await readBackup(backupFile)).header.contents);
    },
    SLOW,
  );

  it(
    'carries the secret key only when asked, and puts it where the restored portal reads it',
    async () => {
      const keyed = join(folder(), 'keyed.backup');
      const withKeyLines = await runBackup(
        { DATA_DIR: liveDataDir, SECRET_KEY: t.secretKey },
        { out: keyed, withKey: true },
      );
      expect(withKeyLines[1]).toContain('It carries the secret key');
      expect((await readBackup(keyed)).header.secretKey).toBe(t.secretKey);

      // A fresh machine with no key: the carried one is written to DATA_DIR/secret.key and opens the NTRIP passwords.
      const target = folder();
      const lines = await runRestore({ DATA_DIR: target }, { file: keyed });
      expect(lines).toContain(`Wrote the backup's secret key to ${join(target, 'secret.key')}.`);
      const key = readFileSync(join(target, 'secret.key'), 'utf8').trim();
      expect(key).toBe(t.secretKey);

      // Without the key, the restore says which key the NTRIP passwords need.
      const bare = folder();
      const warned = await runRestore({ DATA_DIR: bare }, { file: backupFile });
      expect(warned.join('\n')).toMatch(
        new RegExp(
          `WARNING: the NTRIP passwords were encrypted with the key of fingerprint ${keyFingerprint(t.secretKey)}, and no key is set here`,
        ),
      );
      expect(existsSync(join(bare, 'secret.key'))).toBe(false);
    },
    SLOW,
  );
});
