import type { TenantSettings, UpdateTenantSettings } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, tenantSettingsKeys } from './keys.ts';

/**
 * `PUT /api/v1/tenants/settings`. `digisac_token` left out keeps the stored token; null removes
 * it; a string replaces it.
 */
export function updateTenantSettings(body: UpdateTenantSettings): Promise<TenantSettings> {
  return api.put<TenantSettings>('/api/v1/tenants/settings', body);
}

export function useUpdateTenantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenantSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(tenantSettingsKeys.detail(currentTenantId()), settings);
      queryClient.removeQueries({ queryKey: tenantSettingsKeys.digisacTickets() });
      // The organisation's name is also in the shell (tenants/current).
      return queryClient.invalidateQueries({ queryKey: tenantSettingsKeys.tenants });
    },
  });
}
