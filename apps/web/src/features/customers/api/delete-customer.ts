import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, customerKeys } from './keys.ts';

/** `DELETE /api/v1/customers/{id}` (204; the customer's tickets stay). */
export function deleteCustomer(id: string): Promise<void> {
  return api.delete<void>(`/api/v1/customers/${encodeURIComponent(id)}`);
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all(currentTenantId()) }),
  });
}
