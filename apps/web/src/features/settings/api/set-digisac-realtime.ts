import type { DigisacWebhookState } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { digisacKeys } from '../../../lib/digisac-status.ts';
import { teamKeys } from './keys.ts';

/**
 * `POST /api/v1/tenants/settings/digisac/webhook` (on: registers Atende's webhook at DigiSac; 409
 * when not configured or PUBLIC_URL is not https://, 502/504 when DigiSac fails) or `DELETE` (off).
 */
export function setDigisacRealtime(on: boolean): Promise<DigisacWebhookState> {
  const path = '/api/v1/tenants/settings/digisac/webhook';
  return on ? api.post<DigisacWebhookState>(path) : api.delete<DigisacWebhookState>(path);
}

export function useSetDigisacRealtime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDigisacRealtime,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: digisacKeys.status() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.audit() }),
      ]),
  });
}
