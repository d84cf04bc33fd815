import type { NotificationPreferences } from '@atende/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationPreferencesKeys } from './keys.ts';

/** `GET /api/v1/notifications/preferences`: the caller's muted alert types and minimum priority. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/api/v1/notifications/preferences', { signal });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKeys.detail(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}
