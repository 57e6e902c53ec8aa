import type { PGlite } from '@electric-sql/pglite';

interface Waiting {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * PGlite is one connection: it runs one statement or transaction at a time, on this process's thread, and queues the
 * rest in arrival order. This puts a line of our own in front of it with two lanes (docs/decisions/0083): work in the
 * `priority` lane goes ahead of everything waiting in the `normal` lane, so the caster's logins, which share the
 * process and the database with the portal, never wait behind a queue of page reads or background jobs. Only one
 * piece of work is handed to PGlite at a time, so its own queue stays empty and these lanes decide the order. Nothing
 * is dropped or timed out here: what is queued runs, in order within its lane.
 *
 * Between two pieces of work the event loop gets its turn: PGlite answers through promises alone, so a queue of
 * statements would otherwise run to its end before any socket is read or timer fires, and a login could not even
 * arrive until the queue ahead of it was gone.
 *
 * Each lane is a client for drizzle, which calls only `query` and `transaction` on it; a transaction's statements go
 * to the transaction's own client, inside the turn the transaction holds.
 */
export function createPgliteLanes(client: PGlite) {
  const lines = { priority: [] as Waiting[], normal: [] as Waiting[] };
  let isRunning = false;

  const runNext = () => {
    const next = lines.priority.shift() ?? lines.normal.shift();
    if (!next) {
      isRunning = false;
      return;
    }
    isRunning = true;
    next
      .run()
      .then(next.resolve, next.reject)
      .finally(() => setImmediate(runNext));
  };

  const enqueue = (lane: keyof typeof lines, run: () => Promise<unknown>) =>
    new Promise((resolve, reject) => {
      lines[lane].push({ run: () => Promise.resolve().then(run), resolve, reject });
      if (!isRunning) runNext();
    });

  const clientFor = (lane: keyof typeof lines) =>
    ({
      query: (...args: Parameters<PGlite['query']>) => enqueue(lane, () => client.query(...args)),
      transaction: (callback: Parameters<PGlite['transaction']>[0]) =>
        enqueue(lane, () => client.transaction(callback)),
    }) as Pick<PGlite, 'query' | 'transaction'> as PGlite;

  return { normal: clientFor('normal'), priority: clientFor('priority') };
}
