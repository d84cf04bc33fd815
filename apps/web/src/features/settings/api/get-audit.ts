import {
  type AuditEntry,
  type AuditList,
  type ListAuditQuery,
  maxListRows,
  maxPerPage,
} from '@atende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

export type AuditFilters = Partial<Pick<ListAuditQuery, 'actor' | 'action' | 'start_date' | 'end_date'>> & {
  page: number;
};

/** `GET /api/v1/audit`: the organisation's audit log, newest first (admins only). */
export function getAudit(filters: AuditFilters, signal?: AbortSignal, perPage = 25): Promise<AuditList> {
  const params = new URLSearchParams({ page: String(filters.page), per_page: String(perPage) });
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

/**
 * Every row the filters find, newest first, for the CSV: page after page of 100, as far as the
 * list's paging reaches (maxListRows); `complete` is false when there were more.
 */
export async function getWholeAudit(
  filters: AuditFilters,
): Promise<{ entries: AuditEntry[]; complete: boolean }> {
  const entries: AuditEntry[] = [];
  for (let page = 1; page <= maxListRows / maxPerPage; page++) {
    const list = await getAudit({ ...filters, page }, undefined, maxPerPage);
    entries.push(...list.entries);
    if (list.entries.length < maxPerPage || entries.length >= list.total) return { entries, complete: true };
  }
  return { entries, complete: false };
}
