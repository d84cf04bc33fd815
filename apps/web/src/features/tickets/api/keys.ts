import type { QueryParams } from '../../../lib/api-client.ts';
import { currentTenantId } from '../../../lib/id-token.ts';

/** Query keys, under the signed-in tenant (the cache is also cleared when the user changes). */
export const ticketKeys = {
  all: () => ['tickets', currentTenantId()] as const,
  lists: () => [...ticketKeys.all(), 'list'] as const,
  list: (params: QueryParams, page: number) => [...ticketKeys.lists(), params, page] as const,
  detail: (id: string) => [...ticketKeys.all(), 'detail', id] as const,
  /** A DigiSac ticket's conversation (under its detail: reading the ticket again reads it too). */
  conversation: (id: string) => [...ticketKeys.detail(id), 'conversation'] as const,
  /** The DigiSac tab's pages (under all(): 'Atualizar' reads them again; saving Settings drops them). */
  digisac: (page: number, perPage: number) => [...ticketKeys.all(), 'digisac', { page, perPage }] as const,
};

/** Mutation keys, so rows can show which ticket is being analysed or flagged. */
export const analyzeTicketKey = ['tickets', 'analyze'] as const;
export const flagTicketKey = ['tickets', 'flag'] as const;
