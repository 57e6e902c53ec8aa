import type { Database } from '@fixpoint/db';
import type { Language } from '@fixpoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type JobLock, runAlone } from '../../lib/job-lock';
import type { MailLinks } from '../../lib/mail-links';
import type { Mailer } from '../mail/mailer';
import type { EventChannel } from './channels';
import { createFanOut } from './fan-out';
import { createMailQueue, type MailQueueOptions } from './mail-queue';
import { createNotificationsService } from './notifications.service';
import { sweepOwnerEvents } from './owner-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alerts worker: tests run a round with `runOnce` instead of waiting for its interval. */
    alerts: Notifications['worker'];
  }
}

export interface NotificationsOptions extends MailQueueOptions {
  /** How often pending events are fanned out and due mails sent. */
  intervalMs: number;
  /** How often the records are swept for owner events (access ending, credits low, failing logins, ...). */
  sweepMs: number;
  /** Days ahead that access ending and credits needed look (the admin's reminder days). */
  days: () => Promise<number>;
}

/**
 * Alerts (issue 31, decision 0076): the service behind the routes, and the worker that turns the events the caster
 * (and the sweeps) record into notifications, queued e-mails and channel calls, and sends the mails at a steady
 * rate. `channels` are the extra channels the wiring hands in (webhooks, event-wiring.ts).
 */
export function createNotifications({
  db,
  mailer,
  links,
  logger,
  brandName,
  staticLanguage,
  channels = [],
  exclusive = runAlone,
  options,
}: {
  db: Database;
  mailer: Mailer;
  links: MailLinks;
  logger: FastifyBaseLogger;
  brandName: string;
  staticLanguage?: Language | undefined;
  channels?: readonly EventChannel[];
  /** The sweep runs in one process at a time (docs/decisions/0084); fan-out and mails are claimed item by item. */
  exclusive?: JobLock;
  options: NotificationsOptions;
}) {
  const service = createNotificationsService({ db });
  const fanOut = createFanOut({ db, channels, logger });
  const mailQueue = createMailQueue({ db, mailer, links, logger, brandName, staticLanguage, options });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStarted = false;
  let sweptAt = 0;

  /** One round: sweep for owner events (every `sweepMs`), fan out what is pending, then send the mails that are due. */
  async function runOnce(now = Date.now()) {
    if (now - sweptAt >= options.sweepMs) {
      sweptAt = now;
      await exclusive('alerts-sweep', async () => sweepOwnerEvents(db, { days: await options.days() }));
    }
    await fanOut.runOnce(options.intervalMs);
    await mailQueue.runOnce();
  }

  /**
   * Rounds start `intervalMs` apart, counted from the start of the previous one, or at once when it took longer:
   * a round that sends a second's worth of mails in 1.2 s is followed at once, not at the next whole tick, so the
   * mail rate is `mailsPerSecond` (or what the machine manages), not half of it.
   */
  function schedule(previousStart: number) {
    if (!isStarted) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        const startedAt = Date.now();
        running = runOnce(startedAt)
          .catch((error: unknown) => logger.error({ err: error }, 'alerts worker: round failed'))
          .finally(() => {
            running = undefined;
            schedule(startedAt);
          });
      },
      Math.max(0, previousStart + options.intervalMs - Date.now()),
    );
    timer.unref();
  }

  const worker = {
    runOnce,
    start() {
      if (isStarted) return;
      isStarted = true;
      schedule(Date.now());
    },
    async stop() {
      isStarted = false;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
  return { service, worker };
}

export type Notifications = ReturnType<typeof createNotifications>;
