import type { DigisacTicketList } from '@atende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { currentTenantId } from '../../../lib/id-token.ts';
import { retry } from '../../../lib/query-client.ts';
import { ticketKeys } from './keys.ts';

/**
 * `GET /api/v1/tenants/{tenantId}/digisac/tickets`: one page of the tenant's DigiSac tickets,
 * newest first, read through our server (409 not configured, 502 bad token or DigiSac
 * unreachable, 504 DigiSac too slow — each with a pt-BR `detail`).
 */
export function getDigisacTickets(page: number, perPage: number, signal?: AbortSignal) {
  const tenantId = encodeURIComponent(currentTenantId());
  return api.get<DigisacTicketList>(`/api/v1/tenants/${tenantId}/digisac/tickets`, {
    params: { page, per_page: perPage },
    signal,
  });
}

/**
 * The server already waited up to its own timeout for DigiSac: a 502/504 is not asked again at
 * once (the notice's 'Tentar novamente' does it), nor a 4xx; other failures as everywhere.
 */
export function retryDigisac(failures: number, error: Error): boolean {
  if (error instanceof ApiError && (error.status === 502 || error.status === 504)) return false;
  return retry(failures, error);
}

/** The previous page stays on screen while the next one loads. */
export function useDigisacTickets(page: number, perPage: number) {
  return useQuery({
    queryKey: ticketKeys.digisac(page, perPage),
    queryFn: ({ signal }) => getDigisacTickets(page, perPage, signal),
    placeholderData: keepPreviousData,
    retry: retryDigisac,
  });
}
