import type { FlaggedTerm } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, flaggedTermKeys } from './keys.ts';

/** `PATCH /api/v1/flagged-terms/{id}/toggle`: active ↔ inactive (no body). */
export function toggleFlaggedTerm(id: string): Promise<FlaggedTerm> {
  return api.patch<FlaggedTerm>(`/api/v1/flagged-terms/${encodeURIComponent(id)}/toggle`);
}

const setActive = (terms: FlaggedTerm[] | undefined, id: string, active: (was: boolean) => boolean) =>
  terms?.map((term) => (term.id === id ? { ...term, is_active: active(term.is_active) } : term));

/**
 * The switch flips at once (every cached list of the tenant), and flips back when the server
 * refuses, that term only (other toggles may be in flight); the lists are read again afterwards
 * either way.
 */
export function useToggleFlaggedTerm() {
  const queryClient = useQueryClient();
  return useMutation<FlaggedTerm, Error, string, { before: boolean | undefined }>({
    mutationFn: toggleFlaggedTerm,
    onMutate: async (id) => {
      const queryKey = flaggedTermKeys.all(currentTenantId());
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient
        .getQueriesData<FlaggedTerm[]>({ queryKey })
        .flatMap(([, terms]) => terms ?? [])
        .find((term) => term.id === id)?.is_active;
      queryClient.setQueriesData<FlaggedTerm[]>({ queryKey }, (terms) => setActive(terms, id, (was) => !was));
      return { before };
    },
    onError: (_error, id, context) => {
      const before = context?.before;
      if (before === undefined) return;
      queryClient.setQueriesData<FlaggedTerm[]>(
        { queryKey: flaggedTermKeys.all(currentTenantId()) },
        (terms) => setActive(terms, id, () => before),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: flaggedTermKeys.all(currentTenantId()) }),
  });
}
