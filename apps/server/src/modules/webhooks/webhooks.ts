import type { Database, SecretBox } from '@fixpoint/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Resolve } from './address-guard';
import { createWebhookWorker, type EndpointDisabledHook } from './delivery-worker';
import { createSessionFeed } from './session-feed';
import { createWebhooksService } from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing webhooks: main.ts starts the worker; tests drive `worker.runOnce` and `sessionFeed.runOnce`. */
    webhooks: Webhooks;
  }
}

/** Outgoing webhooks (decision 0078): the service the routes call, the delivery worker and the session feed. */
export function createWebhooks(deps: {
  db: Database;
  secretBox: SecretBox;
  logger: FastifyBaseLogger;
  allowPrivate: boolean;
  resolve?: Resolve;
  onEndpointDisabled?: EndpointDisabledHook;
}) {
  const worker = createWebhookWorker(deps);
  const sessionFeed = createSessionFeed({ db: deps.db });
  return {
    service: createWebhooksService(deps),
    worker,
    sessionFeed,
    /** Starts delivering, and reading new sessions each round. */
    start: () => worker.start(() => sessionFeed.runOnce()),
    stop: () => worker.stop(),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
