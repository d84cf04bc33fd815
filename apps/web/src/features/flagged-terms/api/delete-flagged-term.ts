import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usePendingIds } from '../../../lib/pending-ids.ts';
import { currentTenantId, deleteFlaggedTermKey, flaggedTermKeys } from './keys.ts';

/** `DELETE /api/v1/flagged-terms/{id}` (204). */
export function deleteFlaggedTerm(id: string): Promise<void> {
  return api.delete<void>(`/api/v1/flagged-terms/${encodeURIComponent(id)}`);
}

export function useDeleteFlaggedTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteFlaggedTermKey,
    mutationFn: deleteFlaggedTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flaggedTermKeys.all(currentTenantId()) }),
  });
}

/** Ids of the terms being deleted right now. */
export function useTermsBeingDeleted(): Set<string> {
  return usePendingIds(deleteFlaggedTermKey, (id: string) => id);
}
