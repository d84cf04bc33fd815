import type { AuditList, ListAuditQuery } from '@atende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

export type AuditFilters = Partial<Pick<ListAuditQuery, 'actor' | 'action' | 'start_date' | 'end_date'>> & {
  page: number;
};

/** `GET /api/v1/audit`: the organisation's audit log, newest first (admins only). */
export function getAudit(filters: AuditFilters, signal?: AbortSignal): Promise<AuditList> {
  const params = new URLSearchParams({ page: String(filters.page), per_page: '25' });
  for (const key of ['actor', 'action', 'start_date', 'end_date'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return api.get<AuditList>(`/api/v1/audit?${params}`, { signal });
}

export function useAudit(filters: AuditFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...teamKeys.audit(), filters],
    queryFn: ({ signal }) => getAudit(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
