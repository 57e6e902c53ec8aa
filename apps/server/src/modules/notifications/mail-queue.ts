import { type Database, schema } from '@fixpoint/db';
import { type Language, notificationKindSchema } from '@fixpoint/shared';
import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recipientLanguage, textsIn } from '../../i18n/i18n';
import type { MailLinks } from '../../lib/mail-links';
import type { Mailer } from '../mail/mailer';
import { notificationText } from './texts';

export interface MailQueueOptions {
  /** A person's alerts wait this long after the first of a burst, so one mail tells them all. */
  burstMs: number;
  /** At most this many mails a second, however many people an outage reaches. */
  mailsPerSecond: number;
}

/** How long a claimed batch is left to its process before another may take it (a process that died mid-send). */
const CLAIM_MS = 60_000;
/** Mails sent at once (an SMTP server's answer takes a while; the outbox is quick either way). */
const MAILS_IN_FLIGHT = 4;
/**
 * Sent rows are marked sent this many people at a time: a process that dies between a send and its mark mails at
 * most these people again once the claim has lapsed.
 */
const MARK_SENT_EVERY = 50;
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** attempts, 3_600_000);

/**
 * The alert mailer (decision 0076): each run takes the people whose oldest unsent alert has waited the burst window,
 * at most `mailsPerSecond` of them, claims their rows (moving `next_attempt_at` ahead, so another process skips
 * them), and sends each one mail with every alert of the burst, links on the trusted origin (lib/mail-links.ts).
 * A failed send is retried later with back-off; nothing is lost.
 */
