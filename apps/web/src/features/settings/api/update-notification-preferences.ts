import type { NotificationPreferences, UpdateNotificationPreferences } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationPreferencesKeys } from './keys.ts';

/** `PUT /api/v1/notifications/preferences`: only the changed fields; answers the whole preferences. */
export function updateNotificationPreferences(
  body: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>('/api/v1/notifications/preferences', body);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationPreferencesKeys.detail(), saved);
      // Muted or lower-priority alerts leave (or come back to) the badge, the bell and the page.
      void queryClient.invalidateQueries({ queryKey: notificationPreferencesKeys.notifications });
    },
  });
}
