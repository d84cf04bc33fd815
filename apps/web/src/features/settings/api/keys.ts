// Re-exported so the feature's files keep one import for their keys.
export { currentTenantId } from '../../../lib/id-token.ts';

import { currentTenantId } from '../../../lib/id-token.ts';
import { tenantSettingsKey } from '../../../lib/tenant-settings.ts';

export const tenantSettingsKeys = {
  /** Also the prefix of the shell's ['tenants', 'current', id]: saving refreshes the name there. */
  tenants: ['tenants'] as const,
  detail: tenantSettingsKey,
  /**
   * The tickets feature's DigiSac pages: another host or token is another account, so saving
   * drops them (not only marks them stale: the old account's rows must not show even briefly).
   * A key, not an import: features stay apart.
   */
  digisacTickets: () => ['tickets', currentTenantId(), 'digisac'] as const,
};

/** The signed-in user's notification preferences (their own, not the organisation's). */
export const notificationPreferencesKeys = {
  detail: () => ['settings', currentTenantId(), 'notification-preferences'] as const,
  /**
   * The notifications feature's queries (badge, bell, page): the server applies the preferences
   * when it lists, so saving them reads those again. A key, not an import: features stay apart.
   */
  notifications: ['notifications'] as const,
};

/** The organisation's people (Configurações › Equipe). */
export const teamKeys = {
  all: () => ['settings', currentTenantId(), 'users'] as const,
  /** Every audit page: an invitation or a change adds rows there. */
  audit: () => ['settings', currentTenantId(), 'audit'] as const,
};

/** The organisation's business hours (Configurações › Horário de atendimento). */
export const businessHoursKeys = {
  detail: () => ['settings', currentTenantId(), 'business-hours'] as const,
  /** The dashboard's 'SLA cumprido' queries. A key, not an import: features stay apart. */
  slaAnalytics: () => ['dashboard', currentTenantId(), 'sla'] as const,
};
