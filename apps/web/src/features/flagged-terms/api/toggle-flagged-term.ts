import type { FlaggedTerm } from '@atende/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, flaggedTermKeys } from './keys.ts';

/** `PATCH /api/v1/flagged-terms/{id}/toggle`: active ↔ inactive (no body). */
export function toggleFlaggedTerm(id: string): Promise<FlaggedTerm> {
  return api.patch<FlaggedTerm>(`/api/v1/flagged-terms/${encodeURIComponent(id)}/toggle`);
}

type Snapshot = Array<[QueryKey, FlaggedTerm[] | undefined]>;

/**
 * Spec §4: the switch flips at once (every cached list of the tenant), and flips back when the
 * server refuses; the lists are read again afterwards either way.
 */
export function useToggleFlaggedTerm() {
  const queryClient = useQueryClient();
  return useMutation<FlaggedTerm, Error, string, { snapshot: Snapshot }>({
    mutationFn: toggleFlaggedTerm,
    onMutate: async (id) => {
      const queryKey = flaggedTermKeys.all(currentTenantId());
      await queryClient.cancelQueries({ queryKey });
      const snapshot = queryClient.getQueriesData<FlaggedTerm[]>({ queryKey });
      queryClient.setQueriesData<FlaggedTerm[]>({ queryKey }, (terms) =>
        terms?.map((term) => (term.id === id ? { ...term, is_active: !term.is_active } : term)),
      );
      return { snapshot };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: flaggedTermKeys.all(currentTenantId()) }),
  });
}
