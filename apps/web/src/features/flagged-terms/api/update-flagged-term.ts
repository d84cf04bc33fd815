import type { FlaggedTerm } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, flaggedTermKeys, updateFlaggedTermKey } from './keys.ts';

export interface TermTextChange {
  id: string;
  term: string;
}

/**
 * `PUT /api/v1/flagged-terms/{id}` with the new text only (409 when another term already has it,
 * ignoring case and accents; 400 when blank, too long or with invalid characters; 404 when gone).
 */
export function updateFlaggedTerm({ id, term }: TermTextChange): Promise<FlaggedTerm> {
  return api.put<FlaggedTerm>(`/api/v1/flagged-terms/${encodeURIComponent(id)}`, { term });
}

export function useUpdateFlaggedTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateFlaggedTermKey,
    mutationFn: updateFlaggedTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flaggedTermKeys.all(currentTenantId()) }),
  });
}
