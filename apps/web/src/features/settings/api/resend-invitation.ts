import type { TeamUser } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

/** `POST /api/v1/users/{id}/resend`: a new temporary password by mail, 7 more days. */
export function resendInvitation(id: string): Promise<TeamUser> {
  return api.post<TeamUser>(`/api/v1/users/${id}/resend`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.audit() }),
      ]),
  });
}
