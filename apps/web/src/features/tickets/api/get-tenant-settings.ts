import type { TenantSettings } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

export function getTenantSettings(signal?: AbortSignal) {
  return api.get<TenantSettings>('/api/v1/tenants/settings', { signal });
}

export function tenantSettingsQueryOptions() {
  return queryOptions({
    queryKey: ticketKeys.tenantSettings(),
    queryFn: ({ signal }) => getTenantSettings(signal),
    staleTime: 60_000,
  });
}

/** `GET /api/v1/tenants/settings`: the tickets screen reads only whether DigiSac is configured. */
export function useTenantSettings() {
  return useQuery(tenantSettingsQueryOptions());
}

export function isDigisacConfigured(settings: TenantSettings | undefined): boolean {
  return Boolean(settings?.digisac_host && settings.digisac_token_set);
}
