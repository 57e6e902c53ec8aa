import { type Database, schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';

const minute = 60_000;

/**
 * Failed sign-ins, counted in the database so every process sees the same (docs/decisions/0040). Only failures
 * count, so an office signing in all day is never locked out. An address and account pair that keeps failing waits
 * longer and longer (30 s after `pairLimit` failures, doubling to 15 minutes); the pair forgets after a day without
 * failures or at the first success. Strangers elsewhere cannot lock an owner out, because their failures are their own
 * pairs'. An address failing across many accounts is stopped after `addressLimit` failures in 15 minutes.
 */
export function createLoginGuard(
  db: Database,
  { pairLimit, addressLimit }: { pairLimit: number; addressLimit: number },
) {
  const t = schema.rateLimits;
  const addressWindowMs = 15 * minute;
  const pairMemoryMs = 24 * 60 * minute;
  const addressKey = (address: string) => `signin-fail:address:${address}`;
  const pairKey = (address: string, email: string) => `signin-fail:pair:${address}:${email}`;

  async function read(key: string) {
    const [row] = await db.select({ count: t.count, last: t.lastRequest }).from(t).where(eq(t.key, key));
    return row ?? null;
  }

  async function count(key: string, windowMs: number, now: number) {
    await db
      .insert(t)
      .values({ id: key, key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`case when ${t.lastRequest} < ${now - windowMs} then 1 else ${t.count} + 1 end`,
          lastRequest: now,
        },
      });
  }

  return {
    /** Whether this address may try this account now, and else how long it has to wait. */
    async check(
      address: string,
      email: string,
      now = Date.now(),
    ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const [byAddress, byPair] = await Promise.all([read(addressKey(address)), read(pairKey(address, email))]);
      const waits: number[] = [];
      if (byAddress && byAddress.last >= now - addressWindowMs && byAddress.count >= addressLimit) {
        waits.push(byAddress.last + addressWindowMs - now);
      }
      if (byPair && byPair.last >= now - pairMemoryMs && byPair.count >= pairLimit) {
        const backOff = Math.min(15 * minute, 30_000 * 2 ** (byPair.count - pairLimit));
        if (now < byPair.last + backOff) waits.push(byPair.last + backOff - now);
      }
      const wait = Math.max(0, ...waits);
      return { allowed: wait === 0, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    },

    async failed(address: string, email: string, now = Date.now()) {
      await Promise.all([
        count(addressKey(address), addressWindowMs, now),
        count(pairKey(address, email), pairMemoryMs, now),
      ]);
    },

    /** A success clears the pair: the owner's own typos never pile up. */
    async succeeded(address: string, email: string) {
      await db.delete(t).where(eq(t.key, pairKey(address, email)));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
