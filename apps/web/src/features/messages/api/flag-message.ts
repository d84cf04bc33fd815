import type { Message } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, flagMessageKey, messageKeys } from './keys.ts';

export interface FlagMessageInput {
  id: string;
  flagged: boolean;
}

/** `PATCH /api/v1/messages/{id}/flag?flagged=true|false`. */
export function flagMessage({ id, flagged }: FlagMessageInput): Promise<Message> {
  return api.patch<Message>(`/api/v1/messages/${encodeURIComponent(id)}/flag`, undefined, {
    params: { flagged },
  });
}

export function useFlagMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: flagMessageKey,
    mutationFn: flagMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(currentTenantId()) }),
  });
}
