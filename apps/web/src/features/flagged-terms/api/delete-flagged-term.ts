import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, flaggedTermKeys } from './keys.ts';

/** `DELETE /api/v1/flagged-terms/{id}` (204). */
export function deleteFlaggedTerm(id: string): Promise<void> {
  return api.delete<void>(`/api/v1/flagged-terms/${encodeURIComponent(id)}`);
}

export function useDeleteFlaggedTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlaggedTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flaggedTermKeys.all(currentTenantId()) }),
  });
}
