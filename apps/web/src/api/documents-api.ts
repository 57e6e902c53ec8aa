import type { CurrentDocuments, LegalDocument, PublishDocument } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const documentKeys = {
  all: ['documents'] as const,
  current: () => [...documentKeys.all, 'current'] as const,
  admin: () => [...documentKeys.all, 'admin'] as const,
};

export const currentDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.current(),
    queryFn: ({ signal }) => apiRequest<CurrentDocuments>('/documents', { signal }),
    staleTime: 10 * 60_000,
  });

export const adminDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.admin(),
    queryFn: ({ signal }) => apiRequest<LegalDocument[]>('/admin/documents', { signal }),
  });

export const publishDocument = (body: PublishDocument) =>
  apiRequest<LegalDocument>('/admin/documents', { method: 'POST', body });
