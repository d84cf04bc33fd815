import type { Customer } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

export const CUSTOMER_SEARCH_MIN_LENGTH = 2;
export const CUSTOMER_SEARCH_LIMIT = 10;

type CustomerListAnswer = Customer[] | { customers?: Customer[] };

export async function searchCustomers(term: string, signal?: AbortSignal): Promise<Customer[]> {
  const answer = await api.get<CustomerListAnswer>('/api/v1/customers', {
    params: { search: term, match: 'name_document', limit: CUSTOMER_SEARCH_LIMIT },
    signal,
  });
  // Spec §3: a plain array or {customers, …}; anything else is an empty list.
  const list = Array.isArray(answer) ? answer : Array.isArray(answer?.customers) ? answer.customers : [];
  return list.slice(0, CUSTOMER_SEARCH_LIMIT);
}

export function customerSearchQueryOptions(term: string) {
  return queryOptions({
    queryKey: ticketKeys.customerSearch(term),
    queryFn: ({ signal }) => searchCustomers(term, signal),
    enabled: term.length >= CUSTOMER_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
}

/** `GET /api/v1/customers?search=…&match=name_document&limit=10` (name or document, not e-mail), from 2 characters. */
export function useCustomerSearch(term: string) {
  return useQuery(customerSearchQueryOptions(term.trim()));
}
