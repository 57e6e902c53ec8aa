// An open-loop load generator (docs/decisions/0052): requests leave on a fixed schedule, request i at
// start + i / rate, whether or not earlier ones have been answered, and each latency counts from its scheduled time.
// A server that stalls therefore shows its stall in every request that should have left meanwhile (no coordinated
// omission), unlike a closed loop, which would wait and send less. undici's Pool keeps the connections alive.
import { Pool } from 'undici';

export interface Target {
  /** The row name in the report. */
  name: string;
  path: string;
  /** Sent in turn, one set per request: each set is a different signed-in person (their session cookie). */
  headers: Record<string, string>[];
}

export interface RouteResult {
  name: string;
  requests: number;
  errors: number;
  /** Status codes of the failed answers, and thrown errors by message. */
  failures: Record<string, number>;
  latenciesMs: Float64Array;
  bytes: number;
}

/** What a browser sends with every API call (the web app's apiRequest), before the cookie. */
export const browserHeaders = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Fixpoint bench',
};

/**
 * Connections enough that a slow route never holds the others' requests back in the generator: a thousand browsers
 * would each have their own.
 */
export function openPool(baseUrl: string, connections = 2048): Pool {
  return new Pool(baseUrl, { connections, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 });
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

/**
 * Sends `rate` requests a second for `seconds`, round-robin over `targets`, and resolves when every one has been
 * answered (or failed). Per target: latencies (sorted), errors (non-2xx or thrown) and bytes received on the wire.
 */
export async function runOpenLoop(
  pool: Pool,
  targets: Target[],
  { rate, seconds }: { rate: number; seconds: number },
): Promise<RouteResult[]> {
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const results = targets.map((target) => ({
    name: target.name,
    requests: 0,
    errors: 0,
    failures: {} as Record<string, number>,
    latencies: [] as number[],
    bytes: 0,
  }));
  const failed = (result: (typeof results)[number], key: string) => {
    result.errors++;
    result.failures[key] = (result.failures[key] ?? 0) + 1;
  };
  let sent = 0;
  let pending = 0;
  let onIdle: () => void = () => undefined;
  const done = new Promise<void>((resolveDone) => {
    onIdle = resolveDone;
  });

  const fire = (index: number, scheduledAt: number) => {
    const slot = index % targets.length;
    const target = targets[slot] as Target;
    const result = results[slot] as (typeof results)[number];
    const headers = target.headers[result.requests % target.headers.length];
    pending++;
    result.requests++;
    pool
      .request({ method: 'GET', path: target.path, headers })
      .then(async ({ statusCode, body }) => {
        for await (const chunk of body) result.bytes += (chunk as Buffer).length;
        result.latencies.push(performance.now() - scheduledAt);
        if (statusCode < 200 || statusCode >= 300) failed(result, String(statusCode));
      })
      .catch((error: Error) => {
        result.latencies.push(performance.now() - scheduledAt);
        failed(result, error.message);
      })
      .finally(() => {
        pending--;
        if (sent === total && pending === 0) onIdle();
      });
  };

  const start = performance.now();
  await new Promise<void>((resolveSent) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.min(total, Math.floor(elapsed / intervalMs) + 1);
      while (sent < due) {
        fire(sent, start + sent * intervalMs);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
      else resolveSent();
    };
    tick();
  });
  if (pending > 0) await done;

  return results.map(({ latencies, ...rest }) => ({
    ...rest,
    latenciesMs: Float64Array.from(latencies).sort(),
  }));
}
