import type { FastifyBaseLogger } from 'fastify';
import { backoffDelayMs } from '../../lib/backoff';
import { createPollLoop } from '../../lib/poll-loop';
import { type SalesRepository, type SalesRequestRow, salesFields } from './sales.repository';

/** After this many sends without a 2xx a lead is 'failed' (about five hours of retries). */
export const SALES_MAX_ATTEMPTS = 12;
const MAX_RETRY_MS = 3_600_000;
/** Wait after the `failures`-th failed send: 30 s, 1 min, 2 min, ... capped at 1 h, less a little jitter. */
export const retryDelayMs = (failures: number, random: () => number = Math.random): number =>
  backoffDelayMs(failures, MAX_RETRY_MS, random);

/** Where leads go: the address without credentials (those go as basic auth), and a label that is safe to log. */
export interface SalesWebhook {
  url: string;
  headers: Record<string, string>;
  /** Origin only: a webhook's path and query often are its secret. */
  label: string;
  /** Parts of the configured address that must never be stored or logged. */
  secrets: string[];
}

export function salesWebhookFrom(configured: string | undefined): SalesWebhook | undefined {
  if (!configured) return undefined;
  const url = new URL(configured);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const secrets = [configured, url.href, `${url.pathname}${url.search}`, url.search, url.password];
  if (url.username || url.password) {
    // fetch refuses a URL with credentials in it; they go as basic auth instead.
    const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return {
    url: url.href,
    headers,
    label: url.origin,
    secrets: [...secrets, url.href].filter((part) => part.length > 3 && part !== '/'),
  };
}

export interface SalesForwarderOptions {
  repository: SalesRepository;
  webhook: SalesWebhook | undefined;
  logger: FastifyBaseLogger;
  /** How often the loop looks for due retries (and leads stored by other processes). */
  pollMs?: number;
  batchSize?: number;
  timeoutMs?: number;
  /** How long a claimed lead stays away from other senders; well above a batch's longest send. */
  leaseMs?: number;
  random?: () => number;
}

/**
 * Forwards stored sales requests to the webhook (decision 0047): due leads are claimed, posted, and marked
 * forwarded on a 2xx or retried later with back-off. The lead is stored before the browser hears anything, so a
 * crash at any point loses nothing; the worst case is one lead sent twice (at least once), which the
 * `Idempotency-Key` header (the lead's id) lets the receiver spot.
 */
export function createSalesForwarder(options: SalesForwarderOptions) {
  const { repository, webhook, logger } = options;
  const pollMs = options.pollMs ?? 10_000;
  const batchSize = options.batchSize ?? 5;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const random = options.random ?? Math.random;
  const loop = createPollLoop({ pollMs, batchSize, logger, name: 'sales forwarder' });

  /** Posts one lead; answers null when the webhook took it, else why not (no secrets). */
  async function send(target: SalesWebhook, lead: SalesRequestRow, stopping: AbortSignal): Promise<string | null> {
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: { ...target.headers, 'idempotency-key': lead.id },
        body: JSON.stringify(salesFields(lead)),
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping]),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return null;
      return `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    } catch (error) {
      if (stopping.aborted) return 'Interrupted by a shutdown';
      return describeFailure(target, error);
    }
  }

  function describeFailure(target: SalesWebhook, error: unknown): string {
    if (error instanceof Error && error.name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s`;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    let text = (cause ?? (error instanceof Error ? error : undefined))?.message ?? String(error);
    for (const secret of target.secrets) text = text.replaceAll(secret, '…');
    return text.slice(0, 300);
  }

  async function forward(target: SalesWebhook, lead: SalesRequestRow, now: Date, stopping: AbortSignal) {
    const error = await send(target, lead, stopping);
    if (error === null) {
      await repository.markForwarded(lead.id, now);
      logger.info({ salesRequestId: lead.id, attempts: lead.attempts }, 'sales request forwarded');
      return;
    }
    const isLast = lead.attempts >= SALES_MAX_ATTEMPTS;
    const retryAt = isLast ? null : new Date(now.getTime() + retryDelayMs(lead.attempts, random));
    await repository.markAttemptFailed(lead.id, lead.attempts, error, retryAt);
    const details = { salesRequestId: lead.id, attempts: lead.attempts, error, webhook: target.label };
    if (isLast) logger.error(details, 'sales request not forwarded; gave up after the last attempt');
    else logger.warn({ ...details, retryAt }, 'sales request not forwarded; will retry');
  }

  /** One round: claims up to a batch of due leads and sends them side by side. Answers how many it took. */
  async function runOnce(now: Date = new Date()): Promise<number> {
    if (!webhook) return 0;
    const stopping = loop.signal;
    const leads = await repository.claimDue(now, batchSize, new Date(now.getTime() + leaseMs));
    // Settled, not all: one lead's database error must not end the round while the others are still in flight.
    const outcomes = await Promise.allSettled(leads.map((lead) => forward(webhook, lead, now, stopping)));
    for (const outcome of outcomes) {
      // The lead stays claimed and is sent again once its lease runs out.
      if (outcome.status === 'rejected') logger.error({ err: outcome.reason }, 'sales forwarder');
    }
    return leads.length;
  }

  return {
    runOnce,
    /** Starts the loop (main.ts); without a webhook the leads stay pending and nothing runs. */
    start() {
      if (loop.isStarted) return;
      if (!webhook) {
        logger.info('SALES_WEBHOOK_URL is not set: sales requests are stored and wait to be forwarded');
        return;
      }
      logger.info({ webhook: webhook.label }, 'forwarding sales requests');
      loop.start(() => runOnce());
    },
    /** A lead was stored: send it now rather than at the next poll. Does nothing unless started. */
    kick: loop.kick,
    /**
     * Stops the loop. Sends in flight may finish for a moment, then are cut off: such a lead is retried later (by
     * this or another process), possibly a second time if the webhook had already taken it.
     */
    stop: loop.stop,
  };
}

export type SalesForwarder = ReturnType<typeof createSalesForwarder>;
