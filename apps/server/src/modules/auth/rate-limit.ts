import { type Database, schema } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';

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
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} seconds`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? 's' : ''}`;
  throw new AppError('RATE_LIMITED', 429, `Too many ${what}. Please wait ${wait} and try again.`);
}
