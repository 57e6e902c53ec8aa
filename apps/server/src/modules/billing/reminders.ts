import { type Database, schema } from '@fixpoint/db';
import type { Language } from '@fixpoint/shared';
import { and, eq, gt, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime, recipientLanguage, textsIn } from '../../i18n/i18n';
import type { MailLinks } from '../../lib/mail-links';
import type { Mailer, MailMessage } from '../mail/mailer';
import { readAccountSettings } from '../settings/account-settings';
import { billingRecipients, ownerPagePath } from './recipients';
import { sendOnce } from './send-once';

const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Reminder e-mails (issue 13, docs/decisions/0039): an owner hears, `reminderDays` ahead (admin → account
 * management), that an NTRIP account's access on a network ends, that a subscription set to end (or a manual grant)
 * ends, and at once that a renewal's payment failed. Each notice has a key naming what and when; it is claimed in
 * `sent_notices` before the mail goes and released if sending fails, so each goes once. Each is written in the
 * owner's language (docs/decisions/0049); subjects keep the ISO date, which reads the same in every language. An
 * organisation's reminders go to its owners and admins, each once (docs/decisions/0073).
 */
export function createReminders({
  db,
  mailer,
  logger,
  brandName,
  staticLanguage,
  links,
}: {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  brandName: string;
  staticLanguage?: Language | undefined;
  /** Where the owner acts: PUBLIC_URL, or this machine (docs/decisions/0062). */
  links: MailLinks;
}) {
  async function once(key: string, message: MailMessage): Promise<boolean> {
    try {
      return await sendOnce(db, mailer, key, () => message);
    } catch (error) {
      logger.error({ err: error, notice: key }, 'reminder e-mail failed; retried on the next run');
      return false;
    }
  }
  const link = (path: string) => `\n\n${links.to(path)}`;
  const languageOf = (stored: string | null) => recipientLanguage({ staticLanguage, stored });

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
        ownerUserId: schema.ntripAccounts.ownerUserId,
        ownerOrgId: schema.ntripAccounts.ownerOrgId,
      })
      .from(w)
      .innerJoin(schema.ntripAccounts, eq(schema.ntripAccounts.id, w.accountId))
      .innerJoin(schema.networks, eq(schema.networks.id, w.networkId))
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
        ownerUserId: s.ownerUserId,
        ownerOrgId: s.ownerOrgId,
      })
      .from(s)
      .innerJoin(schema.products, eq(schema.products.id, s.productId))
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
      .select({
        id: s.id,
        graceEndsAt: s.graceEndsAt,
        productName: schema.products.name,
        ownerUserId: s.ownerUserId,
        ownerOrgId: s.ownerOrgId,
      })
      .from(s)
      .innerJoin(schema.products, eq(schema.products.id, s.productId))
      .where(and(inArray(s.status, ['past_due']), isNotNull(s.graceEndsAt)));
  }

  return {
    /** Sends every notice due at `now` (the clock tests drive); answers how many went. */
    async sendDue(now = new Date()): Promise<number> {
      let sent = 0;
      /** Tells the owner (an organisation's owners and admins, each once: decision 0073) what `write` says. */
      const tell = async (
        key: string,
        owner: { ownerUserId: string | null; ownerOrgId: string | null },
        write: (t: ReturnType<typeof textsIn>, language: Language) => { subject: string; text: string },
      ) => {
        for (const recipient of await billingRecipients(db, owner)) {
          const language = languageOf(recipient.language);
          // A person's notices keep the keys they always had; an organisation's are one per owner and admin.
          const recipientKey = owner.ownerOrgId ? `${key}:to:${recipient.key}` : key;
          if (await once(recipientKey, { to: recipient.email, ...write(textsIn(language), language) })) sent += 1;
        }
      };
      const { reminderDays } = await readAccountSettings(db);
      if (reminderDays > 0) {
        const until = new Date(now.getTime() + reminderDays * dayMs);
        for (const row of await accessEnding(now, until)) {
          const endsAt = row.endsAt as Date;
          const values = { brand: brandName, account: row.accountName, network: row.networkName };
          await tell(`access-end:${row.accountId}:${row.networkId}:${endsAt.toISOString()}`, row, (t, language) => ({
            subject: t('mail.accessEnding.subject', { ...values, date: isoDay(endsAt) }),
            text: `${t('mail.accessEnding.body', { ...values, endsAt: formatDateTime(endsAt, language) })}\n\n${t('mail.accessEnding.action')}${link(ownerPagePath(row, '/accounts'))}`,
          }));
        }
        for (const row of await subscriptionsEnding(now, until)) {
          const values = { brand: brandName, product: row.productName };
          await tell(`subscription-end:${row.id}:${row.endsAt.toISOString()}`, row, (t, language) => ({
            subject: t('mail.subscriptionEnding.subject', { ...values, date: isoDay(row.endsAt) }),
            text: `${t('mail.subscriptionEnding.body', { ...values, endsAt: formatDateTime(row.endsAt, language) })}\n\n${t('mail.subscriptionEnding.action')}${link(ownerPagePath(row, '/subscriptions'))}`,
          }));
        }
      }
      for (const row of await paymentsFailed()) {
        const graceEndsAt = row.graceEndsAt as Date;
        const values = { brand: brandName, product: row.productName };
        await tell(`payment-failed:${row.id}:${graceEndsAt.toISOString()}`, row, (t, language) => ({
          subject: t('mail.paymentFailed.subject', values),
          text: `${t('mail.paymentFailed.body', { ...values, graceEndsAt: formatDateTime(graceEndsAt, language) })}\n\n${t('mail.paymentFailed.action')}${link(ownerPagePath(row, '/settings/billing'))}`,
        }));
      }
      return sent;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
