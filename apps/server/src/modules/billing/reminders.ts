import { type Database, schema } from '@fixpoint/db';
import { and, eq, gt, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer';
import { readAccountSettings } from '../settings/account-settings';

const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Reminder e-mails (issue 13, docs/decisions/0039): an owner hears, `reminderDays` ahead (admin → account
 * management), that an NTRIP account's access on a network ends, that a subscription set to end (or a manual grant)
 * ends, and at once that a renewal's payment failed. Each notice has a key naming what and when; it is claimed in
 * `sent_notices` before the mail goes and released if sending fails, so each goes once.
 */
export function createReminders({
  db,
  mailer,
  logger,
  brandName,
  portalUrl,
}: {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  brandName: string;
  /** Where the owner acts (PUBLIC_URL); empty: the links are left out. */
  portalUrl: string;
}) {
  async function once(key: string, message: MailMessage): Promise<boolean> {
    const [claimed] = await db
      .insert(schema.sentNotices)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: schema.sentNotices.key });
    if (!claimed) return false;
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      logger.error({ err: error, notice: key }, 'reminder e-mail failed; retried on the next run');
      await db.delete(schema.sentNotices).where(eq(schema.sentNotices.key, key));
      return false;
    }
  }
  const link = (path: string) => (portalUrl ? `\n\n${portalUrl.replace(/\/$/, '')}${path}` : '');

  /** Access windows (not a subscription's) ending soon with no later window on the same network after them. */
  async function accessEnding(now: Date, until: Date) {
    const w = schema.accessWindows;
    return db
      .select({
        accountId: w.accountId,
        accountName: schema.ntripAccounts.name,
        networkId: w.networkId,
        networkName: schema.networks.name,
        endsAt: w.endsAt,
        email: schema.users.email,
      })
      .from(w)
      .innerJoin(schema.ntripAccounts, eq(schema.ntripAccounts.id, w.accountId))
      .innerJoin(schema.networks, eq(schema.networks.id, w.networkId))
      .innerJoin(schema.users, eq(schema.users.id, schema.ntripAccounts.ownerUserId))
      .where(
        and(
          ne(w.source, 'subscription'),
          gt(w.endsAt, now),
          lte(w.endsAt, until),
          sql`not exists (select 1 from ${w} as later where later.account_id = ${w.accountId}
            and later.network_id = ${w.networkId} and later.starts_at <= ${w.endsAt} and later.ends_at > ${w.endsAt})`,
        ),
      );
  }

  async function subscriptionsEnding(now: Date, until: Date) {
    const s = schema.subscriptions;
    return db
      .select({
        id: s.id,
        endsAt: s.currentPeriodEnd,
        productName: schema.products.name,
        email: schema.users.email,
      })
      .from(s)
      .innerJoin(schema.products, eq(schema.products.id, s.productId))
      .innerJoin(schema.users, eq(schema.users.id, s.ownerUserId))
      .where(
        and(
          or(eq(s.status, 'cancelling'), and(eq(s.provider, 'manual'), eq(s.status, 'active'))),
          gt(s.currentPeriodEnd, now),
          lte(s.currentPeriodEnd, until),
        ),
      );
  }

  async function paymentsFailed() {
    const s = schema.subscriptions;
    return db
      .select({ id: s.id, graceEndsAt: s.graceEndsAt, productName: schema.products.name, email: schema.users.email })
      .from(s)
      .innerJoin(schema.products, eq(schema.products.id, s.productId))
      .innerJoin(schema.users, eq(schema.users.id, s.ownerUserId))
      .where(and(inArray(s.status, ['past_due']), isNotNull(s.graceEndsAt)));
  }

  return {
    /** Sends every notice due at `now` (the clock tests drive); answers how many went. */
    async sendDue(now = new Date()): Promise<number> {
      let sent = 0;
      const { reminderDays } = await readAccountSettings(db);
      if (reminderDays > 0) {
        const until = new Date(now.getTime() + reminderDays * dayMs);
        for (const row of await accessEnding(now, until)) {
          const endsAt = row.endsAt as Date;
          const isSent = await once(`access-end:${row.accountId}:${row.networkId}:${endsAt.toISOString()}`, {
            to: row.email,
            subject: `${brandName}: access of ${row.accountName} on ${row.networkName} ends ${isoDay(endsAt)}`,
            text: `Your NTRIP account "${row.accountName}" can use ${row.networkName} until ${endsAt.toUTCString()}. After that your rover stops receiving corrections.\n\nTo keep it working, add days with credits or put the account in a subscription's seat.${link('/accounts')}`,
          });
          if (isSent) sent += 1;
        }
        for (const row of await subscriptionsEnding(now, until)) {
          const isSent = await once(`subscription-end:${row.id}:${row.endsAt.toISOString()}`, {
            to: row.email,
            subject: `${brandName}: your subscription ${row.productName} ends ${isoDay(row.endsAt)}`,
            text: `Your subscription "${row.productName}" ends on ${row.endsAt.toUTCString()}, and the NTRIP accounts in its seats lose access then.\n\nYou can resume it or buy another on the subscriptions page.${link('/subscriptions')}`,
          });
          if (isSent) sent += 1;
        }
      }
      for (const row of await paymentsFailed()) {
        const graceEndsAt = row.graceEndsAt as Date;
        const isSent = await once(`payment-failed:${row.id}:${graceEndsAt.toISOString()}`, {
          to: row.email,
          subject: `${brandName}: the payment for ${row.productName} failed`,
          text: `We could not charge the renewal of your subscription "${row.productName}". Your NTRIP accounts keep access until ${graceEndsAt.toUTCString()} while the payment is retried.\n\nUpdate your card in the billing settings to keep the subscription.${link('/settings/billing')}`,
        });
        if (isSent) sent += 1;
      }
      return sent;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
