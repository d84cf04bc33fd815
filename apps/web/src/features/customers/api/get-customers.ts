import type { CustomerList } from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, customerKeys } from './keys.ts';

/** The customers screen shows 10 per page. */
export const customersPerPage = 10;

export type CustomerPage = CustomerList;

/** The list may come as a plain array or as `{customers,total,…}`; anything else is an empty page. */
export function toCustomerPage(data: unknown, page: number): CustomerPage {
  if (Array.isArray(data)) return { customers: data, total: data.length, page, per_page: customersPerPage };
  if (typeof data === 'object' && data !== null && Array.isArray((data as CustomerPage).customers)) {
    return data as CustomerPage;
  }
  return { customers: [], total: 0, page, per_page: customersPerPage };
}

/** `GET /api/v1/customers?page=&per_page=10&search=`. */
export async function getCustomers(page: number, search: string, signal?: AbortSignal) {
  const data = await api.get<unknown>('/api/v1/customers', {
    params: { page, per_page: customersPerPage, search: search.trim() },
    signal,
  });
  return toCustomerPage(data, page);
}

export function customersQueryOptions(tenantId: string, page: number, search: string) {
  return queryOptions({
    queryKey: customerKeys.list(tenantId, page, search.trim()),
    queryFn: ({ signal }) => getCustomers(page, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(page: number, search: string) {
  return useQuery(customersQueryOptions(currentTenantId(), page, search));
}
