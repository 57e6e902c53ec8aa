import { type Database, schema } from '@fixpoint/db';
import { inArray } from 'drizzle-orm';
import { isUserDisabledSql } from '../auth/rover-auth';
import type { CasterLogger } from '../logger';
import { type AccessChecker, pairKey } from './access';
import type { RoverSession } from './rover-session';
import type { SessionStore } from './session-store';

export interface SessionRegistryOptions {
  sessionFlushMs: number;
  accountPollMs: number;
}

/** setTimeout overflows past 2^31-1 ms (24.8 days); a long window is re-checked daily instead. */
const MAX_TIMER_MS = 86_400_000;

/**
 * The live rover sessions of this caster: the connection limit per account, periodic progress writes, and
 * watching what may end a session from outside (access window end, account disabled, deleted or its password
 * changed, the person behind it disabled). The watch polls the database about once a second for the accounts that
 * have live sessions only; a precise timer at each session's window end keeps "ends within a second" even between
 * polls.
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
  let isPollDue = false;
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

  const pollAccounts = async (): Promise<void> => {
    if (isPolling) {
      // A change published while a poll reads may have missed that read: poll once more right after.
      isPollDue = true;
      return;
    }
    if (byAccount.size === 0) return;
    isPolling = true;
    isPollDue = false;
    try {
      const a = schema.ntripAccounts;
      const ids = [...byAccount.keys()];
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
      await recheckAccess([...sessions]);
    } catch (error) {
      logger.error({ err: error }, 'sessions: account poll failed');
    } finally {
      isPolling = false;
    }
    if (isPollDue) await pollAccounts();
  };

  const flush = async () => {
    const dirty = [...sessions].filter((session) => session.isDirty);
    if (dirty.length === 0) return;
    for (const session of dirty) session.isDirty = false;
    try {
      await store.saveProgress(dirty.map((session) => session.progress()));
    } catch (error) {
      for (const session of dirty) session.isDirty = true;
      logger.error({ err: error }, 'sessions: progress write failed');
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
      if (byAccount.has(accountId)) void pollAccounts();
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
