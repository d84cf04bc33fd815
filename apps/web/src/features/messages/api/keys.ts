import { readStoredSession } from '../../../lib/id-token.ts';

/** The signed-in user's tenant (empty when the token names none): part of every query key. */
export function currentTenantId(): string {
  return readStoredSession()?.user.tenantId ?? '';
}

export const messageKeys = {
  all: (tenantId: string) => ['messages', tenantId] as const,
  list: (tenantId: string, page: number, search: string) =>
    ['messages', tenantId, 'list', { page, search }] as const,
};

/** Mutation keys, so rows can show which message is being analysed or flagged. */
export const analyzeMessageKey = ['messages', 'analyze'] as const;
export const flagMessageKey = ['messages', 'flag'] as const;
