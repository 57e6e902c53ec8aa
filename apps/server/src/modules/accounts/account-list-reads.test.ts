import { createSecretBox, type DatabaseHandle, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from './accounts.repository';
import { createAccountsService } from './accounts.service';

// GET /api/accounts is one of the portal's hottest reads (issue 18): what it reads must not grow with the number
// of accounts in the portal or with the history of each account.
describe("the account list's reads", () => {
  let database: DatabaseHandle;
  const owner = { userId: 'reads-owner' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await db.insert(schema.users).values([
      { id: 'reads-owner', name: 'Owner', email: 'reads-owner@example.com' },
      { id: 'reads-other', name: 'Other', email: 'reads-other@example.com' },
    ]);
    const [mine, other] = await db
      .insert(schema.ntripAccounts)
      .values([
        { username: 'reads-mine', passwordEnc: 'x', name: 'Mine', ownerUserId: 'reads-owner' },
        { username: 'reads-other', passwordEnc: 'x', name: 'Other', ownerUserId: 'reads-other' },
      ])
      .returning();
    await db
      .insert(schema.ntripAccounts)
      .values({ username: 'reads-unused', passwordEnc: 'x', name: 'Unused', ownerUserId: 'reads-owner' });
    const [network, later] = await db
      .insert(schema.networks)
      .values([
        { code: 'READS', name: 'Reads Network', kind: 'hosted', dailyPrice: 1 },
        { code: 'LATER', name: 'Later Network', kind: 'hosted', dailyPrice: 1 },
      ])
      .returning();
    const day = 86_400_000;
    await db.insert(schema.accessWindows).values([
      {
        accountId: mine?.id as string,
        networkId: network?.id as string,
        source: 'admin',
        startsAt: new Date(Date.now() - day),
        endsAt: new Date(Date.now() + 2.5 * day),
      },
      { accountId: mine?.id as string, networkId: later?.id as string, source: 'credits', pendingDays: 5 },
    ]);
    const base = Date.parse('2026-11-01T00:00:00Z');
    // Fifty sessions and failures, written out of order: the newest must win, not the last written.
    const order = Array.from({ length: 50 }, (_, i) => (i * 17) % 50);
    for (const account of [mine, other]) {
      await db.insert(schema.casterSessions).values(
        order.map((i) => ({
          accountId: account?.id as string,
          mountpoint: i === 49 ? 'NEWEST_AUTO' : `OLD${i}`,
          clientAddress: '192.0.2.1',
          ntripVersion: 2,
          startedAt: new Date(base + i * 60_000),
          endedAt: new Date(base + i * 60_000 + 30_000),
          ggaCount: i,
        })),
      );
      await db.insert(schema.loginFailures).values(
        order.map((i) => ({
          username: account?.username as string,
          accountId: account?.id as string,
          mountpoint: 'X',
          reason: i === 49 ? ('bad-password' as const) : ('no-access' as const),
          clientAddress: '192.0.2.1',
          at: new Date(base + i * 60_000 + 45_000),
        })),
      );
    }
  });
  afterAll(() => database.close());

  it('finds the owner and borrower accounts through indexes, not by reading every account', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // On a table this small the planner would scan anyway; forbidding scans shows whether an index can serve.
      await tx.execute(sql`set local enable_seqscan = off`);
      // The condition of the user's list (accounts.repository: accounts_visible_to_user).
      const result = await tx.execute(sql`explain select * from ntrip_accounts
        where owner_user_id = ${owner.userId} or (lent_to_user_id = ${owner.userId} and lent_until > now())`);
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]);
    });
    expect(plan.join('\n')).not.toContain('Seq Scan on ntrip_accounts');
  });

  it("shows each account's newest session and newest refused login, and none for an account without", async () => {
    const service = createAccountsService({
      accountsRepository: createAccountsRepository(database.db),
      secretBox: createSecretBox('a'.repeat(64)),
      usernamePrefix: 'fx',
    });
    const [account, unused] = await service.list(owner);
    expect(account).toMatchObject({ username: 'reads-mine', lastConnectedAt: '2026-11-01T00:49:00.000Z' });
    // The newest failure (00:49:45) is newer than the newest session (00:49:00): it explains the rover.
    expect(account?.diagnosis).toBe('bad-password');
    expect(unused).toMatchObject({ username: 'reads-unused', lastConnectedAt: null, diagnosis: 'no-access' });
    // Its windows come with the same read: one current (3 days left), one waiting for the first connection.
    expect(account?.networks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ networkCode: 'READS', state: 'active', daysLeft: 3 }),
        expect.objectContaining({ networkCode: 'LATER', state: 'pending', activeUntil: null, daysLeft: 5 }),
      ]),
    );
    expect(account?.networks).toHaveLength(2);
  });
});
