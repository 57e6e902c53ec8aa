import { schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginGuard, type LoginGuard } from './login-guard';
import { createRateLimiter, limitKey } from './rate-limit';

describe('the sign-in guard', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let guard: LoginGuard;
  beforeAll(async () => {
    database = await createTestDatabase();
    guard = createLoginGuard(database.db, { pairLimit: 3, addressLimit: 100 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('backs a failing pair off from 30 s, doubling to 15 minutes, and forgets it after a success', async () => {
    const t0 = Date.parse('2026-11-24T10:00:00Z');
    for (let i = 0; i < 3; i++) await guard.failed('198.51.100.7', 'ana@example.com', { now: t0 });
    expect(await guard.check('198.51.100.7', 'ana@example.com', { now: t0 + 1_000 })).toEqual({
      allowed: false,
      retryAfterSeconds: 29,
    });
    expect((await guard.check('198.51.100.7', 'ana@example.com', { now: t0 + 30_000 })).allowed).toBe(true);
    // Each further failure doubles the wait: 60 s, 120 s, ... capped at 15 minutes.
    let now = t0 + 30_000;
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      await guard.failed('198.51.100.7', 'ana@example.com', { now });
      const { retryAfterSeconds } = await guard.check('198.51.100.7', 'ana@example.com', { now });
      waits.push(retryAfterSeconds);
      now += retryAfterSeconds * 1000;
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    await guard.succeeded('198.51.100.7', 'ana@example.com');
    expect((await guard.check('198.51.100.7', 'ana@example.com', { now })).allowed).toBe(true);
    // Other pairs were never affected.
    expect((await guard.check('203.0.113.9', 'ana@example.com', { now: t0 + 1_000 })).allowed).toBe(true);
  });

  it('gives a trusted device its own back-off, past the address and the pair', async () => {
    const t0 = Date.parse('2026-11-24T12:00:00Z');
    for (let i = 0; i < 3; i++) await guard.failed('198.51.100.8', 'bo@example.com', { now: t0 });
    expect((await guard.check('198.51.100.8', 'bo@example.com', { now: t0 + 1_000 })).allowed).toBe(false);
    // The device's failures are its own: three of them, and it waits 30 s, as a pair would.
    expect((await guard.check('198.51.100.8', 'bo@example.com', { device: 'd1', now: t0 + 1_000 })).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await guard.failed('198.51.100.8', 'bo@example.com', { device: 'd1', now: t0 });
    expect(await guard.check('198.51.100.8', 'bo@example.com', { device: 'd1', now: t0 + 1_000 })).toEqual({
      allowed: false,
      retryAfterSeconds: 29,
    });
    expect((await guard.check('198.51.100.8', 'bo@example.com', { device: 'd2', now: t0 + 1_000 })).allowed).toBe(true);
    await guard.succeeded('198.51.100.8', 'bo@example.com', { device: 'd1' });
    expect((await guard.check('198.51.100.8', 'bo@example.com', { device: 'd1', now: t0 + 1_000 })).allowed).toBe(true);
  });

  it('keys its counts by hashes: no address is stored, and a huge one makes a short key', async () => {
    const huge = `${'x'.repeat(10_000)}@example.com`;
    await guard.failed('198.51.100.9', huge);
    await createRateLimiter(database.db, { limit: 1, windowMs: 60_000 }).hit(limitKey('email:/reset', huge));
    const keys = (await database.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.length).toBeLessThan(80);
      expect(key).not.toMatch(/@|198\.51/);
    }
  });
});
