import { type Database, type Owner, ownerValues, ownerWhere, type SecretBox, schema } from '@fixpoint/db';
import {
  AppError,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookUpdate,
} from '@fixpoint/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import { type Resolve, resolveTarget, systemResolve, TargetRefused } from './address-guard';
import { generateWebhookSecret } from './signature';

/** Endpoints one owner may have. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
const DELIVERY_LOG_LENGTH = 100;

type EndpointRow = typeof schema.webhookEndpoints.$inferSelect;
type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  isDisabled: row.isDisabled,
  disabledReason: row.disabledReason,
  disabledAt: iso(row.disabledAt),
  createdAt: row.createdAt.toISOString(),
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType as WebhookEventType,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.responseCode,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  deliveredAt: iso(row.deliveredAt),
  replayOf: row.replayOf,
});

const notFound = () => new AppError('WEBHOOK_NOT_FOUND', 404, 'No such webhook endpoint.');

/** An owner's webhook endpoints and their delivery log (decision 0078). */
export function createWebhooksService({
  db,
  secretBox,
  allowPrivate,
  resolve = systemResolve,
}: {
  db: Database;
  secretBox: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivate: boolean;
  resolve?: Resolve;
}) {
  const e = schema.webhookEndpoints;
  const d = schema.webhookDeliveries;

  /** Refuses a target on a non-public address now; the worker checks again at every delivery. */
  async function checkTarget(url: string) {
    try {
      await resolveTarget(new URL(url), { allowPrivate, resolve });
    } catch (error) {
      if (!(error instanceof TargetRefused)) throw error;
      throw new AppError('WEBHOOK_TARGET_REFUSED', 400, error.message, {
        details: [{ path: 'url', message: error.message }],
      });
    }
  }

  async function owned(owner: Owner, id: string) {
    const [row] = await db
      .select()
      .from(e)
      .where(and(eq(e.id, id), ownerWhere(e, owner)));
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(owner: Owner) {
      const rows = await db.select().from(e).where(ownerWhere(e, owner)).orderBy(e.createdAt);
      return { items: rows.map(toEndpoint) };
    },

    async create(owner: Owner, input: WebhookCreate): Promise<WebhookCreated> {
      const [existing] = await db.select({ n: count() }).from(e).where(ownerWhere(e, owner));
      if ((existing?.n ?? 0) >= WEBHOOK_MAX_ENDPOINTS) {
        throw new AppError(
          'WEBHOOK_LIMIT',
          409,
          `You can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints. Delete one first.`,
        );
      }
      await checkTarget(input.url);
      const secret = generateWebhookSecret();
      const [row] = await db
        .insert(e)
        .values({
          ...ownerValues(owner),
          url: input.url,
          events: [...new Set(input.events)],
          secretEnc: secretBox.encrypt(secret),
        })
        .returning();
      return { ...toEndpoint(row as EndpointRow), secret };
    },

    async update(owner: Owner, id: string, changes: WebhookUpdate) {
      await owned(owner, id);
      if (changes.url !== undefined) await checkTarget(changes.url);
      const now = new Date();
      const [row] = await db
        .update(e)
        .set({
          ...(changes.url !== undefined && { url: changes.url }),
          ...(changes.events !== undefined && { events: [...new Set(changes.events)] }),
          ...(changes.isDisabled === true && {
            isDisabled: true,
            disabledReason: 'Disabled by its owner.',
            disabledAt: now,
          }),
          ...(changes.isDisabled === false && { isDisabled: false, disabledReason: null, disabledAt: null }),
          updatedAt: now,
        })
        .where(eq(e.id, id))
        .returning();
      return toEndpoint(row as EndpointRow);
    },

    async remove(owner: Owner, id: string) {
      await owned(owner, id);
      await db.delete(e).where(eq(e.id, id));
    },

    async deliveries(owner: Owner, id: string) {
      await owned(owner, id);
      const rows = await db
        .select()
        .from(d)
        .where(eq(d.endpointId, id))
        .orderBy(desc(d.createdAt))
        .limit(DELIVERY_LOG_LENGTH);
      return { items: rows.map(toDelivery) };
    },

    /** The same event (same id and body) queued again as a new delivery; sent once the endpoint is enabled. */
    async replay(owner: Owner, id: string, deliveryId: string) {
      await owned(owner, id);
      const [original] = await db
        .select()
        .from(d)
        .where(and(eq(d.id, deliveryId), eq(d.endpointId, id)));
      if (!original) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND', 404, 'No such delivery of this endpoint.');
      const [row] = await db
        .insert(d)
        .values({
          endpointId: id,
          eventId: original.eventId,
          eventType: original.eventType,
          body: original.body,
          replayOf: original.id,
        })
        .returning();
      return toDelivery(row as DeliveryRow);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
