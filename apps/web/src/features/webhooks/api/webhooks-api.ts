import type {
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookUpdate,
} from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../../../session/owner-scope';

/** The person's and each organisation's endpoints never share a cache entry. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (scope: OwnerScope) => [...webhookKeys.all, scopeKey(scope)] as const,
  deliveries: (scope: OwnerScope, id: string) => [...webhookKeys.list(scope), id, 'deliveries'] as const,
};

const endpointPath = (scope: OwnerScope, id: string, rest = '') =>
  scopedPath(scope, `/webhooks/${encodeURIComponent(id)}${rest}`);

/** `GET /webhooks`: address, events, and whether (and why) each is disabled; never the secrets. */
export const webhooksQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: webhookKeys.list(scope),
    queryFn: ({ signal }) => apiRequest<WebhookEndpointList>(scopedPath(scope, '/webhooks'), { signal }),
  });

/** `GET /webhooks/{id}/deliveries`: the latest deliveries, newest first; refreshed while open. */
export const deliveriesQueryOptions = (scope: OwnerScope, id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(scope, id),
    queryFn: ({ signal }) => apiRequest<WebhookDeliveryList>(endpointPath(scope, id, '/deliveries'), { signal }),
    refetchInterval: 10_000,
  });

/** `POST /webhooks`: the answer holds the signing secret, this once. */
export const createWebhook = (scope: OwnerScope, body: WebhookCreate) =>
  apiRequest<WebhookCreated>(scopedPath(scope, '/webhooks'), { method: 'POST', body });

/** `PATCH /webhooks/{id}`: `{ isDisabled: false }` re-enables a disabled endpoint. */
export const updateWebhook = (scope: OwnerScope, id: string, body: WebhookUpdate) =>
  apiRequest<WebhookEndpoint>(endpointPath(scope, id), { method: 'PATCH', body });

export const deleteWebhook = (scope: OwnerScope, id: string) =>
  apiRequest<null>(endpointPath(scope, id), { method: 'DELETE' });

/** `POST /webhooks/{id}/deliveries/{deliveryId}/replay`: the same event queued again. */
export const replayDelivery = (scope: OwnerScope, id: string, deliveryId: string) =>
  apiRequest<WebhookDelivery>(endpointPath(scope, id, `/deliveries/${encodeURIComponent(deliveryId)}/replay`), {
    method: 'POST',
  });
