import { createHash } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';

/**
 * A limit's key in `rate_limits`: what it counts in words, then a hash of whom (an e-mail address, a client address,
 * or both), so any input, however long, gives a short row, and no address is stored as it was typed
 * (docs/decisions/0062). E-mail addresses are compared trimmed and in lower case.
 */
export function limitKey(kind: string, ...subjects: string[]): string {
  const hash = createHash('sha256').update(subjects.join('\n')).digest('base64url');
  return `${kind}:${hash}`;
}

/** An e-mail address as the limits compare it: trimmed, in lower case. */
export const limitEmail = (email: string) => email.trim().toLowerCase();

/**
 * Adds `by` to the fixed-window counter `key` (a new window when the last one began over `windowMs` ago) in one
 * atomic upsert, so every process counts on the same row; answers the count and when its window began. `alongside`,
 * a data-modifying statement, runs in the same statement (a common table expression).
 */
async function addToWindow(db: Database, key: string, by: number, now: number, windowMs: number, alongside?: SQL) {
  const windowStart = now - windowMs;
  const t = schema.rateLimits;
  const [row] = await (alongside ? db.with(db.$with('alongside', {}).as(alongside)) : db)
    .insert(t)
    .values({ id: key, key, count: by, lastRequest: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.lastRequest} < ${windowStart} then ${by} else ${t.count} + ${by} end`,
        lastRequest: sql`case when ${t.lastRequest} < ${windowStart} then ${now} else ${t.lastRequest} end`,
      },
    })
    .returning({ count: t.count, lastRequest: t.lastRequest });
  return { count: row?.count ?? by, startedAt: row?.lastRequest ?? now };
}

const retryAfter = (windowEndsAt: number, now: number) => Math.max(1, Math.ceil((windowEndsAt - now) / 1000));

/**
 * Fixed-window counters in the database, so every process counts the same attempts. `hit` counts one attempt and
 * tells whether it is still within the limit.
 */
export function createRateLimiter(db: Database, { limit, windowMs }: { limit: number; windowMs: number }) {
  return {
    async hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const now = Date.now();
      const { count, startedAt } = await addToWindow(db, key, 1, now, windowMs);
      return { allowed: count <= limit, retryAfterSeconds: retryAfter(startedAt + windowMs, now) };
    },
  };
}

/**
 * The same counters for a limit hit on every request of a busy client (API keys, docs/decisions/0082): a process
 * takes a block of the window's allowance in one upsert (a twentieth of the limit, at most 50) and spends it in
 * memory, so a request costs a database write only once per block. The row counts what was taken, never more than
 * the limit in total, so the limit holds exactly on any number of processes; what a process took and did not use
 * (at most a block each) is refused to the others until the window ends. A window found full is remembered until
 * it ends, so refused requests cost no write either. Below a limit of 40 a block is one request: counted
 * exactly as `createRateLimiter` counts.
 */
export function createLeasedRateLimiter(db: Database, { limit, windowMs }: { limit: number; windowMs: number }) {
  const block = Math.max(1, Math.min(50, Math.floor(limit / 20)));
  /** Per key: when its window ends, what this process may still spend of it, and whether the window is all taken. */
  const leases = new Map<string, { windowEndsAt: number; left: number; isFull: boolean }>();
  const claims = new Map<string, Promise<void>>();

  async function claim(key: string, alongside: SQL | undefined) {
    const now = Date.now();
    const { count, startedAt } = await addToWindow(db, key, block, now, windowMs, alongside);
    if (leases.size > 100_000) {
      for (const [known, lease] of leases) if (lease.windowEndsAt < now) leases.delete(known);
    }
    // What of this block lies within the limit: all of it, a part, or nothing.
    const left = Math.max(0, Math.min(block, limit - (count - block)));
    leases.set(key, { windowEndsAt: startedAt + windowMs, left, isFull: count >= limit });
  }

  return {
    /** Counts one request; `alongside` is written with a claim, in the same statement (an API key's last use). */
    async hit(key: string, alongside?: () => SQL): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      for (;;) {
        const now = Date.now();
        const lease = leases.get(key);
        if (lease && now <= lease.windowEndsAt) {
          if (lease.left > 0) {
            lease.left--;
            return { allowed: true, retryAfterSeconds: 0 };
          }
          if (lease.isFull) return { allowed: false, retryAfterSeconds: retryAfter(lease.windowEndsAt, now) };
        }
        // One claim at a time per key in this process: requests arriving meanwhile wait for it, then look again.
        let pending = claims.get(key);
        if (!pending) {
          pending = claim(key, alongside?.()).finally(() => claims.delete(key));
          claims.set(key, pending);
        }
        await pending;
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
export type LeasedRateLimiter = ReturnType<typeof createLeasedRateLimiter>;

/** Refuses a request over its limit: 429 RATE_LIMITED with Retry-After and the wait in words. */
export function refuseTooMany(reply: FastifyReply, retryAfterSeconds: number, what = 'attempts'): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError(
    'RATE_LIMITED',
    429,
    `Too many ${what}. Please wait ${waitWords(retryAfterSeconds)} and try again.`,
  );
}

/** A wait in words: "30 seconds", "1 minute", "42 minutes". */
export function waitWords(seconds: number) {
  return seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}`;
}

/**
 * A 429 thrown by a service, which has no reply at hand: the route puts its wait in `Retry-After` with
 * `withRetryAfter`.
 */
export class TooManyError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super(code, 429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Runs a service call; a `TooManyError` it throws leaves with its `Retry-After`. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TooManyError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
