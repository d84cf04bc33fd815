import type { Customer } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { createPayload } from '../lib/changed-fields.ts';
import { currentTenantId, customerKeys, saveCustomerKey } from './keys.ts';

/** `POST /api/v1/customers` (409 when the document already exists in the tenant). */
export function createCustomer(body: ReturnType<typeof createPayload>): Promise<Customer> {
  return api.post<Customer>('/api/v1/customers', body);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveCustomerKey,
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all(currentTenantId()) }),
  });
}
