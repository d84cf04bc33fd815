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

/**
 * One call per use; `refreshList: false` for a bulk action, which refreshes the list once at the
 * end (useBulkAction). The key lets rows show which message is busy.
 */
export function useFlagMessage({ refreshList = true }: { refreshList?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: flagMessageKey,
    mutationFn: flagMessage,
    onSettled: refreshList
      ? () => queryClient.invalidateQueries({ queryKey: messageKeys.all(currentTenantId()) })
      : undefined,
  });
}
