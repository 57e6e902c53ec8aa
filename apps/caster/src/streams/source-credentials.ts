import { type Database, hashToken, isSlowHash, schema, verifySecret } from '@fixpoint/db';
import { and, eq } from 'drizzle-orm';
import type { SlowCheckGate } from '../auth/slow-check-gate';

export type SourceCheck = { ok: true; passwordHash: string } | { ok: false; reason: 'bad-password' | 'busy' };

/**
 * A base station's source password (docs/decisions/0043). New stations' passwords are checked with a fast salted
 * hash (they are random 116-bit secrets). A station still holding an older scrypt hash is checked through the slow
 * gate, one at a time and never queued, and on success is moved to the fast hash, so each station pays the slow
 * check once.
 */
export function createSourceCredentials({ db, slowChecks }: { db: Database; slowChecks: SlowCheckGate }) {
  const s = schema.stations;
  return async function checkSource(
    station: { id: string; sourcePasswordHash: string },
    password: string,
  ): Promise<SourceCheck> {
    const stored = station.sourcePasswordHash;
    if (!isSlowHash(stored)) {
      return (await verifySecret(stored, password))
        ? { ok: true, passwordHash: stored }
        : { ok: false, reason: 'bad-password' };
    }
    const verified = await slowChecks.tryRun(() => verifySecret(stored, password));
    if (verified === undefined) return { ok: false, reason: 'busy' };
    if (!verified) return { ok: false, reason: 'bad-password' };
    const fresh = hashToken(password);
    const moved = await db
      .update(s)
      .set({ sourcePasswordHash: fresh })
      .where(and(eq(s.id, station.id), eq(s.sourcePasswordHash, stored)))
      .returning({ id: s.id });
    if (moved.length > 0) return { ok: true, passwordHash: fresh };
    // Another login moved it first (or an admin changed it): the source is tied to what is stored now.
    const [current] = await db.select({ hash: s.sourcePasswordHash }).from(s).where(eq(s.id, station.id));
    return current?.hash && (await verifySecret(current.hash, password))
      ? { ok: true, passwordHash: current.hash }
      : { ok: false, reason: 'bad-password' };
  };
}

export type SourceCredentials = ReturnType<typeof createSourceCredentials>;
