import { createHmac } from 'node:crypto';
import { type Database, type DatabaseHandle, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { type SQL, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../auth/auth';
import { createSessionLookup } from '../auth/session-lookup';
import { createCreditsRepository } from '../credits/credits.repository';
import { createOrganizationsService } from '../organizations/organizations.service';
import { createAccountsRepository } from './accounts.repository';

// The reads behind GET /api/accounts and GET /api/user run on every page load and every accounts poll: on
// PostgreSQL they are named prepared statements on connections of their own (DatabaseHandle.hotReads) that plan
// each once and reuse the plan (issue 18, decision 0055: with the default plan_cache_mode, PostgreSQL re-planned the
// account list on every execution, most of its time for it). PGlite has no named statements, so this runs on
// PostgreSQL only (TEST_DATABASE_URL; a `.pg.test.ts` file, see apps/server/vitest.config.ts).
describe('prepared hot reads', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insert(schema.users)
      .values({ id: 'prepared-owner', name: 'Owner', email: 'prepared@example.com' });
  });
  afterAll(() => database.close());

  const rowsOf = async <Row>(db: Database, query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

  it("plans the session's, the account list's, the balance's and the teams' reads once and reuses the plan", async () => {
    const { db, hotReads } = database;
    const auth = createAuth({
      db,
      secret: 'p'.repeat(64),
      mailer: { send: async () => undefined, close: () => undefined },
      logger: pino({ level: 'silent' }),
      passwordPolicy: {
        minLength: 8,
        maxLength: 128,
        requireLowercase: false,
        requireUppercase: false,
        requireDigit: false,
        requireSymbol: false,
      },
      trustedOrigins: [],
      trustProxy: false,
    });
    const sessions = createSessionLookup({ auth, db: hotReads });
    const accounts = createAccountsRepository(db, hotReads);
    const [account] = await db
      .insert(schema.ntripAccounts)
      .values({ username: 'prepared-1', passwordEnc: 'x', name: 'One', ownerUserId: 'prepared-owner' })
      .returning();
    // Run one after another, each statement reaches the pool's one idle connection (pg's pool reuses the last one
    // released), so the statements it prepared can be read back from it.
    for (let i = 0; i < 3; i++) {
      // A well-signed cookie naming no session: read, and not found.
      const signature = createHmac('sha256', 'p'.repeat(64)).update('no-such-token').digest('base64');
      const cookie = `fixpoint.session_token=${encodeURIComponent(`no-such-token.${signature}`)}`;
      expect(await sessions.fromCookie(cookie)).toBeNull();
      expect(await accounts.listDescribed({ userId: 'prepared-owner' })).toHaveLength(1);
      expect(await accounts.listDescribed({ orgId: crypto.randomUUID() })).toEqual([]);
      expect(await accounts.details([account?.id as string])).toHaveLength(1);
      expect(await createCreditsRepository(db, hotReads).balance({ userId: 'prepared-owner' })).toBe(0);
      expect(await createOrganizationsService({ db, hotReads, maxPerUser: 3 }).teams('prepared-owner')).toEqual([]);
    }
    const prepared = await rowsOf<{ name: string; generic_plans: string; custom_plans: string }>(
      hotReads,
      sql`select name, generic_plans, custom_plans from pg_prepared_statements order by name`,
    );
    expect(prepared.map((row) => [row.name, Number(row.generic_plans), Number(row.custom_plans)])).toEqual([
      ['account_details', 3, 0],
      ['accounts_of_organization', 3, 0],
      ['accounts_visible_to_user', 3, 0],
      ['credit_balance_of_user', 3, 0],
      ['session_user_by_token', 3, 0],
      ['teams_of_user', 3, 0],
    ]);
    // Every other query keeps PostgreSQL's default: a plan for the values at hand where they matter.
    const mode = (on: Database) => rowsOf<{ plan_cache_mode: string }>(on, sql`show plan_cache_mode`);
    expect(await mode(hotReads)).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    expect(await mode(db)).toEqual([{ plan_cache_mode: 'auto' }]);
  });
});
