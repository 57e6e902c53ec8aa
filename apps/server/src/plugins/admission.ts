import type { ErrorResponse } from '@fixpoint/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface AdmissionOptions {
  /** API requests served at once; the others wait their turn in arrival order. */
  concurrency: number;
  /** The longest a request waits for its turn (API_QUEUE_MAX_MS); it is refused once that has passed. */
  maxWaitMs: number;
  /** The clock, in ms (tests step it). */
  now?: () => number;
}

interface Waiting {
  request: FastifyRequest;
  deadline: number;
  settle(isAdmitted: boolean): void;
}

export const serverBusyMessage = 'The server is busy. Try again in a few seconds.';

/** Requests that never wait: the health check answers whether the process is alive, busy or not. */
const isExempt = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/health');

/**
 * Load shedding on the embedded database (docs/decisions/0083). PGlite and every API request share this process's
 * one thread, so past its capacity requests would queue for PGlite's one connection until they time out (30 s and
 * more). Here at most `concurrency` API requests run at once; the next wait in line, first come first served, for at
 * most `maxWaitMs`, and are answered 503 SERVER_BUSY with Retry-After once that has passed, or at once when the line
 * ahead of them would take longer than that (the recent requests' time from their turn to their answer, shared by
 * `concurrency`), or longer than a tenth of it once the line has stood that long (sustained overload). A request is
 * refused before any of its work is done (no identity read, no body read, no handler), and one that got its turn
 * runs to its end: a write admitted is never cut off. Background jobs and the caster do not pass through here; they
 * wait for the database in its own queue, the caster's logins first (packages/db pglite-lanes.ts).
 */
export function registerAdmission(
  app: FastifyInstance,
  { concurrency, maxWaitMs, now = () => performance.now() }: AdmissionOptions,
) {
  const retryAfterSeconds = String(Math.max(1, Math.ceil(maxWaitMs / 1000)));
  const line: Waiting[] = [];
  /** When each request that holds a turn got it. */
  const turns = new WeakMap<FastifyRequest, number>();
  let running = 0;
  /** How long a turn lasts, on average over the recent ones (ms). */
  let turnMs = 0;
  /** When the line last went from empty to not. */
  let lineSince = 0;
  let expiry: NodeJS.Timeout | undefined;

  const admit = (request: FastifyRequest) => {
    running++;
    turns.set(request, now());
  };

  const admitWaiting = () => {
    while (running < concurrency) {
      const next = line.shift();
      if (!next) break;
      // A client that went away while waiting gets no turn.
      if (next.request.raw.socket?.destroyed) {
        next.settle(false);
        continue;
      }
      admit(next.request);
      next.settle(true);
    }
  };

  const release = (request: FastifyRequest) => {
    const startedAt = turns.get(request);
    if (startedAt === undefined) return;
    turns.delete(request);
    running--;
    // From 0, so that the first turns after a start, slow while the code warms up, do not refuse a burst.
    turnMs += (now() - startedAt - turnMs) * 0.05;
    admitWaiting();
  };

  // Every request waits the same time at most, so the first in line is always the first to expire.
  const armExpiry = () => {
    const first = line[0];
    if (expiry || !first) return;
    expiry = setTimeout(expireWaiting, Math.max(0, first.deadline - now()));
    expiry.unref();
  };
  const expireWaiting = () => {
    expiry = undefined;
    const at = now();
    while (line[0] && line[0].deadline <= at) line.shift()?.settle(false);
    armExpiry();
  };

  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(503)
      .header('retry-after', retryAfterSeconds)
      .send({ code: 'SERVER_BUSY', message: serverBusyMessage, requestId: request.id } satisfies ErrorResponse);

  app.addHook('onRequest', async (request, reply) => {
    if (isExempt(request.url)) return;
    if (running < concurrency && line.length === 0) return admit(request);
    const arrivedAt = now();
    if (line.length === 0) lineSince = arrivedAt;
    // A burst may wait the whole time; a line that has not emptied for that long is overload, not a burst, and is
    // kept to a tenth of it, so that what is answered is answered soon.
    const allowedMs = arrivedAt - lineSince > maxWaitMs ? maxWaitMs / 10 : maxWaitMs;
    if (((line.length + 1) * turnMs) / concurrency > allowedMs) return refuse(request, reply);
    const isAdmitted = await new Promise<boolean>((settle) => {
      line.push({ request, deadline: arrivedAt + maxWaitMs, settle });
      armExpiry();
    });
    if (!isAdmitted) return refuse(request, reply);
  });
  // The turn ends when the answer is ready (its compression and sending are not the database's work); onResponse
  // only in case an answer went out without onSend.
  app.addHook('onSend', (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(expiry);
    for (const waiting of line.splice(0)) waiting.settle(false);
    done();
  });
}
