import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { pageMeta } from './schema';
import { createTestDatabase } from './testing';

describe('test database', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('is migrated and reachable', async () => {
    expect(await handle.ping()).toBeGreaterThanOrEqual(0);
    expect(handle.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    await handle.db.insert(pageMeta).values({ page: 'dashboard', title: 'Dashboard', description: 'd' });
    const rows = await handle.db.select().from(pageMeta).where(eq(pageMeta.page, 'dashboard'));
    expect(rows).toHaveLength(1);
  });
});

describe('embedded database in a data folder', () => {
  const parent = mkdtempSync(join(tmpdir(), 'fixpoint-db-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates missing parent folders and keeps data across a reopen', async () => {
    const dataDir = join(parent, 'nested', 'pgdata');
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(pageMeta).values({ page: 'map', title: 'Map', description: 'Coverage' });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate(); // a second run of the migrations is a no-op
    const rows = await second.db.select().from(pageMeta);
    expect(rows.map((r) => r.title)).toEqual(['Map']);
    await second.close();
  }, 30_000);
});
