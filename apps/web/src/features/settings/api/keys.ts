import { readStoredSession } from '../../../lib/id-token.ts';

/** The signed-in user's tenant (empty when the token names none): part of every query key. */
export function currentTenantId(): string {
  return readStoredSession()?.user.tenantId ?? '';
}

export const tenantSettingsKeys = {
  /** Also the prefix of the shell's ['tenants', 'current', id]: saving refreshes the name there. */
  tenants: ['tenants'] as const,
  detail: (tenantId: string) => ['tenants', 'settings', tenantId] as const,
};
