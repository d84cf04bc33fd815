import type { TenantSettings } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { currentTenantId } from './id-token.ts';

// The tenant's settings are read by two features (the settings screen, and the tickets screen for
// its DigiSac tab): one query for both, so saving on one screen updates the other.

/** Under ['tenants'], with the shell's ['tenants', 'current', id]: saving refreshes both. */
export const tenantSettingsKey = (tenantId: string) => ['tenants', 'settings', tenantId] as const;

/** `GET /api/v1/tenants/settings`: the token itself never comes back, only whether one is set. */
export function getTenantSettings(signal?: AbortSignal): Promise<TenantSettings> {
  return api.get<TenantSettings>('/api/v1/tenants/settings', { signal });
}

export function tenantSettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantSettingsKey(tenantId),
    queryFn: ({ signal }) => getTenantSettings(signal),
  });
}

export function useTenantSettings() {
  return useQuery(tenantSettingsQueryOptions(currentTenantId()));
}

/** The DigiSac tab shows only with both a host and a token. */
export function isDigisacConfigured(settings: TenantSettings | undefined): boolean {
  return Boolean(settings?.digisac_host && settings.digisac_token_set);
}
