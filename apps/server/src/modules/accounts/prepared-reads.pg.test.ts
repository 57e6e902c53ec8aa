import { createHmac } from 'node:crypto';
import { type Database, type DatabaseHandle, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionLookup } from '../../plugins/session-lookup';
import { createAuth } from '../auth/auth';
import { createCreditsRepository } from '../credits/credits.repository';
import { createOrganizationsService } from '../organizations/organizations.service';
import { createAccountsRepository } from './accounts.repository';

// The reads behind GET /api/accounts and GET /api/user run on every page load and every accounts poll: on
// PostgreSQL they are named prepared statements, planned once per connection instead of on every request (issue
// 18; planning was most of the database's time for them). PGlite has no named statements, so this runs on
// PostgreSQL only (TEST_DATABASE_URL; a `.pg.test.ts` file, see apps/server/vitest.config.ts).
describe('prepared hot reads', () => {
  let database: DatabaseHandle;
  let client: pg.Client;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    const result = await database.db.execute(sql`select current_database() as name`);
    const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name as string;
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    // One connection, so that the statements it prepared can be read back from it.
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    db = drizzle({ client, schema }) as unknown as Database;
    await db.insert(schema.users).values({ id: 'prepared-owner', name: 'Owner', email: 'prepared@example.com' });
  });
  afterAll(async () => {
    await client.end();
    await database.close();
  });

  it("prepares the session's, the account list's, the balance's and the teams' reads", async () => {
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
    const lookUpSession = createSessionLookup({ auth, db });
    const accounts = createAccountsRepository(db);
    const [account] = await db
      .insert(schema.ntripAccounts)
      .values({ username: 'prepared-1', passwordEnc: 'x', name: 'One', ownerUserId: 'prepared-owner' })
      .returning();
    for (let i = 0; i < 2; i++) {
      // A well-signed cookie naming no session: read, and not found.
      const signature = createHmac('sha256', 'p'.repeat(64)).update('no-such-token').digest('base64');
      const cookie = `fixpoint.session_token=${encodeURIComponent(`no-such-token.${signature}`)}`;
      expect(await lookUpSession(cookie)).toBeUndefined();
      expect(await accounts.listDescribed({ userId: 'prepared-owner' })).toHaveLength(1);
      expect(await accounts.listDescribed({ orgId: crypto.randomUUID() })).toEqual([]);
      expect(await accounts.details([account?.id as string])).toHaveLength(1);
      expect(await createCreditsRepository(db).balance({ userId: 'prepared-owner' })).toBe(0);
      expect(await createOrganizationsService({ db, maxPerUser: 3 }).teams('prepared-owner')).toEqual([]);
    }
    const prepared = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
    expect(prepared.rows.map((row) => row.name)).toEqual([
      'account_details',
      'accounts_of_organization',
      'accounts_visible_to_user',
      'credit_balance_of_user',
      'session_user_by_token',
      'teams_of_user',
    ]);
  });
});
