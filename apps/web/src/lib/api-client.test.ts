import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isNotFound, shouldRetryQuery } from './api-client';

describe('api client error handling', () => {
  it('tries a failed query once more only when the failure may pass: network errors and 5xx, never a 4xx', () => {
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'UNAVAILABLE', 'down'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'UNAVAILABLE', 'down'))).toBe(false);
    for (const status of [400, 401, 403, 404, 409]) {
      expect(shouldRetryQuery(0, new ApiError(status, 'X', 'no'))).toBe(false);
    }
  });

  it('tries a query three more times when the server said it is busy, as it asked', () => {
    const busy = new ApiError(503, 'SERVER_BUSY', 'The server is busy. Try again in a few seconds.');
    expect([0, 1, 2, 3].map((failures) => shouldRetryQuery(failures, busy))).toEqual([true, true, true, false]);
  });

  it('treats a 404 and a malformed id (400 VALIDATION_FAILED) as not found, and nothing else', () => {
    expect(isNotFound(new ApiError(404, 'NOT_FOUND', 'No such network.'))).toBe(true);
    expect(isNotFound(new ApiError(400, 'VALIDATION_FAILED', 'Invalid params.id'))).toBe(true);
    expect(isNotFound(new ApiError(403, 'FORBIDDEN', 'no'))).toBe(false);
    expect(isNotFound(new ApiError(500, 'INTERNAL', 'oops'))).toBe(false);
    expect(isNotFound(new Error('offline'))).toBe(false);
  });

  it("reads a non-JSON refusal (a proxy's error page) as an ApiError with the status, not a parse failure", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await apiRequest('/sales-requests', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: 'Bad Gateway' });
  });
});
