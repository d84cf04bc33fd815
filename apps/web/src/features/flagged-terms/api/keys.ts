// Re-exported so the feature's files keep one import for their keys.
export { currentTenantId } from '../../../lib/id-token.ts';

/** Deletes in flight, so each row's button can wait for its own. */
export const deleteFlaggedTermKey = ['flagged-terms', 'delete'] as const;
/** Text edits in flight, so the edit dialog is not closed under a save. */
export const updateFlaggedTermKey = ['flagged-terms', 'update'] as const;

export const flaggedTermKeys = {
  all: (tenantId: string) => ['flagged-terms', tenantId] as const,
  list: (tenantId: string, search: string) => ['flagged-terms', tenantId, 'list', search] as const,
};
