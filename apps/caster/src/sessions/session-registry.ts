import { type Database, schema } from '@fixpoint/db';
import { inArray } from 'drizzle-orm';
import { isUserDisabledSql } from '../auth/rover-auth';
import type { CasterLogger } from '../logger';
import { type AccessChecker, pairKey } from './access';
import type { RoverSession } from './rover-session';
import { PROGRESS_BATCH, type SessionStore } from './session-store';

export interface SessionRegistryOptions {
  sessionFlushMs: number;
  accountPollMs: number;
  /** Accounts a poll re-reads at most (default 1,000): see the registry below. */
  accountPollBatch?: number;
}

/** setTimeout overflows past 2^31-1 ms (24.8 days); a long window is re-checked daily instead. */
const MAX_TIMER_MS = 86_400_000;

/**
 * The live rover sessions of this caster: the connection limit per account, periodic progress writes, and
 * watching what may end a session from outside (access window end, account disabled, deleted or its password
 * changed, the person behind it disabled). The watch polls the database about once a second for the accounts that
 * have live sessions only; a precise timer at each session's window end keeps "ends within a second" even between
 * polls. A poll re-reads at most `accountPollBatch` accounts (and their sessions' access), taking them in turn: a
 * fleet with an account per rover costs the database a bounded read a second, not one that grows with the fleet,
 * and every account is re-read within ceil(accounts / batch) polls. A change the server announces (NATS or
 * in-process) re-reads that account at once.
 */
