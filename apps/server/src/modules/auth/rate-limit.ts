import { createHash } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import { sql } from 'drizzle-orm';
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
 * Fixed-window counters in the database, so every process counts the same attempts. `hit` counts one attempt and
 * tells whether it is still within the limit.
 */
export function createRateLimiter(db: Database, { limit, windowMs }: { limit: number; windowMs: number }) {
  return {
    async hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const now = Date.now();
      const windowStart = now - windowMs;
      const t = schema.rateLimits;
      const [row] = await db
        .insert(t)
        .values({ id: key, key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`case when ${t.lastRequest} < ${windowStart} then 1 else ${t.count} + 1 end`,
            lastRequest: sql`case when ${t.lastRequest} < ${windowStart} then ${now} else ${t.lastRequest} end`,
          },
        })
        .returning({ count: t.count, lastRequest: t.lastRequest });
      const count = row?.count ?? 1;
      const started = row?.lastRequest ?? now;
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - now) / 1000)) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

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
