import type { BusinessHours } from '@atende/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessHoursKeys } from './keys.ts';

/**
 * `GET /api/v1/tenants/settings/business-hours`: the organisation's hours for the SLA and its next
 * closed days; `configured: false` (every day 00:00–24:00) until it saves them.
 */
export function getBusinessHours(signal?: AbortSignal): Promise<BusinessHours> {
  return api.get<BusinessHours>('/api/v1/tenants/settings/business-hours', { signal });
}

export function useBusinessHours() {
  return useQuery({
    queryKey: businessHoursKeys.detail(),
    queryFn: ({ signal }) => getBusinessHours(signal),
  });
}
