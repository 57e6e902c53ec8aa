import { type Database, type SecretBox, schema, type Transaction } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import { and, eq, gt, isNotNull, lte } from 'drizzle-orm';
import { type JobLock, runAlone } from '../../lib/job-lock';
import { generateNtripPassword } from '../accounts/credentials';

const a = schema.ntripAccounts;
const l = schema.accountLendings;

/**
 * Lending an organisation's NTRIP account to a member until a time (docs/decisions/0041). The member sees the
 * account and its password in their own list; the caster lets it connect only until `lent_until` and cuts a live
 * session then. Whoever knew the password before keeps nothing: lending to someone else, taking the account back,
 * or the lending's end (the account is given back by itself) gives it a new password.
 */
export function createLending({
  db,
  secretBox,
  onAccountsChanged = () => undefined,
}: {
  db: Database;
  secretBox: SecretBox;
  onAccountsChanged?: (accountIds: string[]) => void;
}) {
  async function lockAccount(tx: Transaction, orgId: string, accountId: string) {
    const [account] = await tx
      .select()
      .from(a)
      .where(and(eq(a.id, accountId), eq(a.ownerOrgId, orgId)))
      .for('update');
    if (!account) throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such NTRIP account.');
    return account;
  }

  const newPassword = () => ({
    passwordEnc: secretBox.encrypt(generateNtripPassword()),
    passwordChangedAt: new Date(),
  });

  /**
   * Gives back every account whose lending has ended (docs/decisions/0073): it is the organisation's again, by
   * itself, with a new password the borrower never saw, as if an admin had taken it back. Answers the accounts.
   */
  async function returnEnded(now = new Date()): Promise<string[]> {
    const returned = await db.transaction(async (tx) => {
      const ended = await tx
        .select({ id: a.id })
        .from(a)
        .where(and(isNotNull(a.lentToUserId), lte(a.lentUntil, now)))
        .for('update', { skipLocked: true });
      for (const { id } of ended) {
        await tx
          .update(a)
          .set({ lentToUserId: null, lentUntil: null, updatedAt: now, ...newPassword() })
          .where(eq(a.id, id));
      }
      return ended.map((row) => row.id);
    });
    if (returned.length > 0) onAccountsChanged(returned);
    return returned;
  }

  return {
    async lend({
      orgId,
      accountId,
      userId,
      until,
      actorId,
    }: {
      orgId: string;
      accountId: string;
      userId: string;
      until: Date;
      actorId: string;
    }) {
      const now = new Date();
      if (until.getTime() <= now.getTime() + 60_000) {
        throw new AppError('VALIDATION_FAILED', 400, 'Choose an end at least a minute from now.');
      }
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, orgId, accountId);
        const [member] = await tx
          .select({ userId: schema.organizationMembers.userId })
          .from(schema.organizationMembers)
          .where(and(eq(schema.organizationMembers.orgId, orgId), eq(schema.organizationMembers.userId, userId)));
        if (!member) throw new AppError('MEMBER_NOT_FOUND', 404, 'No such member of this organisation.');
        const isSameBorrower = account.lentToUserId === userId;
        await endOpenLendings(tx, accountId, now);
        await tx.insert(l).values({ accountId, orgId, userId, startsAt: now, endsAt: until, createdBy: actorId });
        await tx
          .update(a)
          .set({
            lentToUserId: userId,
            lentUntil: until,
            updatedAt: now,
            ...(isSameBorrower || !account.lentUntil ? {} : newPassword()),
          })
          .where(eq(a.id, accountId));
      });
      onAccountsChanged([accountId]);
    },

    /** Ends the lending now and gives the account a new password: it is the organisation's again. */
    async takeBack({ orgId, accountId }: { orgId: string; accountId: string }) {
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, orgId, accountId);
        if (!account.lentUntil) throw new AppError('NOT_LENT', 409, 'This account is not lent to anyone.');
        await endOpenLendings(tx, accountId, new Date());
        await tx
          .update(a)
          .set({ lentToUserId: null, lentUntil: null, updatedAt: new Date(), ...newPassword() })
          .where(eq(a.id, accountId));
      });
      onAccountsChanged([accountId]);
    },

    returnEnded,

    /** Every minute, in one process at a time: gives back the accounts whose lending ended. Answers its stop. */
    startClock(onError: (error: unknown) => void, exclusive: JobLock = runAlone): () => void {
      const timer = setInterval(() => {
        exclusive('lending-clock', () => returnEnded()).catch(onError);
      }, 60_000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

async function endOpenLendings(tx: Transaction, accountId: string, now: Date) {
  await tx
    .update(l)
    .set({ endsAt: now })
    .where(and(eq(l.accountId, accountId), gt(l.endsAt, now)));
}

/** A member who leaves or is removed: every account lent to them ends now (and is given back by the clock). */
export async function endLendingsOf(tx: Transaction, orgId: string, userId: string) {
  const now = new Date();
  const ended = await tx
    .update(a)
    .set({ lentUntil: now, updatedAt: now })
    .where(and(eq(a.ownerOrgId, orgId), eq(a.lentToUserId, userId), gt(a.lentUntil, now)))
    .returning({ id: a.id });
  for (const { id } of ended) await endOpenLendings(tx, id, now);
  return ended.map((row) => row.id);
}

export type Lending = ReturnType<typeof createLending>;
