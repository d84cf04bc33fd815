import type { Message } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { analyzeMessageKey, currentTenantId, messageKeys } from './keys.ts';

/** `POST /api/v1/messages/{id}/analyze`: analyses again (a new version; the newest is shown). */
export function analyzeMessage(id: string): Promise<Message> {
  return api.post<Message>(`/api/v1/messages/${encodeURIComponent(id)}/analyze`);
}

export function useAnalyzeMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analyzeMessageKey,
    mutationFn: analyzeMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(currentTenantId()) }),
  });
}
