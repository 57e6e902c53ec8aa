import { type DatabaseHandle, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeasedRateLimiter } from './rate-limit';

// The API-key limit takes its allowance a block at a time (docs/decisions/0082): a write per block instead of per
// request, and never more than the limit across processes (two limiters on one database stand for two processes).
describe('leased rate limits', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const taken = async (key: string) =>
    (await database.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, key)))[0]?.count;

  it('writes once per block of a twentieth of the limit, also for requests arriving together', async () => {
    const limiter = createLeasedRateLimiter(database.db, { limit: 100, windowMs: 60_000 });
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => limiter.hit('together')));
    expect(verdicts.every((verdict) => verdict.allowed)).toBe(true);
    expect(await taken('together')).toBe(15);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('together')).allowed).toBe(true);
    expect(await taken('together')).toBe(15);
    expect((await limiter.hit('together')).allowed).toBe(true);
    expect(await taken('together')).toBe(20);
  });

  it('lets no more than the limit through across processes, then refuses without writing', async () => {
    const windowMs = 60_000;
    const first = createLeasedRateLimiter(database.db, { limit: 100, windowMs });
    const second = createLeasedRateLimiter(database.db, { limit: 100, windowMs });
    let allowed = 0;
    for (let i = 0; i < 150; i++) {
      const verdict = await (i % 3 === 2 ? second : first).hit('shared');
      if (verdict.allowed) allowed++;
      else expect(verdict.retryAfterSeconds).toBeGreaterThan(0);
    }
    // What one process took and had not used when the window filled (less than a block) is refused to the other.
    expect(allowed).toBeLessThanOrEqual(100);
    expect(allowed).toBeGreaterThan(95);
    const count = await taken('shared');
    expect((await first.hit('shared')).allowed).toBe(false);
    expect((await second.hit('shared')).allowed).toBe(false);
    expect(await taken('shared')).toBe(count);
  });

  it('opens a new window once the last one has ended', async () => {
    const windowMs = 1000;
    const first = createLeasedRateLimiter(database.db, { limit: 1, windowMs });
    const second = createLeasedRateLimiter(database.db, { limit: 1, windowMs });
    expect((await first.hit('windows')).allowed).toBe(true);
    const refused = await second.hit('windows');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
    expect((await second.hit('windows')).allowed).toBe(true);
    expect((await first.hit('windows')).allowed).toBe(false);
  });

  it('writes what goes alongside with each claim, in the same statement, and only then', async () => {
    await database.db.insert(schema.rateLimits).values({ id: 'stamps', key: 'stamps', count: 0, lastRequest: 0 });
    const limiter = createLeasedRateLimiter(database.db, { limit: 100, windowMs: 60_000 });
    const stamp = () => sql`update rate_limits set count = count + 1 where key = 'stamps'`;
    for (let i = 0; i < 12; i++) expect((await limiter.hit('stamped', stamp)).allowed).toBe(true);
    expect([await taken('stamped'), await taken('stamps')]).toEqual([15, 3]);
  });

  it('counts every request below a limit of 40, as the plain limiter does', async () => {
    const limiter = createLeasedRateLimiter(database.db, { limit: 3, windowMs: 60_000 });
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push((await limiter.hit('small')).allowed);
    expect(verdicts).toEqual([true, true, true, false]);
    expect(await taken('small')).toBe(3);
  });
});
