import { describe, expect, it } from 'vitest';
import { ApiError, isNotFound, shouldRetryQuery } from './api-client';

describe('api client error handling', () => {
  it('tries a failed query once more only when the failure may pass: network errors and 5xx, never a 4xx', () => {
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'UNAVAILABLE', 'down'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'UNAVAILABLE', 'down'))).toBe(false);
    for (const status of [400, 401, 403, 404, 409]) {
      expect(shouldRetryQuery(0, new ApiError(status, 'X', 'no'))).toBe(false);
    }
  });

  it('treats a 404 and a malformed id (400 VALIDATION_FAILED) as not found, and nothing else', () => {
    expect(isNotFound(new ApiError(404, 'NOT_FOUND', 'No such network.'))).toBe(true);
    expect(isNotFound(new ApiError(400, 'VALIDATION_FAILED', 'Invalid params.id'))).toBe(true);
    expect(isNotFound(new ApiError(403, 'FORBIDDEN', 'no'))).toBe(false);
    expect(isNotFound(new ApiError(500, 'INTERNAL', 'oops'))).toBe(false);
    expect(isNotFound(new Error('offline'))).toBe(false);
  });
});
