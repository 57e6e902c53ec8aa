import type { Database } from '@fixpoint/db';
import type { Language } from '@fixpoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { JobLock } from './lib/job-lock';
import { createMailLinks } from './lib/mail-links';
import type { Mailer } from './modules/mail/mailer';
import type { EventChannel } from './modules/notifications/channels';
import { createNotifications } from './modules/notifications/notifications';
import { recordOwnerEvent } from './modules/notifications/record-event';
import { readAccountSettings } from './modules/settings/account-settings';
import type { EndpointDisabledHook } from './modules/webhooks/delivery-worker';
import { webhookChannel } from './modules/webhooks/outbox';

/**
 * Alerts and the channels they reach (decisions 0076, 0078): the notifications module fans each event out in-app
 * and by e-mail itself, and hands every owner's event to the channels listed here, in its transaction. Webhooks is
 * one such channel; neither module imports the other (decision 0068).
 */
export function wireEvents({
  env,
  db,
  mailer,
  logger,
  brandName,
  staticLanguage,
  exclusive,
}: {
  env: Env;
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  brandName: string;
  staticLanguage?: Language | undefined;
  exclusive: JobLock;
}) {
  const channels: EventChannel[] = [webhookChannel];
  return createNotifications({
    db,
    mailer,
    links: createMailLinks({ publicUrl: env.PUBLIC_URL, port: env.PORT }),
    logger,
    brandName,
    staticLanguage,
    channels,
    exclusive,
    options: {
      burstMs: env.ALERT_MAIL_BURST_SECONDS * 1000,
      mailsPerSecond: env.ALERT_MAILS_PER_SECOND,
      intervalMs: 1_000,
      sweepMs: 60_000,
      days: async () => Math.max((await readAccountSettings(db)).reminderDays, 1),
    },
  });
}

/**
 * The webhooks worker's hook when it disables an endpoint after 24 hours of failures (decision 0078): a
 * `webhook-disabled` alert for the endpoint's owner, in the disabling transaction, fanned out in-app and by e-mail
 * with the address and the last error. Handed to the webhooks module by app.ts; neither module imports the other.
 */
export const onWebhookEndpointDisabled: EndpointDisabledHook = async (tx, endpoint) => {
  await recordOwnerEvent(tx, {
    owner: endpoint.owner,
    kind: 'webhook-disabled',
    data: { endpointId: endpoint.id, url: endpoint.url, reason: endpoint.reason, error: endpoint.error },
    dedupeKey: `webhook-disabled:${endpoint.id}:${endpoint.disabledAt.toISOString()}`,
    occurredAt: endpoint.disabledAt,
  });
};
