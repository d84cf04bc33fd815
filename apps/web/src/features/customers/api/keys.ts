import { readStoredSession } from '../../../lib/id-token.ts';

/** The signed-in user's tenant (empty when the token names none): part of every query key. */
export function currentTenantId(): string {
  return readStoredSession()?.user.tenantId ?? '';
}

export const customerKeys = {
  all: (tenantId: string) => ['customers', tenantId] as const,
  list: (tenantId: string, page: number, search: string) =>
    ['customers', tenantId, 'list', { page, search }] as const,
};
