import { createTestDatabase } from '@fixpoint/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobLock } from './job-lock';

// PostgreSQL only: the advisory lock that keeps a clock's round to one process (docs/decisions/0084).
describe('job lock on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase({ pglite: false });
  });
  afterAll(async () => database.close());

  it('runs a round in one holder at a time, skips it elsewhere meanwhile, and frees it when the round ends', async () => {
    // Two locks on the same database are two processes: each round holds its own connection.
    const first = createJobLock(database);
    const second = createJobLock(database);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => {
      started = resolve;
    });
    const long = first('test-clock', async () => {
      started();
      await held;
      return 'first';
    });
    await isRunning;
    expect(await second('test-clock', async () => 'second')).toBeUndefined();
    // Another job's lock is not this one.
    expect(await second('other-clock', async () => 'other')).toBe('other');
    release();
    expect(await long).toBe('first');
    expect(await second('test-clock', async () => 'second')).toBe('second');
  });

  it('frees the lock when the round fails', async () => {
    const lock = createJobLock(database);
    await expect(lock('failing-clock', async () => Promise.reject(new Error('round failed')))).rejects.toThrow(
      'round failed',
    );
    expect(await lock('failing-clock', async () => 'again')).toBe('again');
  });
});
