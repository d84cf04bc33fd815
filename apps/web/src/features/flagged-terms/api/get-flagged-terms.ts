import type { FlaggedTerm } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, flaggedTermKeys } from './keys.ts';

/** `GET /api/v1/flagged-terms?search=`: every term of the tenant (a plain array). */
export function getFlaggedTerms(search: string, signal?: AbortSignal): Promise<FlaggedTerm[]> {
  return api.get<FlaggedTerm[]>('/api/v1/flagged-terms', { params: { search: search.trim() }, signal });
}

export function flaggedTermsQueryOptions(tenantId: string, search: string) {
  return queryOptions({
    queryKey: flaggedTermKeys.list(tenantId, search.trim()),
    queryFn: ({ signal }) => getFlaggedTerms(search, signal),
  });
}

export function useFlaggedTerms(search: string) {
  return useQuery(flaggedTermsQueryOptions(currentTenantId(), search));
}
