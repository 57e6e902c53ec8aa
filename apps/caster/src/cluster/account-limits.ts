import { type Database, schema } from '@fixpoint/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { CasterLogger } from '../logger';
import type { RoverSession } from '../sessions/rover-session';
import type { SessionRegistry } from '../sessions/session-registry';
import type { SessionsReplacedMessage } from './subjects';

/** How long an id replaced before its session registered here is remembered. */
const REPLACED_EARLY_MS = 10_000;

export interface AccountLimitDependencies {
  /** The shared database: open caster_sessions rows of other processes count toward an account's limit. */
  db?: Database;
  sessions: SessionRegistry;
  instance: string;
  /** Whether the cluster is connected (no count without NATS to close the sessions elsewhere). */
  isConnected(): boolean;
  /** Tells the processes holding these sessions to close them. */
  publishReplaced(message: SessionsReplacedMessage): void;
  logger: CasterLogger;
}

/**
 * An account's limit across the cluster (decision 0033): after a login here, the account's open sessions on other
 * processes (their caster_sessions rows) and ours are counted together; the oldest beyond the limit are replaced,
 * ours at once, theirs through NATS (the process holding one closes it with reason 'replaced').
 */
export function createAccountLimits(deps: AccountLimitDependencies) {
  const { sessions, logger } = deps;
  /** Sessions another process replaced before this one had registered them (id → when), kept 10 s. */
  const replacedEarly = new Map<string, number>();

  const enforce = async (session: RoverSession, maxConnections: number) => {
    const db = deps.db;
    if (!db || !deps.isConnected()) return;
    const s = schema.casterSessions;
    let remote: { id: string; startedAt: Date }[];
    try {
      remote = await db
        .select({ id: s.id, startedAt: s.startedAt })
        .from(s)
        .where(and(eq(s.accountId, session.accountId), isNull(s.endedAt), ne(s.casterInstance, deps.instance)))
        .orderBy(asc(s.startedAt));
    } catch (error) {
      logger.error({ err: error }, 'cluster: session count failed');
      return;
    }
    if (session.isClosed || remote.length === 0) return;
    // Oldest first (ties by id), the new session included: two logins racing on two processes then agree that the
    // later one stays, each process replacing the same sessions.
    const all = [
      ...remote.map((row) => ({ id: row.id, startedAt: row.startedAt.getTime(), local: undefined })),
      ...sessions
        .ofAccount(session.accountId)
        .filter((entry) => !entry.isClosed)
        .map((entry) => ({ id: entry.id, startedAt: entry.startedAt.getTime(), local: entry })),
    ].sort((x, y) => x.startedAt - y.startedAt || (x.id < y.id ? -1 : 1));
    const excess = all.length - maxConnections;
    if (excess <= 0) return;
    const replaced = all.slice(0, excess);
    const remoteIds = replaced.filter((entry) => !entry.local).map((entry) => entry.id);
    for (const entry of replaced) entry.local?.close('replaced');
    if (remoteIds.length > 0) {
      logger.info({ accountId: session.accountId, count: remoteIds.length }, 'cluster: replacing sessions elsewhere');
      deps.publishReplaced({ accountId: session.accountId, sessionIds: remoteIds });
    }
  };

  return {
    /** A session registered here: closed at once if another process replaced it already, else counted. */
    onAdded(session: RoverSession, maxConnections: number): void {
      const now = Date.now();
      for (const [id, at] of replacedEarly) if (now - at > REPLACED_EARLY_MS) replacedEarly.delete(id);
      if (replacedEarly.delete(session.id)) {
        session.close('replaced');
        return;
      }
      void enforce(session, maxConnections);
    },

    /** Another process replaced these sessions of an account. */
    onReplaced({ accountId, sessionIds }: SessionsReplacedMessage): void {
      if (typeof accountId !== 'string' || !Array.isArray(sessionIds)) return;
      for (const id of sessionIds) {
        // Its row may be written while its process has not registered it yet: it is replaced on arrival.
        if (typeof id === 'string' && !sessions.closeById(accountId, id, 'replaced')) {
          replacedEarly.set(id, Date.now());
        }
      }
    },
  };
}
