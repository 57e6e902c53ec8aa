import { type Database, type Owner, ownerOfRow, type SecretBox, schema, type Transaction } from '@fixpoint/db';
import { webhookSignatureHeader } from '@fixpoint/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { backoffDelayMs } from '../../lib/backoff';
import { isDueAt } from '../../lib/due';
import { createPollLoop } from '../../lib/poll-loop';
import { type Resolve, systemResolve } from './address-guard';
import { sendDelivery } from './sender';
import { signatureHeader } from './signature';

/** Waits between attempts double from 30 s up to this (lib/backoff.ts). */
const MAX_RETRY_MS = 6 * 3_600_000;
/** A delivery is retried for this long after it was queued; then it failed and its endpoint is disabled. */
export const RETRY_FOR_MS = 24 * 3_600_000;

type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;
type EndpointRow = typeof schema.webhookEndpoints.$inferSelect;

/**
 * An endpoint was disabled after 24 hours of failures: tell its owner (alerts' `webhook-disabled`, handed in by
 * app.ts from event-wiring.ts). Runs in the disabling transaction; `error` is the last attempt's ("HTTP 500").
 */
export type EndpointDisabledHook = (
  tx: Transaction,
  endpoint: { id: string; owner: Owner; url: string; reason: string; error: string; disabledAt: Date },
) => Promise<void>;

export interface WebhookWorkerOptions {
  db: Database;
  secretBox: SecretBox;
  logger: FastifyBaseLogger;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: deliver to loopback and private addresses too (tests, local use). */
  allowPrivate: boolean;
  resolve?: Resolve;
  pollMs?: number;
  batchSize?: number;
  timeoutMs?: number;
  /** How long a claimed delivery stays away from other workers; well above one attempt's timeout. */
  leaseMs?: number;
  random?: () => number;
  onEndpointDisabled?: EndpointDisabledHook;
}

/**
 * Delivers the outbox (decision 0078). A round claims due deliveries of enabled endpoints under
 * `FOR UPDATE SKIP LOCKED` and moves their time ahead by a lease in the same statement's transaction, so another
 * worker (in this process or another) neither waits for them nor takes them; then each is signed and POSTed. A 2xx
 * marks it delivered; anything else schedules a retry with exponential back-off, for 24 hours from when it was
 * queued; then it failed and its endpoint is disabled with the reason.
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const { db, secretBox, logger, allowPrivate } = options;
  const resolve = options.resolve ?? systemResolve;
  const pollMs = options.pollMs ?? 5_000;
  const batchSize = options.batchSize ?? 10;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const random = options.random ?? Math.random;
  const d = schema.webhookDeliveries;
  const e = schema.webhookEndpoints;
  const loop = createPollLoop({ pollMs, batchSize, logger, name: 'webhook worker' });

  async function claim(now: Date): Promise<DeliveryRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: d.id })
        .from(d)
        .innerJoin(e, eq(e.id, d.endpointId))
        .where(and(eq(d.status, 'pending'), isDueAt(d.nextAttemptAt, now), eq(e.isDisabled, false)))
        .orderBy(asc(d.nextAttemptAt))
        .limit(batchSize)
        .for('update', { of: d, skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(d)
        .set({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            d.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(delivery: DeliveryRow, endpoint: EndpointRow, now: Date, stopping: AbortSignal) {
    const secret = secretBox.decrypt(endpoint.secretEnc);
    const outcome = await sendDelivery(
      endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Fixpoint-Webhooks/1',
        [webhookSignatureHeader.toLowerCase()]: signatureHeader(secret, delivery.body, now),
        'fixpoint-event': delivery.eventType,
        'fixpoint-delivery': delivery.id,
      },
      delivery.body,
      { allowPrivate, resolve, timeoutMs, signal: stopping },
    );
    // Only the claim that made this attempt writes its result (a worker whose lease ran out does not overwrite).
    const mine = and(eq(d.id, delivery.id), eq(d.attempts, delivery.attempts), eq(d.status, 'pending'));
    const attempt = { attempts: delivery.attempts, responseCode: outcome.status, lastAttemptAt: now };
    if (outcome.error === null) {
      await db
        .update(d)
        .set({ ...attempt, status: 'delivered', deliveredAt: now, lastError: null, nextAttemptAt: null })
        .where(mine);
      return;
    }
    const deadline = delivery.createdAt.getTime() + RETRY_FOR_MS;
    if (now.getTime() < deadline) {
      const retryAt = new Date(
        Math.min(now.getTime() + backoffDelayMs(delivery.attempts, MAX_RETRY_MS, random), deadline),
      );
      await db
        .update(d)
        .set({ ...attempt, lastError: outcome.error, nextAttemptAt: retryAt })
        .where(mine);
      logger.warn(
        { webhookDeliveryId: delivery.id, attempts: delivery.attempts, error: outcome.error, retryAt },
        'webhook not delivered; will retry',
      );
      return;
    }
    const lastError: string = outcome.error;
    const reason = `Deliveries failed for 24 hours (last: ${lastError}).`;
    await db.transaction(async (tx) => {
      await tx
        .update(d)
        .set({ ...attempt, status: 'failed', lastError: outcome.error, nextAttemptAt: null })
        .where(mine);
      const [disabled] = await tx
        .update(e)
        .set({ isDisabled: true, disabledReason: reason, disabledAt: now, updatedAt: now })
        .where(and(eq(e.id, endpoint.id), eq(e.isDisabled, false)))
        .returning();
      if (disabled && options.onEndpointDisabled) {
        await options.onEndpointDisabled(tx, {
          id: disabled.id,
          owner: ownerOfRow(disabled),
          url: disabled.url,
          reason,
          error: lastError,
          disabledAt: now,
        });
      }
    });
    logger.error(
      { webhookDeliveryId: delivery.id, webhookEndpointId: endpoint.id, error: outcome.error },
      'webhook failed for 24 hours; endpoint disabled',
    );
  }

  /** One round: claims a batch of due deliveries and sends them side by side. Answers how many it took. */
  async function runOnce(now: Date = new Date()): Promise<number> {
    const stopping = loop.signal;
    const claimed = await claim(now);
    if (claimed.length === 0) return 0;
    const endpoints = await db
      .select()
      .from(e)
      .where(
        inArray(
          e.id,
          claimed.map((row) => row.endpointId),
        ),
      );
    const endpointOf = new Map(endpoints.map((row) => [row.id, row]));
    const outcomes = await Promise.allSettled(
      claimed.map(async (delivery) => {
        const endpoint = endpointOf.get(delivery.endpointId);
        if (endpoint) await deliver(delivery, endpoint, now, stopping);
      }),
    );
    for (const outcome of outcomes) {
      // The delivery stays claimed and is tried again once its lease runs out.
      if (outcome.status === 'rejected') logger.error({ err: outcome.reason }, 'webhook worker');
    }
    return claimed.length;
  }

  return {
    runOnce,
    /** Starts the loop (main.ts); `alongside` runs each round too (the session feed). */
    start(alongside: () => Promise<unknown> = async () => undefined) {
      loop.start(async () => (await Promise.all([runOnce(), alongside()]))[0]);
    },
    /** Stops the loop; attempts in flight get a moment, then are cut off and retried later. */
    stop: loop.stop,
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
