/**
 * Slow hash checks a flood could pile up (docs/decisions/0043): at most `concurrency` run at once and none wait, so
 * floods of wrong passwords never hold more than that many of libuv's threads, which web sign-ins and file reads
 * share. A check that finds the gate full is skipped: the caller answers as if it had failed.
 */
export function createSlowCheckGate(concurrency = 1) {
  let running = 0;
  return {
    async tryRun<T>(work: () => Promise<T>): Promise<T | undefined> {
      if (running >= concurrency) return undefined;
      running++;
      try {
        return await work();
      } finally {
        running--;
      }
    },
    get running() {
      return running;
    },
  };
}

export type SlowCheckGate = ReturnType<typeof createSlowCheckGate>;
