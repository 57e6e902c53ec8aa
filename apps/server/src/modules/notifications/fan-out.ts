import { type Database, type Owner, ownerOfRow, ownersWhere, ownerValues, schema } from '@fixpoint/db';
import { type NotificationKind, notificationDefaults, notificationKindSchema } from '@fixpoint/shared';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AlertTransaction, EventChannel } from './channels';

type EventRow = typeof schema.alertEvents.$inferSelect;

const CHUNK = 1_000;
/** Owner events fanned out in one transaction (a station event always has one to itself). */
const OWNER_EVENTS_PER_TRANSACTION = 50;
/**
 * Kinds billing's reminders already mail (decision 0039, each once, in the owner's language): alerts adds the
 * in-app notification and the webhook, not a second e-mail.
 */
const mailedByReminders = new Set<NotificationKind>([
  'access-ending',
  'subscription-ending',
  'subscription-payment-failed',
]);
const ownerKey = (owner: Owner) => ('orgId' in owner ? `org:${owner.orgId}` : `user:${owner.userId}`);

/** Where a notification of this kind sends its reader (pages that exist for both a person and an organisation). */
export function linkOf(kind: NotificationKind, owner: Owner): string {
  const scoped = (path: string) => ('orgId' in owner ? `/org/${owner.orgId}${path}` : path);
  switch (kind) {
    case 'station-down':
    case 'station-up':
    case 'station-degraded':
      return '/status';
    case 'credits-low':
      return scoped('/credits');
    case 'subscription-ending':
    case 'subscription-payment-failed':
      return scoped('/subscriptions');
    case 'webhook-disabled':
      return 'orgId' in owner ? `/org/${owner.orgId}/webhooks` : '/settings/webhooks';
    default:
      return scoped('/accounts');
  }
}

/**
 * Who hears an event (issue 31): a station's, every owner with live access to its network (an NTRIP account with a
 * window covering now) and every admin (operator alerts); an owner's, that owner.
 */
async function recipientsOf(tx: AlertTransaction, event: EventRow, networkId: string | undefined): Promise<Owner[]> {
  if (event.ownerUserId || event.ownerOrgId) return [ownerOfRow(event)];
  const owners = new Map<string, Owner>();
  if (networkId) {
    const a = schema.ntripAccounts;
    const w = schema.accessWindows;
    const rows = await tx
      .selectDistinct({ ownerUserId: a.ownerUserId, ownerOrgId: a.ownerOrgId })
      .from(w)
      .innerJoin(a, eq(a.id, w.accountId))
      .where(
        and(eq(w.networkId, networkId), lte(w.startsAt, sql`now()`), gt(w.endsAt, sql`now()`), eq(a.isDisabled, false)),
      );
    for (const row of rows) {
      const owner = ownerOfRow(row);
      owners.set(ownerKey(owner), owner);
    }
  }
  const admins = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.role, 'admin'));
  for (const admin of admins) owners.set(`user:${admin.id}`, { userId: admin.id });
  return [...owners.values()];
}

/** A station event's names and times, as the texts need them (read now: the station may be renamed later). */
async function stationData(tx: AlertTransaction, event: EventRow) {
  if (!event.stationId) return { data: event.data as Record<string, unknown>, networkId: undefined };
  const s = schema.stations;
  const n = schema.networks;
  const [row] = await tx
    .select({ mountpoint: s.mountpoint, identifier: s.identifier, networkId: n.id, networkName: n.name })
    .from(s)
    .innerJoin(n, eq(n.id, s.networkId))
    .where(eq(s.id, event.stationId));
  const data = {
    ...(event.data as Record<string, unknown>),
    stationId: event.stationId,
    ...(row && { mountpoint: row.mountpoint, identifier: row.identifier, networkName: row.networkName }),
    at: event.occurredAt.toISOString(),
  };
  return { data, networkId: row?.networkId };
}

/** The owners' choices for one kind (defaults where they chose nothing). */
async function choicesOf(tx: AlertTransaction, kind: NotificationKind, owners: Owner[]) {
  const st = schema.notificationSettings;
  const chosen = new Map<string, { inApp: boolean; email: boolean; webhook: boolean }>();
  for (let i = 0; i < owners.length; i += CHUNK) {
    const rows = await tx
      .select()
      .from(st)
      .where(and(eq(st.kind, kind), ownersWhere(st, owners.slice(i, i + CHUNK))));
    for (const row of rows) chosen.set(ownerKey(ownerOfRow(row)), row);
  }
  const defaults = notificationDefaults[kind];
  return (owner: Owner) => chosen.get(ownerKey(owner)) ?? defaults;
}

