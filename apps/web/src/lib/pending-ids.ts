import { type MutationKey, useMutationState } from '@tanstack/react-query';

/**
 * Ids of the rows whose mutation under `mutationKey` is still running, from any screen (a row's
 * 'Analisando...', a button waiting for its own answer). `idOf` reads the id from the variables.
 */
export function usePendingIds<TVariables>(
  mutationKey: MutationKey,
  idOf: (variables: TVariables) => string,
): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => idOf(mutation.state.variables as TVariables),
  });
  return new Set(ids);
}
