import type { TeamUser, UpdateUser } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

/** `PATCH /api/v1/users/{id}`: role and/or access (409 when no enabled admin would be left). */
export function updateUser({ id, ...body }: UpdateUser & { id: string }): Promise<TeamUser> {
  return api.patch<TeamUser>(`/api/v1/users/${id}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.audit() }),
      ]),
  });
}
