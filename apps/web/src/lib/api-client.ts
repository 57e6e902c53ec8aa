import type { ErrorResponse } from '@fixpoint/shared';
import { translate } from './i18n';

/** A failed API call, carrying the server's `{ code, message, requestId }` and, for bad input, which fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly details?: ErrorResponse['details'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A call that never got an answer: offline, the server down, the connection cut. Its message is a sentence in the
 * user's language, never the browser's "Failed to fetch" / "NetworkError when attempting to fetch resource" /
 * "Load failed"; apiErrorMessage says it again in the language shown when it renders.
 */
export class NetworkError extends Error {
  constructor(options?: ErrorOptions) {
    super(translate('errors.api.network', networkFallback), options);
    this.name = 'NetworkError';
  }
}

const networkFallback = 'The server could not be reached. Check your connection and try again.';

/**
 * Whether a failed lookup means "there is no such record": a 404, or a 400 for an id that is not an id at all
 * (a mistyped link), which is not found either as far as the user can tell.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_FAILED');
}

/**
 * Whether a failed query is worth one more try: a network failure or a 5xx may pass the second time, a 4xx answer
 * (not found, not allowed, bad input) will not. A server that said it is busy (503 SERVER_BUSY: the embedded
 * database shedding a moment's load, decision 0083) asked to be tried again in a few seconds: up to three more
 * times, after 1, 2 and 4 s.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'SERVER_BUSY') return failureCount < 3;
  return failureCount < 1 && !(error instanceof ApiError && error.status < 500);
}

type Query = Record<string, string | number | boolean | (string | number)[] | undefined>;

function toSearch(query: Query | undefined) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    // The spec sends array query parameters repeated: ?id=1&id=2.
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * How a call reaches the API: the browser's fetch; in the server's render of a signed-in page (src/prerender.tsx,
 * docs/decisions/0058) the server itself, answering as the person whose page it renders.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(next: typeof fetch) {
  transport = next;
}

export async function apiRequest<T>(
  path: string,
  {
    method = 'GET',
    query,
    body,
    signal,
    keepalive,
  }: {
    method?: string;
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
    /** The call goes on when the page is left meanwhile (a sign-out followed at once by a link or a reload). */
    keepalive?: boolean;
  } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await transport(`/api${path}${toSearch(query)}`, {
      method,
      signal,
      keepalive,
      credentials: 'include',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    // fetch fails with a TypeError when no answer came; a cancelled call (TanStack Query aborting a stale query)
    // rejects with an AbortError and stays what it is.
    if (!(error instanceof TypeError) || signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch (error) {
    // A refusal that is not ours (a proxy's HTML error page) is still a refusal, not a broken answer.
    if (response.ok) throw error;
  }
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorResponse>;
    throw new ApiError(
      response.status,
      error.code ?? 'INTERNAL',
      error.message ?? response.statusText,
      error.requestId,
      error.details,
    );
  }
  return data as T;
}
