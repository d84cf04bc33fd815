import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../context/use-auth.ts';

/** `GET /api/v1/tenants/current`: the organisation of the signed-in user (from its token). */
export interface CurrentTenant {
  id: string;
  name: string;
  slug: string;
}

export function getCurrentTenant(signal?: AbortSignal): Promise<CurrentTenant> {
  return api.get<CurrentTenant>('/api/v1/tenants/current', { signal });
}

export function currentTenantQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['tenants', 'current', tenantId],
    queryFn: ({ signal }) => getCurrentTenant(signal),
    staleTime: 5 * 60 * 1000, // a tenant's name seldom changes; settings will invalidate it
  });
}

/** The user's tenant; idle when the token names none (the shell then shows 'Sessão expirada.'). */
export function useCurrentTenant() {
  const { user } = useAuth();
  const tenantId = user?.tenantId ?? '';
  return useQuery({ ...currentTenantQueryOptions(tenantId), enabled: tenantId !== '' });
}
