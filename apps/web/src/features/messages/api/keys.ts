import type { QueryParams } from '../../../lib/api-client.ts';

// Re-exported so the feature's files keep one import for their keys.
export { currentTenantId } from '../../../lib/id-token.ts';

export const messageKeys = {
  all: (tenantId: string) => ['messages', tenantId] as const,
  list: (tenantId: string, params: QueryParams) => ['messages', tenantId, 'list', params] as const,
};

/** The pickers' lookups: apart from `messageKeys.all`, so refreshing the list leaves them be. */
export const pickerKeys = {
  tickets: (tenantId: string) => ['message-pickers', tenantId, 'tickets'] as const,
  ticket: (tenantId: string, id: string) => ['message-pickers', tenantId, 'ticket', id] as const,
};

/** Mutation keys, so rows can show which message is being analysed or flagged. */
export const analyzeMessageKey = ['messages', 'analyze'] as const;
export const flagMessageKey = ['messages', 'flag'] as const;
