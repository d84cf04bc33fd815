import type { TenantSettings } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, tenantSettingsKeys } from './keys.ts';

/** `GET /api/v1/tenants/settings`: the token itself never comes back, only whether one is set. */
export function getTenantSettings(signal?: AbortSignal): Promise<TenantSettings> {
  return api.get<TenantSettings>('/api/v1/tenants/settings', { signal });
}

export function tenantSettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantSettingsKeys.detail(tenantId),
    queryFn: ({ signal }) => getTenantSettings(signal),
  });
}

export function useTenantSettings() {
  return useQuery(tenantSettingsQueryOptions(currentTenantId()));
}
