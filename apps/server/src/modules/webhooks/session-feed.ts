import { type Database, ownerOfRow, schema, type Transaction } from '@fixpoint/db';
import { and, arrayOverlaps, asc, eq, lte, sql } from 'drizzle-orm';
import { emitWebhookEvent } from './outbox';

/**
 * Sessions are written by the caster (apps/caster), which knows nothing of webhooks; this reads new session rows
 * from a cursor per event and puts `session.started` / `session.ended` in the outbox (decision 0078). A row is read
 * once it is `SETTLE_MS` old, so a session whose transaction committed a little after a later one's is not skipped.
 * The cursor row is locked for the round, so two processes never report one session twice (the dedupe key would
 * drop a repeat anyway).
 */
const SETTLE_MS = 5_000;
const BATCH = 500;
const NO_ID = '00000000-0000-0000-0000-000000000000';

const feeds = [
  { name: 'session.started', column: schema.casterSessions.startedAt },
  { name: 'session.ended', column: schema.casterSessions.endedAt },
] as const;

export function createSessionFeed({ db }: { db: Database }) {
  const s = schema.casterSessions;
  const a = schema.ntripAccounts;

  async function advance(tx: Transaction, feed: (typeof feeds)[number], upTo: Date, anyEndpoint: boolean) {
    const c = schema.webhookCursors;
    await tx.insert(c).values({ name: feed.name, position: upTo }).onConflictDoNothing();
    const [cursor] = await tx.select().from(c).where(eq(c.name, feed.name)).for('update');
    if (!cursor) return 0;
    if (!anyEndpoint) {
      // Nobody listens: move on without reading, so a first endpoint hears only what happens after it.
      await tx.update(c).set({ position: upTo, lastId: null }).where(eq(c.name, feed.name));
      return 0;
    }
    const rows = await tx
      .select({
        session: {
          id: s.id,
          mountpoint: s.mountpoint,
          startedAt: s.startedAt,
          endedAt: s.endedAt,
          bytesSent: s.bytesSent,
          closeReason: s.closeReason,
        },
        account: { id: a.id, username: a.username, ownerUserId: a.ownerUserId, ownerOrgId: a.ownerOrgId },
      })
      .from(s)
      .innerJoin(a, eq(a.id, s.accountId))
      .where(
        and(sql`(${feed.column}, ${s.id}) > (${cursor.position}, ${cursor.lastId ?? NO_ID})`, lte(feed.column, upTo)),
      )
      .orderBy(asc(feed.column), asc(s.id))
      .limit(BATCH);
    for (const { session, account } of rows) {
      await emitWebhookEvent(tx, {
        owner: ownerOfRow(account),
        type: feed.name,
        occurredAt: (feed.name === 'session.started' ? session.startedAt : session.endedAt) ?? undefined,
        dedupeKey: `${feed.name}:${session.id}`,
        data: {
          session: {
            id: session.id,
            accountId: account.id,
            username: account.username,
            mountpoint: session.mountpoint,
            startedAt: session.startedAt.toISOString(),
            endedAt: session.endedAt?.toISOString() ?? null,
            bytesSent: session.bytesSent,
            closeReason: session.closeReason,
          },
        },
      });
    }
    const last = rows.at(-1);
    if (last) {
      const position = (feed.name === 'session.started' ? last.session.startedAt : last.session.endedAt) as Date;
      await tx.update(c).set({ position, lastId: last.session.id }).where(eq(c.name, feed.name));
    }
    return rows.length;
  }

  return {
    /** Reports sessions started and ended up to `now` less the settling time. Answers how many it reported. */
    async runOnce(now: Date = new Date()): Promise<number> {
      const upTo = new Date(now.getTime() - SETTLE_MS);
      const e = schema.webhookEndpoints;
      let reported = 0;
      for (const feed of feeds) {
        const [listener] = await db
          .select({ id: e.id })
          .from(e)
          .where(and(eq(e.isDisabled, false), arrayOverlaps(e.events, [feed.name])))
          .limit(1);
        reported += await db.transaction((tx) => advance(tx, feed, upTo, Boolean(listener)));
      }
      return reported;
    },
  };
}

export type SessionFeed = ReturnType<typeof createSessionFeed>;
