import type {
  AdminNetwork,
  AdminNetworkDetail,
  AdminStation,
  CreateNetwork,
  CreateNetworkTemplate,
  CreateStation,
  ImportPreview,
  ImportResult,
  NetworkTemplate,
  StationWithSecret,
  UpdateNetwork,
  UpdateStation,
} from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const adminNetworkKeys = {
  all: ['admin-networks'] as const,
  templates: () => [...adminNetworkKeys.all, 'templates'] as const,
  list: () => [...adminNetworkKeys.all, 'list'] as const,
  detail: (id: string) => [...adminNetworkKeys.all, 'detail', id] as const,
};

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: adminNetworkKeys.templates(),
    queryFn: ({ signal }) => apiRequest<NetworkTemplate[]>('/admin/network-templates', { signal }),
  });

export const adminNetworksQueryOptions = () =>
  queryOptions({
    queryKey: adminNetworkKeys.list(),
    queryFn: ({ signal }) => apiRequest<AdminNetwork[]>('/admin/networks', { signal }),
  });

export const adminNetworkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminNetworkKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<AdminNetworkDetail>(`/admin/networks/${id}`, { signal }),
    // Positions decoded from 1005/1006 arrive while the page is open.
    refetchInterval: 10_000,
  });

export const createTemplate = (input: CreateNetworkTemplate) =>
  apiRequest<NetworkTemplate>('/admin/network-templates', { method: 'POST', body: input });

export const updateTemplate = (id: string, input: Partial<CreateNetworkTemplate>) =>
  apiRequest<NetworkTemplate>(`/admin/network-templates/${id}`, { method: 'PATCH', body: input });

export const deleteTemplate = (id: string) => apiRequest<null>(`/admin/network-templates/${id}`, { method: 'DELETE' });

export const createNetwork = (input: CreateNetwork) =>
  apiRequest<AdminNetworkDetail>('/admin/networks', { method: 'POST', body: input });

export const updateNetwork = (id: string, input: UpdateNetwork) =>
  apiRequest<AdminNetworkDetail>(`/admin/networks/${id}`, { method: 'PATCH', body: input });

export const deleteNetwork = (id: string) => apiRequest<null>(`/admin/networks/${id}`, { method: 'DELETE' });

export const addStation = (networkId: string, input: CreateStation) =>
  apiRequest<StationWithSecret>(`/admin/networks/${networkId}/stations`, { method: 'POST', body: input });

export const updateStation = (networkId: string, stationId: string, input: UpdateStation) =>
  apiRequest<AdminStation>(`/admin/networks/${networkId}/stations/${stationId}`, { method: 'PATCH', body: input });

export const deleteStation = (networkId: string, stationId: string) =>
  apiRequest<null>(`/admin/networks/${networkId}/stations/${stationId}`, { method: 'DELETE' });

export const regenerateSourcePassword = (networkId: string, stationId: string) =>
  apiRequest<StationWithSecret>(`/admin/networks/${networkId}/stations/${stationId}/source-password`, {
    method: 'POST',
    body: {},
  });

export const previewImport = (networkId: string) =>
  apiRequest<ImportPreview>(`/admin/networks/${networkId}/import/preview`, { method: 'POST', body: {} });

export const applyImport = (networkId: string, upstreamMountpoints: string[]) =>
  apiRequest<ImportResult>(`/admin/networks/${networkId}/import/apply`, {
    method: 'POST',
    body: { upstreamMountpoints },
  });
