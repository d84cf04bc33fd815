import type { Customer, UpdateCustomer } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, customerKeys, saveCustomerKey } from './keys.ts';

/** `PUT /api/v1/customers/{id}` with only the changed fields. */
export function updateCustomer({ id, changes }: { id: string; changes: UpdateCustomer }): Promise<Customer> {
  return api.put<Customer>(`/api/v1/customers/${encodeURIComponent(id)}`, changes);
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveCustomerKey,
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all(currentTenantId()) }),
  });
}
