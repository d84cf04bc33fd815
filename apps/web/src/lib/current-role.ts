import type { Role } from '@atende/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { currentTenantId } from './id-token.ts';

// What the signed-in user may do decides what several features show (settings, flagged terms):
// the server says the role with the organisation (`GET /api/v1/tenants/current`, the same query
// and key as the shell's), as it reads it from the token on every request.

interface CurrentTenantWithRole {
  id: string;
  name: string;
  slug: string;
  role: Role;
}

/** The signed-in user's role; undefined while it loads. */
export function useCurrentRole(): Role | undefined {
  const tenantId = currentTenantId();
  const { data } = useQuery({
    queryKey: ['tenants', 'current', tenantId],
    queryFn: ({ signal }) => api.get<CurrentTenantWithRole>('/api/v1/tenants/current', { signal }),
    staleTime: 5 * 60 * 1000,
    enabled: tenantId !== '',
  });
  return data?.role;
}

/** The sentence an agent reads where an admin-only action would be. */
export const adminOnlyMessage = (action: string) =>
  `Apenas administradores podem ${action}. Peça a um administrador da sua organização.`;
