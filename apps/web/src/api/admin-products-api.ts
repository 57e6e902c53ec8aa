import type {
  AdminPricingTable,
  AdminProduct,
  CreateProduct,
  PricingTableInput,
  ProductCategory,
  UpdateProduct,
} from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const adminProductKeys = {
  all: ['admin-products'] as const,
  list: (category: ProductCategory | 'all', includeArchived: boolean) =>
    [...adminProductKeys.all, 'list', category, includeArchived] as const,
  tables: () => [...adminProductKeys.all, 'tables'] as const,
};

export const adminProductsQueryOptions = (category: ProductCategory | undefined, includeArchived: boolean) =>
  queryOptions({
    queryKey: adminProductKeys.list(category ?? 'all', includeArchived),
    queryFn: ({ signal }) =>
      apiRequest<AdminProduct[]>('/admin/products', {
        signal,
        query: { category, includeArchived: includeArchived ? 'true' : undefined },
      }),
  });

export const pricingTablesQueryOptions = () =>
  queryOptions({
    queryKey: adminProductKeys.tables(),
    queryFn: ({ signal }) => apiRequest<AdminPricingTable[]>('/admin/pricing-tables', { signal }),
  });

export const createProduct = (body: CreateProduct) =>
  apiRequest<AdminProduct>('/admin/products', { method: 'POST', body });

export const updateProduct = (id: string, body: UpdateProduct) =>
  apiRequest<AdminProduct>(`/admin/products/${id}`, { method: 'PATCH', body });

export const setProductArchived = (id: string, isArchived: boolean) =>
  apiRequest<AdminProduct>(`/admin/products/${id}/${isArchived ? 'archive' : 'unarchive'}`, { method: 'POST' });

export const deleteProduct = (id: string) => apiRequest<null>(`/admin/products/${id}`, { method: 'DELETE' });

export const savePricingTable = (id: string | null, body: PricingTableInput) =>
  apiRequest<AdminPricingTable>(id ? `/admin/pricing-tables/${id}` : '/admin/pricing-tables', {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deletePricingTable = (id: string) => apiRequest<null>(`/admin/pricing-tables/${id}`, { method: 'DELETE' });

export const orderPricingTables = (tableIds: string[]) =>
  apiRequest<AdminPricingTable[]>('/admin/pricing-tables/order', { method: 'PUT', body: { tableIds } });
