import { randomUUID } from 'node:crypto';
import { type Owner, ownersWhere, schema, type Transaction } from '@fixpoint/db';
import type { WebhookEnvelope, WebhookEventType } from '@fixpoint/shared';
import { and, arrayContains, eq } from 'drizzle-orm';

export interface WebhookEvent {
  owner: Owner;
  type: WebhookEventType;
  data: Record<string, unknown>;
  occurredAt?: Date;
  /** Reported at most once per endpoint under this key (an invoice paid, a session started). */
  dedupeKey?: string;
}

/** Owners looked up, and deliveries inserted, this many at a time (an alert can reach 10,000 owners). */
const CHUNK = 1_000;

/**
 * Puts an event in the outbox (decision 0078): one delivery per enabled endpoint of the owner that takes this event,
 * inside the caller's transaction, so the event exists exactly when what happened does. The worker sends it after
 * the commit. Answers how many deliveries were queued.
 */
export async function emitWebhookEvent(tx: Transaction, { owner, ...event }: WebhookEvent): Promise<number> {
  return emitWebhookEvents(tx, { ...event, owners: [owner] });
}

/**
 * The same event for many owners at once (a station alert reaching every owner with access): their endpoints are
 * read, and the deliveries written, in chunks of a thousand owners, not one query per owner. Each owner's event gets
 * its own envelope id.
 */
export async function emitWebhookEvents(
  tx: Transaction,
  { owners, ...event }: Omit<WebhookEvent, 'owner'> & { owners: readonly Owner[] },
): Promise<number> {
  const e = schema.webhookEndpoints;
  let queued = 0;
  for (let i = 0; i < owners.length; i += CHUNK) {
    const endpoints = await tx
      .select({ id: e.id, ownerUserId: e.ownerUserId, ownerOrgId: e.ownerOrgId })
      .from(e)
      .where(
        and(ownersWhere(e, owners.slice(i, i + CHUNK)), eq(e.isDisabled, false), arrayContains(e.events, [event.type])),
      );
    if (endpoints.length === 0) continue;
    const bodies = new Map<string, { eventId: string; body: string }>();
    const bodyOf = (ownerKey: string) => {
      let entry = bodies.get(ownerKey);
      if (!entry) {
        const envelope: WebhookEnvelope = {
          id: randomUUID(),
          type: event.type,
          createdAt: (event.occurredAt ?? new Date()).toISOString(),
          data: event.data,
        };
        entry = { eventId: envelope.id, body: JSON.stringify(envelope) };
        bodies.set(ownerKey, entry);
      }
      return entry;
    };
    const rows = await tx
      .insert(schema.webhookDeliveries)
      .values(
        endpoints.map((endpoint) => ({
          endpointId: endpoint.id,
          ...bodyOf(`${endpoint.ownerUserId}/${endpoint.ownerOrgId}`),
          eventType: event.type,
          dedupeKey: event.dedupeKey ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: schema.webhookDeliveries.id });
    queued += rows.length;
  }
  return queued;
}

/** The kinds alerts reports (packages/shared notifications.ts) and the webhook event each one is. */
const fromAlertKind: Record<string, WebhookEventType> = {
  'station-down': 'station.down',
  'station-up': 'station.up',
  'credits-low': 'credits.low',
  'access-started': 'access.started',
  'access-ending': 'access.ending',
  'access-ended': 'access.ended',
  'subscription-ending': 'subscription.updated',
  'subscription-payment-failed': 'subscription.updated',
};

/**
 * The agreed event channel for alerts (`EventChannel`): an alert of a kind webhooks know becomes that webhook event
 * in the alert's transaction; other kinds are not webhook events. Wired in event-wiring.ts.
 */
export async function webhookChannel(
  tx: Transaction,
  event: { owners: readonly Owner[]; kind: string; data: unknown; occurredAt: Date },
): Promise<void> {
  const type = fromAlertKind[event.kind];
  if (!type) return;
  const data =
    event.data && typeof event.data === 'object' ? (event.data as Record<string, unknown>) : { value: event.data };
  await emitWebhookEvents(tx, {
    owners: event.owners,
    type,
    data: type === 'subscription.updated' ? { change: event.kind, ...data } : data,
    occurredAt: event.occurredAt,
  });
}
