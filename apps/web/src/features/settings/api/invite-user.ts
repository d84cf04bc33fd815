import type { InviteUser, TeamUser } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

/** `POST /api/v1/users`: invites by mail (409 on `body.email` when the address is in use anywhere). */
export function inviteUser(body: InviteUser): Promise<TeamUser> {
  return api.post<TeamUser>('/api/v1/users', body);
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.audit() }),
      ]),
  });
}
