import { z } from 'zod';

/**
 * Outgoing webhooks (issue 32, decision 0078): an owner's endpoints, the events they take and the delivery log.
 * Every delivery is a POST of a {@link WebhookEnvelope} signed in the `Fixpoint-Signature` header:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (Stripe's scheme).
 */
export const webhookEventTypes = [
  'account.created',
  'account.updated',
  'account.deleted',
  'access.started',
  'access.ending',
  'access.ended',
  'session.started',
  'session.ended',
  'station.down',
  'station.up',
  'credits.low',
  'subscription.updated',
  'invoice.paid',
] as const;

export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** The header a delivery is signed in, and its tolerance for a receiver checking the time. */
export const webhookSignatureHeader = 'Fixpoint-Signature';

/** What one delivery's body holds: the same `id` on every attempt and replay, so a receiver can drop repeats. */
export interface WebhookEnvelope<Data = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: Data;
}

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(webhookEventTypeSchema),
    isDisabled: z.boolean(),
    /** Why it is disabled: by its owner, or deliveries that kept failing for 24 hours. */
    disabledReason: z.string().nullable(),
    disabledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });

export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z
  .object({ items: z.array(webhookEndpointSchema) })
  .meta({ id: 'WebhookEndpointList' });

export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .url({ protocol: /^https?$/, error: 'Give an http:// or https:// address.' });

const webhookEventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Pick at least one event.')
  .max(webhookEventTypes.length * 2);

/** `POST /api/webhooks`: where to deliver and which events. */
export const webhookCreateSchema = z
  .object({ url: webhookUrlSchema, events: webhookEventsSchema })
  .meta({ id: 'WebhookCreate' });

export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** The answer to a create: the endpoint and its signing secret, shown this once (stored encrypted). */
export const webhookCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() }).meta({ id: 'WebhookCreated' });

export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** `PATCH /api/webhooks/{id}`: a new address or events; `isDisabled: false` re-enables a disabled endpoint. */
export const webhookUpdateSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    isDisabled: z.boolean().optional(),
  })
  .meta({ id: 'WebhookUpdate' });

export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventType: webhookEventTypeSchema,
    /** pending: waiting for its (next) attempt; delivered: a 2xx came back; failed: given up after 24 hours. */
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int().min(0),
    /** The last attempt's HTTP status, or null when none came back (refused, timed out, unreachable). */
    responseCode: z.number().int().nullable(),
    /** Why the last attempt failed, without the endpoint's address. */
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    /** The delivery this one replays, when it is a replay. */
    replayOf: z.uuid().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z
  .object({ items: z.array(webhookDeliverySchema) })
  .meta({ id: 'WebhookDeliveryList' });

export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
