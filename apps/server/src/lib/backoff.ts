const FIRST_RETRY_MS = 30_000;
/** Retries come up to this share earlier than the plain doubling, so things that failed together spread out. */
const JITTER = 0.1;

/**
 * Wait after the `failures`-th failed attempt of a background send (sales leads, webhook deliveries): 30 s, 1 min,
 * 2 min, ... doubling up to `maxMs`, less up to 10 % jitter.
 */
export function backoffDelayMs(failures: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), maxMs);
  return Math.round(base * (1 - JITTER * random()));
}
