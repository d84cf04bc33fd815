import type { FlaggedTerm } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, flaggedTermKeys } from './keys.ts';

/** `POST /api/v1/flagged-terms` (409 when the term already exists, ignoring case and accents). */
export function createFlaggedTerm(term: string): Promise<FlaggedTerm> {
  return api.post<FlaggedTerm>('/api/v1/flagged-terms', { term });
}

export function useCreateFlaggedTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFlaggedTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flaggedTermKeys.all(currentTenantId()) }),
  });
}
