import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { digisacKeys } from '../../../lib/digisac-status.ts';
import { teamKeys } from './keys.ts';

/**
 * `POST /api/v1/tenants/settings/digisac/import` `{days}` (1–90): 202 `{import_id}`, the import
 * runs in the background (the status follows it); 409 while one runs.
 */
export function startDigisacImport(days: number): Promise<{ import_id: string }> {
  return api.post<{ import_id: string }>('/api/v1/tenants/settings/digisac/import', { days });
}

export function useStartDigisacImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDigisacImport,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: digisacKeys.status() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.audit() }),
      ]),
  });
}
