import { LRUCache } from 'lru-cache';

/**
 * What a rover login reads, kept for a second (issue 16, decision 0046): the account by username and the access
 * it has on a network. Under connection churn the same accounts log in again and again; the live sessions'
 * per-second access re-check already allows a second of staleness, and an account changed by the portal is
 * forgotten at once (the caster's accountChanged, in-process or through NATS). Only successful reads are kept:
 * an unknown username or an account without access is read again every time.
 */
export function createLoginCache<Account extends { id: string }>({ ttlMs = 1_000, max = 50_000 } = {}) {
  const accounts = new LRUCache<string, Account>({ max, ttl: ttlMs });
  const access = new LRUCache<string, Date>({ max, ttl: ttlMs });
  const accessKey = (accountId: string, networkId: string) => `${accountId}/${networkId}`;

  return {
    account: (username: string): Account | undefined => accounts.get(username),
    rememberAccount(username: string, account: Account): void {
      accounts.set(username, account);
    },
    /** Until when the account may use the network, if known and not yet passed. */
    access(accountId: string, networkId: string, now: Date): Date | undefined {
      const until = access.get(accessKey(accountId, networkId));
      return until && until.getTime() > now.getTime() ? until : undefined;
    },
    rememberAccess(accountId: string, networkId: string, until: Date): void {
      access.set(accessKey(accountId, networkId), until);
    },
    forget(accountId: string): void {
      for (const [username, account] of accounts.entries()) if (account.id === accountId) accounts.delete(username);
      for (const key of access.keys()) if (key.startsWith(`${accountId}/`)) access.delete(key);
    },
  };
}

export type LoginCache<Account extends { id: string }> = ReturnType<typeof createLoginCache<Account>>;
