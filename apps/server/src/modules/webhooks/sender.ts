import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type Resolve, resolveTarget, TargetRefused } from './address-guard';

export interface SendOutcome {
  /** The receiver's HTTP status, or null when none came back. */
  status: number | null;
  /** Why it did not count as delivered (no address or secret in it), or null on a 2xx. */
  error: string | null;
}

/**
 * POSTs one signed body. The target is resolved and checked first (address-guard.ts); the socket connects to that
 * checked address through a fixed `lookup`, so nothing resolves the name a second time. Redirects are not followed
 * (a 3xx is a failure), the answer's body is not read, and the whole exchange has `timeoutMs`.
 */
export async function sendDelivery(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; resolve: Resolve; timeoutMs: number; signal?: AbortSignal },
): Promise<SendOutcome> {
  const url = new URL(target);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolveTarget(url, options);
  } catch (error) {
    if (error instanceof TargetRefused) return { status: null, error: `Refused: ${error.message}` };
    throw error;
  }
  const [first] = addresses as [{ address: string; family: number }];
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (error: null, all: { address: string; family: number }[]) => void)(null, [first]);
    } else callback(null, first.address, first.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendOutcome>((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        lookup: pinned,
        timeout: options.timeoutMs,
        ...(options.signal && { signal: options.signal }),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        clearTimeout(overall);
        resolve(status >= 200 && status < 300 ? { status, error: null } : { status, error: `HTTP ${status}` });
      },
    );
    // `timeout` above is idle time on the socket; this bounds the whole exchange.
    const overall = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(overall);
      resolve({ status: null, error: describe(error, options.timeoutMs) });
    });
    request.end(body);
  });
}

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.message === 'timeout') return `No answer within ${timeoutMs / 1000} s`;
  if (error.name === 'AbortError') return 'Interrupted by a shutdown';
  if (error.code === 'ECONNREFUSED') return 'Connection refused';
  if (error.code === 'ECONNRESET') return 'Connection reset';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'The host name does not resolve';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return `TLS: ${error.code}`;
  return (error.code ?? error.message).slice(0, 200);
}
