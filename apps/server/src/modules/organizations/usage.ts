import { type Database, schema } from '@fixpoint/db';
import { AppError, type OrgUsage, toCsv } from '@fixpoint/shared';
import { and, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';

const dayMs = 86_400_000;
const maxDays = 366;

interface Figures {
  sessions: number;
  hours: number;
  bytes: number;
  creditsSpent: number;
}
const zero = (): Figures => ({ sessions: 0, hours: 0, bytes: 0, creditsSpent: 0 });
const round = (figures: Figures): Figures => ({ ...figures, hours: Math.round(figures.hours * 100) / 100 });

/** `from`..`to` (whole UTC days, both included); the last 30 days by default. */
export function usageRange(from?: string, to?: string, now = new Date()) {
  const end = to
    ? new Date(`${to}T00:00:00Z`)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = from ? new Date(`${from}T00:00:00Z`) : new Date(end.getTime() - 29 * dayMs);
  if (start.getTime() > end.getTime()) throw new AppError('VALIDATION_FAILED', 400, 'The start is after the end.');
  if ((end.getTime() - start.getTime()) / dayMs >= maxDays) {
    throw new AppError('VALIDATION_FAILED', 400, `Choose at most ${maxDays} days.`);
  }
  return { start, endExclusive: new Date(end.getTime() + dayMs) };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * An organisation's usage (docs/decisions/0041): per account and per member, sessions, hours connected (the part of
 * each session inside the range), data sent and credits spent; per day for the chart. A session counts for the
 * member the account was lent to when it started; credits for the member who spent them.
 */
export async function orgUsage(db: Database, orgId: string, from?: string, to?: string): Promise<OrgUsage> {
  const { start, endExclusive } = usageRange(from, to);
  const a = schema.ntripAccounts;
  const cs = schema.casterSessions;
  const now = new Date();

  const [accounts, members, sessions, lendings, spends] = await Promise.all([
    db.select({ id: a.id, name: a.name, username: a.username }).from(a).where(eq(a.ownerOrgId, orgId)),
    db
      .select({ userId: schema.users.id, name: schema.users.name, email: schema.users.email })
      .from(schema.organizationMembers)
      .innerJoin(schema.users, eq(schema.users.id, schema.organizationMembers.userId))
      .where(eq(schema.organizationMembers.orgId, orgId)),
    db
      .select({ accountId: cs.accountId, startedAt: cs.startedAt, endedAt: cs.endedAt, bytes: cs.bytesSent })
      .from(cs)
      .innerJoin(a, eq(a.id, cs.accountId))
      .where(
        and(eq(a.ownerOrgId, orgId), lt(cs.startedAt, endExclusive), or(isNull(cs.endedAt), gt(cs.endedAt, start))),
      )
      .limit(100_000),
    db.select().from(schema.accountLendings).where(eq(schema.accountLendings.orgId, orgId)),
    db
      .select({
        accountId: schema.creditLedger.accountId,
        userId: schema.creditLedger.createdBy,
        amount: schema.creditLedger.amount,
        at: schema.creditLedger.createdAt,
      })
      .from(schema.creditLedger)
      .where(
        and(
          eq(schema.creditLedger.ownerOrgId, orgId),
          eq(schema.creditLedger.kind, 'spend'),
          gte(schema.creditLedger.createdAt, start),
          lt(schema.creditLedger.createdAt, endExclusive),
        ),
      ),
  ]);

  const byAccount = new Map(accounts.map((account) => [account.id, zero()]));
  const byMember = new Map(members.map((member) => [member.userId, zero()]));
  const byDay = new Map<string, Figures>();
  for (let day = start.getTime(); day < endExclusive.getTime(); day += dayMs) byDay.set(isoDay(new Date(day)), zero());

  const add = (figures: Figures | undefined, change: Partial<Figures>) => {
    if (!figures) return;
    figures.sessions += change.sessions ?? 0;
    figures.hours += change.hours ?? 0;
    figures.bytes += change.bytes ?? 0;
    figures.creditsSpent += change.creditsSpent ?? 0;
  };

  for (const session of sessions) {
    const from = Math.max(session.startedAt.getTime(), start.getTime());
    const until = Math.min((session.endedAt ?? now).getTime(), endExclusive.getTime());
    const change = { sessions: 1, hours: Math.max(0, until - from) / 3_600_000, bytes: session.bytes };
    add(byAccount.get(session.accountId), change);
    add(byDay.get(isoDay(new Date(from))), change);
    const borrower = lendings.find(
      (lending) =>
        lending.accountId === session.accountId &&
        lending.startsAt.getTime() <= session.startedAt.getTime() &&
        lending.endsAt.getTime() > session.startedAt.getTime(),
    );
    if (borrower) add(byMember.get(borrower.userId), change);
  }
  for (const spend of spends) {
    const change = { creditsSpent: -spend.amount };
    if (spend.accountId) add(byAccount.get(spend.accountId), change);
    if (spend.userId) add(byMember.get(spend.userId), change);
    add(byDay.get(isoDay(spend.at)), change);
  }

  return {
    from: isoDay(start),
    to: isoDay(new Date(endExclusive.getTime() - dayMs)),
    members: members.map((member) => ({ ...member, ...round(byMember.get(member.userId) ?? zero()) })),
    accounts: accounts.map((account) => ({
      accountId: account.id,
      name: account.name,
      username: account.username,
      ...round(byAccount.get(account.id) ?? zero()),
    })),
    days: [...byDay].map(([date, figures]) => ({ date, ...round(figures) })),
  };
}

/** The same figures as one CSV: a row per member, then a row per account. */
export function usageCsv(usage: OrgUsage) {
  const figures = (row: Figures) => [
    String(row.sessions),
    row.hours.toFixed(2),
    String(row.bytes),
    String(row.creditsSpent),
  ];
  return toCsv(
    ['kind', 'name', 'e-mail or username', 'sessions', 'hours', 'bytes', 'credits spent', 'from', 'to'],
    [
      ...usage.members.map((row) => ['member', row.name, row.email, ...figures(row), usage.from, usage.to]),
      ...usage.accounts.map((row) => ['account', row.name, row.username, ...figures(row), usage.from, usage.to]),
    ],
  );
}
