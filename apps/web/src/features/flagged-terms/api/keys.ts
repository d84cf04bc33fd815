import { readStoredSession } from '../../../lib/id-token.ts';

/** The signed-in user's tenant (empty when the token names none): part of every query key. */
export function currentTenantId(): string {
  return readStoredSession()?.user.tenantId ?? '';
}

export const flaggedTermKeys = {
  all: (tenantId: string) => ['flagged-terms', tenantId] as const,
  list: (tenantId: string, search: string) => ['flagged-terms', tenantId, 'list', search] as const,
};
