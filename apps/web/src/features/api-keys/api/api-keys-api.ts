import type { ApiKeyList, CreateApiKey, CreatedApiKey } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../../../session/owner-scope';

/** The person's and each organisation's keys never share a cache entry. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (scope: OwnerScope) => [...apiKeyKeys.all, scopeKey(scope)] as const,
};

/** `GET /api-keys`: name, prefix, scopes, created, last used, expiry; never the keys themselves. */
export const apiKeysQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: apiKeyKeys.list(scope),
    queryFn: ({ signal }) => apiRequest<ApiKeyList>(scopedPath(scope, '/api-keys'), { signal }),
  });

/** `POST /api-keys`: the answer holds the whole key, this once. */
export const createApiKey = (scope: OwnerScope, body: CreateApiKey) =>
  apiRequest<CreatedApiKey>(scopedPath(scope, '/api-keys'), { method: 'POST', body });

/** `DELETE /api-keys/{id}`: revoked at once. */
export const revokeApiKey = (scope: OwnerScope, id: string) =>
  apiRequest<null>(scopedPath(scope, `/api-keys/${encodeURIComponent(id)}`), { method: 'DELETE' });
