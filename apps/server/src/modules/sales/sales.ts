import type { Database } from '@fixpoint/db';
import type { FastifyBaseLogger } from 'fastify';
import { createRateLimiter } from '../auth/rate-limit';
import { createSalesRepository } from './sales.repository';
import { createSalesService } from './sales.service';
import { createSalesForwarder, type SalesForwarder, salesWebhookFrom } from './sales-forwarder';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends stored sales requests to SALES_WEBHOOK_URL; main.ts starts it, tests drive it with runOnce. */
    salesForwarder: SalesForwarder;
  }
}

/** Sales requests one client address may send per hour (the form sends one; more is a script). */
export const SALES_RATE_LIMIT = 5;
const HOUR_MS = 3_600_000;

/** Sales requests: the service the routes call, the forwarder that sends them on, and the per-address limit. */
export function createSales(deps: { db: Database; webhookUrl: string | undefined; logger: FastifyBaseLogger }) {
  const repository = createSalesRepository(deps.db);
  const webhook = salesWebhookFrom(deps.webhookUrl);
  const forwarder = createSalesForwarder({ repository, webhook, logger: deps.logger });
  return {
    service: createSalesService({ repository, isWebhookConfigured: Boolean(webhook), onStored: forwarder.kick }),
    forwarder,
    rateLimiter: createRateLimiter(deps.db, { limit: SALES_RATE_LIMIT, windowMs: HOUR_MS }),
  };
}

export type Sales = ReturnType<typeof createSales>;
