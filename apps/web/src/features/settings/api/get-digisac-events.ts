import type { DigisacEventList } from '@atende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { digisacKeys, digisacStatusPollMs } from '../../../lib/digisac-status.ts';

export const digisacEventsPerPage = 10;

/** `GET /api/v1/tenants/settings/digisac/events?state=failed`: newest first, never a payload. */
export function getFailedDigisacEvents(page: number, signal?: AbortSignal): Promise<DigisacEventList> {
  return api.get<DigisacEventList>('/api/v1/tenants/settings/digisac/events', {
    params: { state: 'failed', page, per_page: digisacEventsPerPage },
    signal,
  });
}

/** The failed events, polled with the status (a retried one leaves the list once processed). */
export function useFailedDigisacEvents(page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...digisacKeys.events(), 'failed', page],
    queryFn: ({ signal }) => getFailedDigisacEvents(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: digisacStatusPollMs.idle,
    enabled,
  });
}
