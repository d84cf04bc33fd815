import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, messageKeys } from './keys.ts';

/** `DELETE /api/v1/messages/{id}` (204; its analyses go with it). */
export function deleteMessage(id: string): Promise<void> {
  return api.delete<void>(`/api/v1/messages/${encodeURIComponent(id)}`);
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(currentTenantId()) }),
  });
}
