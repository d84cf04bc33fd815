import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { digisacKeys } from '../../../lib/digisac-status.ts';

/** `POST /api/v1/tenants/settings/digisac/events/{id}/retry`: back to the workers now (404, 409 not failed). */
export function retryDigisacEvent(id: string): Promise<void> {
  return api.post<void>(`/api/v1/tenants/settings/digisac/events/${id}/retry`);
}

export function useRetryDigisacEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDigisacEvent,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: digisacKeys.events() }),
        queryClient.invalidateQueries({ queryKey: digisacKeys.status() }),
      ]),
  });
}
