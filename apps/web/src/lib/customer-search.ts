import { type Customer, formatDocument } from '@atende/contracts';
import type { PickerOption } from '../components/search-picker.tsx';
import { api } from './api-client.ts';
import { currentTenantId } from './id-token.ts';
import { formatPhone } from './phone.ts';

// The customer picker's search, used by two features (a new ticket's customer, a new message's
// customer): one request, one answer shape, one cache for both.

export const CUSTOMER_SEARCH_MIN_LENGTH = 2;
export const CUSTOMER_SEARCH_LIMIT = 10;

type CustomerListAnswer = Customer[] | { customers?: Customer[] };

/**
 * `GET /api/v1/customers?search=…&match=name_document&limit=10` (name or document, not e-mail):
 * up to 10 customers as picker options, the name shown with the document formatted under it.
 */
export async function searchCustomers(term: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await api.get<CustomerListAnswer>('/api/v1/customers', {
    params: { search: term, match: 'name_document', limit: CUSTOMER_SEARCH_LIMIT },
    signal,
  });
  // The list may come as a plain array or as {customers, …}; anything else is an empty list.
  const list = Array.isArray(answer) ? answer : Array.isArray(answer?.customers) ? answer.customers : [];
  return list.slice(0, CUSTOMER_SEARCH_LIMIT).map((customer) => ({
    id: customer.id,
    label: customer.name,
    // A DigiSac contact has no document: its phone, formatted, tells it apart.
    detail: customer.document
      ? formatDocument(customer.document)
      : customer.phone
        ? formatPhone(customer.phone)
        : '',
  }));
}

/**
 * The searches' cache key without the text, which SearchPicker appends. Under the customers
 * feature's prefix (['customers', tenant]), so creating or editing a customer refreshes it.
 */
export const customerSearchKey = () => ['customers', currentTenantId(), 'search'] as const;
