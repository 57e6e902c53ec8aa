import type { FastifyBaseLogger } from 'fastify';

/** On stop, sends in flight get this long to finish before they are cut off (a cut one is sent again later). */
const STOP_GRACE_MS = 2_000;

/**
 * The loop of a background sender (the sales forwarder, the webhook worker): a round, then the next one after
 * `pollMs`, or at once when the round took a full batch (more may wait) or a `kick` came during it. A round's sends
 * listen to `signal`, which aborts once `stop` has given them a moment to finish.
 */
export function createPollLoop({
  pollMs,
  batchSize,
  logger,
  name,
}: {
  pollMs: number;
  batchSize: number;
  logger: FastifyBaseLogger;
  /** What a failed round is logged as. */
  name: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStarted = false;
  let isKicked = false;
  let shutdown = new AbortController();
  let round: () => Promise<number> = async () => 0;

  function tick() {
    timer = undefined;
    if (!isStarted) return;
    isKicked = false;
    running = round()
      .catch((error: unknown) => {
        logger.error({ err: error }, name);
        return 0;
      })
      .then((taken) => {
        running = undefined;
        if (!isStarted) return;
        timer = setTimeout(tick, isKicked || taken >= batchSize ? 0 : pollMs);
      });
  }

  return {
    /** Aborts when a stop cuts the sends in flight off. */
    get signal(): AbortSignal {
      return shutdown.signal;
    },
    get isStarted() {
      return isStarted;
    },
    /** Runs `each` round (it answers how many it took) again and again until stopped. */
    start(each: () => Promise<number>) {
      if (isStarted) return;
      isStarted = true;
      round = each;
      tick();
    },
    /** Something new waits: a round now rather than at the next poll. Does nothing unless started. */
    kick() {
      if (!isStarted) return;
      if (running) {
        isKicked = true;
        return;
      }
      if (timer) clearTimeout(timer);
      tick();
    },
    /** Stops the loop; sends in flight get a moment, then are cut off (and retried later). */
    async stop() {
      isStarted = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const stopping = shutdown;
      const cutOff = setTimeout(() => stopping.abort(), STOP_GRACE_MS);
      await running;
      clearTimeout(cutOff);
      shutdown = new AbortController();
    },
  };
}
