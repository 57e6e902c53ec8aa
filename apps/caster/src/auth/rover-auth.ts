import { type Database, type SecretBox, schema } from '@fixpoint/db';
import { verifyPassword as verifyWebPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LoginFailureReason } from '../metrics';
import type { BasicCredentials } from '../protocol/request-head';
import type { LoginCache } from './login-cache';
import type { SlowCheckGate } from './slow-check-gate';

export interface RoverAccount {
  id: string;
  username: string;
  maxConnections: number;
  passwordChangedAt: Date;
  /** An organisation's account lent to a member connects only until then. */
  lentUntil: Date | null;
}

export type RoverAuthResult =
  | { ok: true; account: RoverAccount }
  | {
      ok: false;
      reason: Exclude<LoginFailureReason, 'no-access' | 'outside-coverage' | 'no-credentials'>;
      accountId?: string;
    };

/**
 * Checks NTRIP credentials. NTRIP passwords are sealed, not hashed (owners can see them), so the comparison is a
 * digest comparison in constant time, the stored one decrypted once per account row read (decision 0086). When it
 * fails we also check the owner's web password: typing the portal password into the rover is the top support issue,
 * and the owner is told so ('web-password'). That check is a slow hash, paid only on failed logins and only while no
 * other runs, so a flood cannot hold the thread pool.
 */
export function createRoverAuthenticator({
  db,
  secretBox,
  slowChecks,
  cache,
}: {
  db: Database;
  secretBox: SecretBox;
  /** The web-password hint is a slow hash: one at a time, skipped while one runs (decision 0043). */
  slowChecks: SlowCheckGate;
  /** Accounts read in the last second (decision 0046). */
  cache?: LoginCache<AccountRow>;
}) {
  /** The password check of each account row read: decrypted once, not at every login while the row is cached. */
  const matchers = new WeakMap<AccountRow, (candidate: string) => boolean>();
  const passwordMatches = (account: AccountRow, candidate: string) => {
    let matcher = matchers.get(account);
    if (!matcher) {
      matcher = secretBox.matcherFor(account.passwordEnc);
      matchers.set(account, matcher);
    }
    return matcher(candidate);
  };

  return async function authenticate(credentials: BasicCredentials): Promise<RoverAuthResult> {
    let account = cache?.account(credentials.username);
    if (!account) {
      account = await readAccount(db, credentials.username);
      if (account) cache?.rememberAccount(credentials.username, account);
    }
    if (!account) return { ok: false, reason: 'unknown-user' };
    if (!passwordMatches(account, credentials.password)) {
      const ownerId = account.ownerUserId;
      const isWebPassword =
        ownerId !== null &&
        (await slowChecks.tryRun(() => matchesWebPassword(db, ownerId, credentials.password))) === true;
      return { ok: false, reason: isWebPassword ? 'web-password' : 'bad-password', accountId: account.id };
    }
    if (account.isDisabled || account.isUserDisabled) return { ok: false, reason: 'disabled', accountId: account.id };
    return {
      ok: true,
      account: {
        id: account.id,
        username: account.username,
        maxConnections: account.maxConnections,
        passwordChangedAt: account.passwordChangedAt,
        lentUntil: account.lentUntil,
      },
    };
  };
}

const a = schema.ntripAccounts;
const u = schema.users;

/**
 * Whether an admin disabled the person behind the account (better-auth's ban, issue 15): its owner, or the member
 * it is lent to while the lending lasts. Its logins are refused and its live sessions end, as a disabled account's.
 */
export const isUserDisabledSql = sql<boolean>`exists (select 1 from ${u} where ${u.banned} and (${u.banExpires} is null or ${u.banExpires} > now()) and (${u.id} = ${a.ownerUserId} or (${u.id} = ${a.lentToUserId} and ${a.lentUntil} > now())))`;

async function readAccount(db: Database, username: string) {
  const [account] = await db
    .select({
      id: a.id,
      username: a.username,
      passwordEnc: a.passwordEnc,
      ownerUserId: a.ownerUserId,
      maxConnections: a.maxConnections,
      isDisabled: a.isDisabled,
      isUserDisabled: isUserDisabledSql,
      passwordChangedAt: a.passwordChangedAt,
      lentUntil: a.lentUntil,
    })
    .from(a)
    .where(eq(a.username, username))
    .limit(1);
  return account;
}

/** The account row a login reads (and the login cache keeps). */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof readAccount>>>;

async function matchesWebPassword(db: Database, userId: string, candidate: string): Promise<boolean> {
  const t = schema.authAccounts;
  const [row] = await db
    .select({ password: t.password })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.providerId, 'credential')))
    .limit(1);
  if (!row?.password || candidate === '') return false;
  try {
    return await verifyWebPassword({ hash: row.password, password: candidate });
  } catch {
    return false;
  }
}