export function createSessionRegistry(deps: {
  db: Database;
  store: SessionStore;
  access: AccessChecker;
  logger: CasterLogger;
  options: SessionRegistryOptions;
  track(work: Promise<unknown>): void;
  /** An account changed: what the caster keeps of it (the login cache) is dropped first. */
  onAccountChanged?: (accountId: string) => void;
}) {
  const { store, access, logger, options } = deps;
  const sessions = new Set<RoverSession>();
  const byAccount = new Map<string, RoverSession[]>();
  let timers: NodeJS.Timeout[] = [];
  let isPolling = false;
  /** Accounts announced as changed while a poll was reading: re-read right after it. */
  const announced = new Set<string>();
  /** Where the next poll starts in the accounts' order (insertion order of `byAccount`). */
  let pollCursor = 0;
  const pollBatch = options.accountPollBatch ?? 1_000;
  /** Set by the cluster layer: the account's limit also counts its sessions on other processes (decision 0033). */
  let onAdded: ((session: RoverSession, maxConnections: number) => void) | undefined;

  const scheduleAccessCheck = (session: RoverSession) => {
    clearTimeout(session.accessTimer);
    if (session.isClosed) return;
    const delay = Math.min(Math.max(session.accessUntil.getTime() - Date.now(), 0), MAX_TIMER_MS);
    session.accessTimer = setTimeout(() => void recheckAccess([session]), delay);
    session.accessTimer.unref();
  };

  const recheckAccess = async (list: readonly RoverSession[]) => {
    const live = list.filter((session) => !session.isClosed);
    if (live.length === 0) return;
    try {
      const covered = await access.coveredUntilMany(
        live.map((session) => ({ accountId: session.accountId, networkId: session.init.network.id })),
      );
      for (const session of live) {
        const until = covered.get(pairKey(session.accountId, session.init.network.id));
        if (!until) session.close('window-ended');
        else if (until.getTime() !== session.accessUntil.getTime()) {
          session.accessUntil = until;
          scheduleAccessCheck(session);
        } else if (until.getTime() - Date.now() <= 0) session.close('window-ended');
      }
    } catch (error) {
      logger.error({ err: error }, 'sessions: access re-check failed');
    }
  };

  /** The next `pollBatch` accounts in turn, from where the last poll stopped (all of them when there are few). */
  const nextAccounts = (): string[] => {
    const ids = [...byAccount.keys()];
    if (ids.length <= pollBatch) return ids;
    const start = pollCursor % ids.length;
    pollCursor = start + pollBatch;
    const batch = ids.slice(start, start + pollBatch);
    return batch.length < pollBatch ? batch.concat(ids.slice(0, pollBatch - batch.length)) : batch;
  };

  /** Re-reads `accountIds` (by default the next batch in turn) and ends what may no longer run. */
  const pollAccounts = async (accountIds?: readonly string[]): Promise<void> => {
    if (isPolling) {
      // A change announced while a poll reads may have missed that read: it is read once more right after.
      for (const id of accountIds ?? []) announced.add(id);
      return;
    }
    const ids = (accountIds ?? nextAccounts()).filter((id) => byAccount.has(id));
    if (ids.length === 0) return;
    isPolling = true;
    try {
      const a = schema.ntripAccounts;
      const found = new Map<string, { isDisabled: boolean; isUserDisabled: boolean; passwordChangedAt: Date }>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await deps.db
          .select({
            id: a.id,
            isDisabled: a.isDisabled,
            isUserDisabled: isUserDisabledSql,
            passwordChangedAt: a.passwordChangedAt,
          })
          .from(a)
          .where(inArray(a.id, ids.slice(i, i + 500)));
        for (const row of rows) found.set(row.id, row);
      }
      for (const id of ids) {
        const account = found.get(id);
        for (const session of [...(byAccount.get(id) ?? [])]) {
          if (!account) session.close('account-deleted');
          else if (account.isDisabled) session.close('account-disabled');
          else if (account.isUserDisabled) session.close('user-disabled');
          else if (account.passwordChangedAt.getTime() > session.init.passwordChangedAt.getTime()) {
            session.close('password-changed');
          }
        }
      }
      await recheckAccess(ids.flatMap((id) => byAccount.get(id) ?? []));
    } catch (error) {
      logger.error({ err: error }, 'sessions: account poll failed');
    } finally {
      isPolling = false;
    }
    if (announced.size > 0) {
      const again = [...announced];
      announced.clear();
      await pollAccounts(again);
    }
  };

  /**
   * Writes the sessions' progress a batch at a time, each batch's rows made just before its write: made all at once,
   * 10,000 sessions' rows lived through every batch's write and reached the old generation (decision 0089).
   */
  const flush = async () => {
    const dirty = [...sessions].filter((session) => session.isDirty);
    for (let i = 0; i < dirty.length; i += PROGRESS_BATCH) {
      const batch = dirty.slice(i, i + PROGRESS_BATCH);
      for (const session of batch) session.isDirty = false;
      try {
        await store.saveProgress(batch.map((session) => session.periodicProgress()));
      } catch (error) {
        for (const session of dirty.slice(i)) session.progressNotWritten();
        logger.error({ err: error }, 'sessions: progress write failed');
        return;
      }
    }
  };

  return {
    get count() {
      return sessions.size;
    },

    all(): IterableIterator<RoverSession> {
      return sessions.values();
    },

    /** Registers a started session; past the account's limit the oldest sessions are replaced. */
    add(session: RoverSession, maxConnections: number): void {
      const list = byAccount.get(session.accountId) ?? [];
      while (list.length >= maxConnections) (list[0] as RoverSession).close('replaced');
      // Set after the loop: closing the last one removed the account's (emptied) list from the map.
      byAccount.set(session.accountId, list);
      list.push(session);
      sessions.add(session);
      scheduleAccessCheck(session);
      onAdded?.(session, maxConnections);
    },

    set onAdded(hook: ((session: RoverSession, maxConnections: number) => void) | undefined) {
      onAdded = hook;
    },

    /** The account's live sessions on this process, oldest first. */
    ofAccount(accountId: string): readonly RoverSession[] {
      return byAccount.get(accountId) ?? [];
    },

    /** Closes one of this process's sessions by id (a newer login elsewhere replaced it); false if not here. */
    closeById(accountId: string, id: string, reason: string): boolean {
      const session = byAccount.get(accountId)?.find((entry) => entry.id === id);
      session?.close(reason);
      return session !== undefined;
    },

    /** Called once when a session closes: forgets it and writes its end. */
    remove(session: RoverSession, reason: string): void {
      sessions.delete(session);
      const list = byAccount.get(session.accountId);
      if (list) {
        const index = list.indexOf(session);
        if (index !== -1) list.splice(index, 1);
        if (list.length === 0) byAccount.delete(session.accountId);
      }
      deps.track(
        store.close(session.progress(), reason, new Date()).catch((error: unknown) => {
          logger.error({ err: error, sessionId: session.id }, 'sessions: close write failed');
        }),
      );
    },

    start(): void {
      timers = [
        setInterval(() => void flush(), options.sessionFlushMs),
        setInterval(() => void pollAccounts(), options.accountPollMs),
      ];
      for (const timer of timers) timer.unref();
    },

    stop(): void {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },

    flush,
    pollAccounts,

    /** An account changed elsewhere (the server, through NATS or in-process): re-check now, not at the next poll. */
    accountChanged(accountId: string): void {
      deps.onAccountChanged?.(accountId);
      if (byAccount.has(accountId)) void pollAccounts([accountId]);
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
