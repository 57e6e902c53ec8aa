import { type Database, schema } from '@fixpoint/db';
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';

const DAY_MS = 86_400_000;

interface WindowRow {
  id: string;
  startsAt: Date | null;
  endsAt: Date | null;
  pendingDays: number | null;
}

/**
 * Until when the account may use the network from `now`: the end of the window covering now, extended through
 * windows that follow without a gap (a renewal bought in advance). Undefined: no access.
 */
export function coveredUntil(windows: readonly WindowRow[], now: Date): Date | undefined {
  const dated = windows.filter(
    (window): window is WindowRow & { startsAt: Date; endsAt: Date } =>
      window.startsAt !== null && window.endsAt !== null,
  );
  let end: number | undefined;
  for (const window of dated) {
    if (window.startsAt.getTime() <= now.getTime() && window.endsAt.getTime() > now.getTime()) {
      end = Math.max(end ?? 0, window.endsAt.getTime());
    }
  }
  if (end === undefined) return undefined;
  for (let isExtended = true; isExtended; ) {
    isExtended = false;
    for (const window of dated) {
      if (window.startsAt.getTime() <= end && window.endsAt.getTime() > end) {
        end = window.endsAt.getTime();
        isExtended = true;
      }
    }
  }
  return new Date(end);
}

export interface AccessChecker {
  /** Checks access at login; starts a "from first connection" window when that is all the account has. */
  admit(
    accountId: string,
    networkId: string,
    now?: Date,
    lending?: { lentUntil: Date | null },
  ): Promise<Date | undefined>;
  /** Re-checks live sessions: covered-until per `${accountId}/${networkId}` pair, never starting windows. */
  coveredUntilMany(pairs: readonly { accountId: string; networkId: string }[], now?: Date): Promise<Map<string, Date>>;
}

export const pairKey = (accountId: string, networkId: string) => `${accountId}/${networkId}`;

/**
 * An organisation's account lent to a member connects only until the lending ends (docs/decisions/0041): the
 * access is cut there, and none is given once it has passed.
 */
export function clipToLending(until: Date | undefined, lentUntil: Date | null, now: Date): Date | undefined {
  if (!until || !lentUntil) return until;
  if (lentUntil.getTime() <= now.getTime()) return undefined;
  return lentUntil.getTime() < until.getTime() ? lentUntil : until;
}

/** Access found in the last second, by account and network (decision 0046). */
export interface AccessCache {
  access(accountId: string, networkId: string, now: Date): Date | undefined;
  rememberAccess(accountId: string, networkId: string, until: Date): void;
}

/** `loginDb` serves the login's reads and window start (`admit`); `db` the live sessions' re-checks. */
export function createAccessChecker(db: Database, cache?: AccessCache, loginDb: Database = db): AccessChecker {
  const w = schema.accessWindows;
  const a = schema.ntripAccounts;
  const lentUntilOf = async (accountIds: string[], from: Database = db) => {
    const rows = await from.select({ id: a.id, lentUntil: a.lentUntil }).from(a).where(inArray(a.id, accountIds));
    return new Map(rows.map((row) => [row.id, row.lentUntil]));
  };
  const windowsOf = (accountId: string, networkId: string, now: Date) =>
    loginDb
      .select({ id: w.id, startsAt: w.startsAt, endsAt: w.endsAt, pendingDays: w.pendingDays })
      .from(w)
      .where(and(eq(w.accountId, accountId), eq(w.networkId, networkId), or(gt(w.endsAt, now), isNull(w.startsAt))))
      .orderBy(asc(w.createdAt));

  return {
    async admit(accountId, networkId, now = new Date(), lending) {
      const known = cache?.access(accountId, networkId, now);
      if (known) return known;
      // The login has just read the account: its lending comes along instead of a second read.
      const lentUntil = lending
        ? lending.lentUntil
        : ((await lentUntilOf([accountId], loginDb)).get(accountId) ?? null);
      if (lentUntil && lentUntil.getTime() <= now.getTime()) return undefined;
      const windows = await windowsOf(accountId, networkId, now);
      const until = coveredUntil(windows, now);
      if (until) {
        const clipped = clipToLending(until, lentUntil, now);
        if (clipped) cache?.rememberAccess(accountId, networkId, clipped);
        return clipped;
      }
      for (const pending of windows.filter((window) => window.startsAt === null)) {
        // The guard on starts_at makes this safe against a second caster starting the same window at once.
        const started = await loginDb.transaction(async (tx) =>
          tx
            .update(w)
            .set({ startsAt: now, endsAt: new Date(now.getTime() + (pending.pendingDays ?? 0) * DAY_MS) })
            .where(and(eq(w.id, pending.id), isNull(w.startsAt)))
            .returning({ endsAt: w.endsAt }),
        );
        if (started[0]?.endsAt) {
          return clipToLending(coveredUntil(await windowsOf(accountId, networkId, now), now), lentUntil, now);
        }
      }
      return undefined;
    },

    async coveredUntilMany(pairs, now = new Date()) {
      const result = new Map<string, Date>();
      const accountIds = [...new Set(pairs.map((pair) => pair.accountId))];
      for (let i = 0; i < accountIds.length; i += 500) {
        const batch = accountIds.slice(i, i + 500);
        const rows = await db
          .select({
            accountId: w.accountId,
            networkId: w.networkId,
            id: w.id,
            startsAt: w.startsAt,
            endsAt: w.endsAt,
            pendingDays: w.pendingDays,
          })
          .from(w)
          .where(and(inArray(w.accountId, batch), gt(w.endsAt, now)));
        const lending = await lentUntilOf(batch);
        const grouped = new Map<string, WindowRow[]>();
        for (const row of rows) {
          const key = pairKey(row.accountId, row.networkId);
          const list = grouped.get(key) ?? [];
          list.push(row);
          grouped.set(key, list);
        }
        for (const [key, windows] of grouped) {
          const accountId = key.slice(0, key.indexOf('/'));
          const until = clipToLending(coveredUntil(windows, now), lending.get(accountId) ?? null, now);
          if (until) result.set(key, until);
        }
      }
      return result;
    },
  };
}
