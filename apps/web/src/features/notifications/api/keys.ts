import { currentTenantId } from '../../../lib/id-token.ts';

/** Query keys of the signed-in user's notifications (under the tenant, as every feature's). */
export const notificationKeys = {
  all: () => ['notifications', currentTenantId()] as const,
  /** The bell's badge and unread list (UNREAD_LIMIT, 50). */
  unread: () => [...notificationKeys.all(), 'unread'] as const,
  /** `/all` with a limit and include_read (the bell's 100, the page's 200). */
  list: (limit: number, includeRead: boolean) =>
    [...notificationKeys.all(), 'all', limit, includeRead] as const,
};
