import type { Message } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { analyzeMessageKey, currentTenantId, messageKeys } from './keys.ts';

/** `POST /api/v1/messages/{id}/analyze`: analyses again (a new version; the newest is shown). */
export function analyzeMessage(id: string): Promise<Message> {
  return api.post<Message>(`/api/v1/messages/${encodeURIComponent(id)}/analyze`);
}

/**
 * One call per use; `refreshList: false` for a bulk action, which refreshes the list once at the
 * end (useBulkAction). The key lets rows show which message is busy.
 */
export function useAnalyzeMessage({ refreshList = true }: { refreshList?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analyzeMessageKey,
    mutationFn: analyzeMessage,
    onSettled: refreshList
      ? () => queryClient.invalidateQueries({ queryKey: messageKeys.all(currentTenantId()) })
      : undefined,
  });
}