/** The people an e-mail to these organisations goes to: their owners and admins. */
async function orgManagersOf(tx: AlertTransaction, orgIds: string[]) {
  const m = schema.organizationMembers;
  const people: { orgId: string; userId: string }[] = [];
  for (let i = 0; i < orgIds.length; i += CHUNK) {
    people.push(
      ...(await tx
        .select({ orgId: m.orgId, userId: m.userId })
        .from(m)
        .where(and(inArray(m.orgId, orgIds.slice(i, i + CHUNK)), inArray(m.role, ['owner', 'admin'])))),
    );
  }
  return people;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * One event to its recipients, in one transaction: an in-app notification per owner, a queued e-mail per person to
 * mail, and every other channel (webhooks) per owner, as each owner chose for the kind.
 */
async function fanOut(tx: AlertTransaction, event: EventRow, channels: readonly EventChannel[]) {
  const parsed = notificationKindSchema.safeParse(event.kind);
  if (!parsed.success) return { reached: 0, data: event.data };
  const kind = parsed.data;
  const { data, networkId } = await stationData(tx, event);
  const owners = await recipientsOf(tx, event, networkId);
  // A recovery from degraded (not from an outage) goes where the owner wants to hear of degraded stations.
  const isRecoveryFromDegraded =
    kind === 'station-up' && (event.data as { recovered?: string }).recovered === 'degraded';
  const choice = await choicesOf(tx, isRecoveryFromDegraded ? 'station-degraded' : kind, owners);

  const inApp = owners.filter((owner) => choice(owner).inApp);
  await insertChunked(inApp, (chunk) =>
    tx.insert(schema.notifications).values(
      chunk.map((owner) => ({
        ...ownerValues(owner),
        kind,
        eventId: event.id,
        data,
        link: linkOf(kind, owner),
        createdAt: event.createdAt,
      })),
    ),
  );

  const mailed = mailedByReminders.has(kind) ? [] : owners.filter((owner) => choice(owner).email);
  const people = [
    ...mailed.flatMap((owner) => ('userId' in owner ? [{ userId: owner.userId, orgId: null as string | null }] : [])),
    ...(await orgManagersOf(
      tx,
      mailed.flatMap((owner) => ('orgId' in owner ? [owner.orgId] : [])),
    )),
  ];
  await insertChunked(people, (chunk) =>
    tx
      .insert(schema.notificationMails)
      .values(chunk.map((p) => ({ userId: p.userId, orgId: p.orgId, eventId: event.id }))),
  );

  const hooked = owners.filter((owner) => choice(owner).webhook !== false);
  if (hooked.length > 0) {
    for (const channel of channels) await channel(tx, { owners: hooked, kind, data, occurredAt: event.occurredAt });
  }
  return { reached: owners.length, data };
}

/**
 * The fan-out worker: takes events no process has fanned out yet (FOR UPDATE SKIP LOCKED, so several server
 * processes share the work and none does an event twice) and turns each into notifications, queued e-mails and
 * channel calls. A station event per transaction (10,000 owners of one station are one transaction of chunked
 * inserts), owner events up to fifty to one.
 * Station events go first: an outage is not told after a sweep's thousands of owner events (access starting for
 * every account of a batch), which wait for the next rounds instead.
 */
export function createFanOut({
  db,
  channels,
  logger,
}: {
  db: Database;
  channels: readonly EventChannel[];
  logger: FastifyBaseLogger;
}) {
  /** Fans out what is pending now, for about `budgetMs` (at least one event); answers how many events were done. */
  async function runOnce(budgetMs = 1_000): Promise<number> {
    const startedAt = performance.now();
    let done = 0;
    while (done === 0 || performance.now() - startedAt < budgetMs) {
      const handled = await db.transaction(async (tx) => {
        const e = schema.alertEvents;
        const pending = await tx
          .select()
          .from(e)
          .where(isNull(e.fannedOutAt))
          .orderBy(sql`${e.stationId} is null`, asc(e.createdAt))
          .limit(OWNER_EVENTS_PER_TRANSACTION)
          .for('update', { skipLocked: true });
        // A station event can reach thousands of owners: it has a transaction to itself. Owner events (one owner
        // each) go many to a transaction, so a sweep's thousands are not thousands of transactions.
        const events = pending[0]?.stationId ? pending.slice(0, 1) : pending;
        for (const event of events) {
          const { reached, data } = await fanOut(tx, event, channels);
          // The names as they were when it happened: what the mail of this event says, however late it goes. Stamped
          // when its rows are written (clock_timestamp), not when the transaction began (now()).
          await tx.update(e).set({ fannedOutAt: sql`clock_timestamp()`, data }).where(eq(e.id, event.id));
          logger.info({ kind: event.kind, event: event.id, owners: reached }, 'alert fanned out');
        }
        return events.length;
      });
      if (handled === 0) break;
      done += handled;
    }
    return done;
  }
  return { runOnce };
}

export type FanOut = ReturnType<typeof createFanOut>;