export function createMailQueue({
  db,
  mailer,
  links,
  logger,
  brandName,
  staticLanguage,
  options,
}: {
  db: Database;
  mailer: Mailer;
  links: MailLinks;
  logger: FastifyBaseLogger;
  brandName: string;
  staticLanguage?: Language | undefined;
  options: MailQueueOptions;
}) {
  const q = schema.notificationMails;
  /** Rows by id, as one array parameter (a list of hundreds of parameters is slow on PGlite). */
  const idIn = (ids: string[]) => sql`${q.id} = any(${sql.param(ids)}::uuid[])`;

  /** The people whose oldest unsent alert has waited the burst window, oldest first, with their due rows' ids. */
  async function due(limit: number) {
    return db
      .select({ ids: sql<string[]>`array_agg(${q.id})` })
      .from(q)
      .where(and(isNull(q.sentAt), lte(q.nextAttemptAt, sql`now()`)))
      .groupBy(q.userId, q.orgId)
      .having(sql`min(${q.createdAt}) <= now() - make_interval(secs => ${options.burstMs / 1000})`)
      .orderBy(sql`min(${q.createdAt})`)
      .limit(limit);
  }

  /**
   * Claims these rows, those still unsent and due (moving `next_attempt_at` ahead, so another process skips them), in
   * one statement with one array parameter, not one statement per person.
   */
  async function claim(ids: string[]) {
    return db
      .update(q)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_MS / 1000})`, attempts: sql`${q.attempts} + 1` })
      .where(and(sql`${q.id} = any(${sql.param(ids)}::uuid[])`, isNull(q.sentAt), lte(q.nextAttemptAt, sql`now()`)))
      .returning({ id: q.id, userId: q.userId, orgId: q.orgId, eventId: q.eventId, attempts: q.attempts });
  }

  type Claimed = Awaited<ReturnType<typeof claim>>;
  type Batch = Awaited<ReturnType<typeof loadBatch>>;
  type AlertEvent = { kind: string; data: unknown; occurredAt: Date };

  /** The recipients and events of a claimed batch, each read once for the whole batch. */
  async function loadBatch(rows: Claimed) {
    const users = await db
      .select({
        id: schema.users.id,
        email: schema.users.email,
        name: schema.users.name,
        language: schema.users.language,
      })
      .from(schema.users)
      .where(inArray(schema.users.id, [...new Set(rows.map((row) => row.userId))]));
    const e = schema.alertEvents;
    const events = await db
      .select({ id: e.id, kind: e.kind, data: e.data, occurredAt: e.occurredAt })
      .from(e)
      .where(inArray(e.id, [...new Set(rows.map((row) => row.eventId))]));
    return { users: new Map(users.map((user) => [user.id, user])), events: new Map(events.map((ev) => [ev.id, ev])) };
  }

  /** One person's mail with every alert of their burst: subject, greeting, each alert, the links. */
  function compose(
    user: { name: string; language: string | null },
    orgId: string | null,
    events: AlertEvent[],
  ): { subject: string; text: string } | undefined {
    const language = recipientLanguage({ staticLanguage, stored: user.language });
    const t = textsIn(language);
    const items = events.flatMap((event) => {
      const kind = notificationKindSchema.safeParse(event.kind);
      if (!kind.success) return [];
      const data = { at: event.occurredAt.toISOString(), ...(event.data as Record<string, unknown>) };
      return [notificationText(t, language, kind.data, data)];
    });
    const first = items[0];
    if (!first) return undefined;
    const page = orgId ? `/org/${orgId}/notifications` : '/notifications';
    const subject =
      items.length === 1
        ? t('notifications.mail.subject_one', { brand: brandName, title: first.title })
        : t('notifications.mail.subject_other', { brand: brandName, count: items.length });
    const text = [
      t('notifications.mail.greeting', { name: user.name }),
      ...items.map((item) => `${item.title}\n${item.body}`),
      t('notifications.mail.open', { url: links.to(page) }),
      t('notifications.mail.settings', {
        url: links.to(orgId ? `/org/${orgId}/notifications/settings` : '/settings/notifications'),
      }),
    ].join('\n\n');
    return { subject, text };
  }

  /**
   * Sends one person's claimed rows as one mail: `sent`, `nothing` (no such person or nothing to tell: the rows are
   * done all the same), or `failed`, when they are made due again after a back-off.
   */
  async function sendTo(rows: Claimed, batch: Batch): Promise<'sent' | 'nothing' | 'failed'> {
    const head = rows[0];
    const user = head && batch.users.get(head.userId);
    const events = rows
      .flatMap((row) => batch.events.get(row.eventId) ?? [])
      .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    const mail = user && head && compose(user, head.orgId, events);
    if (!user || !mail) return 'nothing';
    try {
      await mailer.send({ to: user.email, ...mail });
      return 'sent';
    } catch (error) {
      const attempts = Math.max(...rows.map((row) => row.attempts));
      logger.error({ err: error, attempts }, 'alert e-mail failed; retried later');
      await db
        .update(q)
        .set({ nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)) })
        .where(
          inArray(
            q.id,
            rows.map((row) => row.id),
          ),
        );
      return 'failed';
    }
  }

  return {
    /**
     * Sends at most `mailsPerSecond` mails that are due now (the worker runs it once a second); answers how many
     * went. The due people are claimed, and their names and events read, in a few statements for the whole round;
     * a few mails are in flight at once, and sent rows are marked in one statement per fifty people.
     */
    async runOnce(): Promise<number> {
      const duePeople = await due(options.mailsPerSecond);
      if (duePeople.length === 0) return 0;
      const claimed = await claim(duePeople.flatMap((person) => person.ids));
      if (claimed.length === 0) return 0;
      const batch = await loadBatch(claimed);
      const byPerson = new Map<string, Claimed>();
      for (const row of claimed) {
        const key = `${row.userId}/${row.orgId ?? ''}`;
        const rows = byPerson.get(key);
        if (rows) rows.push(row);
        else byPerson.set(key, [row]);
      }
      const people = [...byPerson.values()];
      let sent = 0;
      let done: string[] = [];
      const markDone = async () => {
        const ids = done;
        done = [];
        if (ids.length > 0) await db.update(q).set({ sentAt: sql`now()` }).where(idIn(ids));
      };
      let next = 0;
      const sender = async () => {
        for (let rows = people[next++]; rows; rows = people[next++]) {
          const outcome = await sendTo(rows, batch);
          if (outcome === 'failed') continue;
          if (outcome === 'sent') sent += 1;
          done.push(...rows.map((row) => row.id));
          if (done.length >= MARK_SENT_EVERY) await markDone();
        }
      };
      try {
        await Promise.all(Array.from({ length: MAILS_IN_FLIGHT }, sender));
      } finally {
        await markDone();
      }
      return sent;
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
