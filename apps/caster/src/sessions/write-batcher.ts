/**
 * Collects writes that arrive close together and hands them to `write` as one batch, one batch at a time: under
 * connection churn a caster writes one statement for many session opens or closes instead of one each
 * (issue 16, decision 0046). Each caller's promise settles with its batch. A failed batch is retried row by row
 * (`writeOne`), so one bad row (say, a station deleted a moment ago) fails only its own caller.
 */
export function createWriteBatcher<T>({
  write,
  writeOne,
  maxBatch = 500,
}: {
  write: (rows: T[]) => Promise<void>;
  writeOne: (row: T) => Promise<void>;
  maxBatch?: number;
}) {
  let pending: { row: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let running: Promise<void> | undefined;

  async function drain(): Promise<void> {
    // Let the rest of this turn of the event loop add its rows first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      try {
        await write(batch.map((entry) => entry.row));
        for (const entry of batch) entry.resolve();
      } catch {
        for (const entry of batch) await writeOne(entry.row).then(entry.resolve, entry.reject);
      }
    }
    running = undefined;
  }

  return {
    add(row: T): Promise<void> {
      const done = new Promise<void>((resolve, reject) => pending.push({ row, resolve, reject }));
      running ??= drain();
      return done;
    },
    /** Settles when everything added so far is written. */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
