import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { digisacKeys } from '../../../lib/digisac-status.ts';

/** `DELETE /api/v1/tenants/settings/digisac/import`: it stops at its next page (409 when none runs). */
export function cancelDigisacImport(): Promise<void> {
  return api.delete<void>('/api/v1/tenants/settings/digisac/import');
}

export function useCancelDigisacImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDigisacImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: digisacKeys.status() }),
  });
}
