// Re-exported so the feature's files keep one import for their keys.
export { currentTenantId } from '../../../lib/id-token.ts';

import { tenantSettingsKey } from '../../../lib/tenant-settings.ts';

export const tenantSettingsKeys = {
  /** Also the prefix of the shell's ['tenants', 'current', id]: saving refreshes the name there. */
  tenants: ['tenants'] as const,
  detail: tenantSettingsKey,
};
