import type { BusinessHours, UpdateBusinessHours } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessHoursKeys } from './keys.ts';

/** `PUT /api/v1/tenants/settings/business-hours` (admin only): replaces the whole schedule. */
export function updateBusinessHours(body: UpdateBusinessHours): Promise<BusinessHours> {
  return api.put<BusinessHours>('/api/v1/tenants/settings/business-hours', body);
}

export function useUpdateBusinessHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessHours,
    onSuccess: (saved) => {
      queryClient.setQueryData(businessHoursKeys.detail(), saved);
      // 'SLA cumprido' measures first answers in business time.
      void queryClient.invalidateQueries({ queryKey: businessHoursKeys.slaAnalytics() });
    },
  });
}
