import { describe, expect, it } from 'vitest';
import type { CasterLogger } from '../logger';
import type { RoverSession } from './rover-session';
import { createSessionRegistry } from './session-registry';
import { PROGRESS_BATCH, type SessionProgress, type SessionStore } from './session-store';

// The periodic progress write (decision 0089), with sessions that only record what the registry asks of them.

/** Rows made so far, by every session. */
let made = 0;

function fakeSession(index: number) {
  const session = {
    accountId: `account-${index}`,
    accessUntil: new Date(Date.now() + 86_400_000),
    accessTimer: undefined as NodeJS.Timeout | undefined,
    isClosed: false,
    isDirty: true,
    /** When its row was made, counted in rows made before it by any session. */
    madeAt: [] as number[],
    rewrites: 0,
    periodicProgress: () => {
      session.madeAt.push(made++);
      return { id: `session-${index}` } as SessionProgress;
    },
    progressNotWritten: () => {
      session.isDirty = true;
      session.rewrites++;
    },
  };
  return session;
}

describe('session registry progress writes', () => {
  it('makes each batch of rows just before its write, and has a failed batch and those after it written again', async () => {
    const writes: string[][] = [];
    const madeBeforeWrite: number[] = [];
    let failAt = 2;
    const store = {
      async saveProgress(rows: readonly SessionProgress[]) {
        madeBeforeWrite.push(made);
        if (writes.length === failAt) throw new Error('database gone');
        writes.push(rows.map((row) => row.id));
      },
    } as unknown as SessionStore;
    const logged: string[] = [];
    const registry = createSessionRegistry({
      db: undefined as never,
      store,
      access: undefined as never,
      logger: { error: (_: unknown, message: string) => logged.push(message) } as unknown as CasterLogger,
      options: { sessionFlushMs: 10_000, accountPollMs: 1_000 },
      track: () => {},
    });
    const sessions = Array.from({ length: PROGRESS_BATCH * 3 + 7 }, (_, i) => fakeSession(i));
    for (const session of sessions) registry.add(session as unknown as RoverSession, 1);

    await registry.flush();
    // Two batches written, each made when its turn came (not all rows up front); the third failed.
    expect(writes.map((rows) => rows.length)).toEqual([PROGRESS_BATCH, PROGRESS_BATCH]);
    expect(madeBeforeWrite).toEqual([PROGRESS_BATCH, PROGRESS_BATCH * 2, PROGRESS_BATCH * 3]);
    expect(logged).toEqual(['sessions: progress write failed']);
    const written = sessions.slice(0, PROGRESS_BATCH * 2);
    const rest = sessions.slice(PROGRESS_BATCH * 2);
    expect(written.every((session) => !session.isDirty && session.rewrites === 0)).toBe(true);
    expect(rest.every((session) => session.isDirty && session.rewrites === 1)).toBe(true);

    failAt = -1;
    await registry.flush();
    expect(writes.slice(2).flat()).toEqual(rest.map((_, i) => `session-${PROGRESS_BATCH * 2 + i}`));
    expect(sessions.every((session) => !session.isDirty)).toBe(true);
    for (const session of sessions) clearTimeout(session.accessTimer);
  });
});
