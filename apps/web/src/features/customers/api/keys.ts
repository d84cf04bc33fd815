// Re-exported so the feature's files keep one import for their keys.
export { currentTenantId } from '../../../lib/id-token.ts';

/** Create and update: the form's dialog stays open while one runs. */
export const saveCustomerKey = ['customers', 'save'] as const;

export const customerKeys = {
  all: (tenantId: string) => ['customers', tenantId] as const,
  list: (tenantId: string, page: number, search: string) =>
    ['customers', tenantId, 'list', { page, search }] as const,
};
