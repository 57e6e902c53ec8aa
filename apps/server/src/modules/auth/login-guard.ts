import { type Database, schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';
import type { DeviceCookies } from './device-cookie';
import { limitKey } from './rate-limit';

const minute = 60_000;

/**
 * Failed sign-ins, counted in the database so every process sees the same (docs/decisions/0040). Only failures
 * count, so an office signing in all day is never locked out. An address and account pair that keeps failing waits
 * longer and longer (30 s after `pairLimit` failures, doubling to 15 minutes); the pair forgets after a day without
 * failures or at the first success. Strangers elsewhere cannot lock an owner out, because their failures are their own
 * pairs'. An address failing across many accounts is stopped after `addressLimit` failures in 15 minutes.
 *
 * That address lock holds everyone behind the address, so a browser that has signed in to the account before (a
 * valid device cookie, `device`) is let through it, and past the pair's back-off, which the same strangers may have
 * run up; it has its own back-off instead, by the same rule as a pair's (docs/decisions/0062). Keys hold hashes of
 * the e-mail and client addresses, never the addresses themselves (`limitKey`).
 */
export function createLoginGuard(
  db: Database,
  {
    pairLimit,
    addressLimit,
    deviceCookies,
  }: { pairLimit: number; addressLimit: number; deviceCookies?: DeviceCookies | undefined },
) {
  const t = schema.rateLimits;
  const addressWindowMs = 15 * minute;
  const pairMemoryMs = 24 * 60 * minute;
  const addressKey = (address: string) => limitKey('signin-fail:address', address);
  const pairKey = (address: string, email: string) => limitKey('signin-fail:pair', address, email);
  const deviceKey = (device: string) => limitKey('signin-fail:device', device);

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

  /** How long a pair (or a device) that has failed this often must still wait: 30 s, doubling to 15 minutes. */
  function backOffWait(row: { count: number; last: number } | null, now: number) {
    if (!row || row.last < now - pairMemoryMs || row.count < pairLimit) return 0;
    const backOff = Math.min(15 * minute, 30_000 * 2 ** (row.count - pairLimit));
    return Math.max(0, row.last + backOff - now);
  }

  const verdict = (wait: number) => ({ allowed: wait === 0, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) });

  return {
    /**
     * The device id of a valid device cookie for this account in the request's `Cookie` header, else null (none,
     * another account's, altered or made up: such a browser is an untrusted client).
     */
    deviceOf(cookieHeader: string | undefined, email: string): string | null {
      return deviceCookies?.verify(cookieHeader, email) ?? null;
    },

    /** The `Set-Cookie` that makes this browser a trusted client of the account it just signed in to. */
    deviceCookie(email: string, { secure }: { secure: boolean }): string | null {
      return deviceCookies?.issue(email, { secure }) ?? null;
    },

    /** Whether this address (or this trusted device) may try this account now, and else how long it has to wait. */
    async check(
      address: string,
      email: string,
      { device = null, now = Date.now() }: { device?: string | null; now?: number } = {},
    ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      if (device) return verdict(backOffWait(await read(deviceKey(device)), now));
      const [byAddress, byPair] = await Promise.all([read(addressKey(address)), read(pairKey(address, email))]);
      const waits = [backOffWait(byPair, now)];
      if (byAddress && byAddress.last >= now - addressWindowMs && byAddress.count >= addressLimit) {
        waits.push(byAddress.last + addressWindowMs - now);
      }
      return verdict(Math.max(...waits));
    },

    /** A failure counts against the trusted device that made it, else against the address and the pair. */
    async failed(
      address: string,
      email: string,
      { device = null, now = Date.now() }: { device?: string | null; now?: number } = {},
    ) {
      if (device) return count(deviceKey(device), pairMemoryMs, now);
      await Promise.all([
        count(addressKey(address), addressWindowMs, now),
        count(pairKey(address, email), pairMemoryMs, now),
      ]);
    },

    /** A success clears the pair (and the device): the owner's own typos never pile up. */
    async succeeded(address: string, email: string, { device = null }: { device?: string | null } = {}) {
      await db.delete(t).where(eq(t.key, pairKey(address, email)));
      if (device) await db.delete(t).where(eq(t.key, deviceKey(device)));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
