import type { Message } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, messageKeys } from './keys.ts';

export interface MessageFormValues {
  content: string;
  direction: 'inbound' | 'outbound';
  channel: string;
  ticket_id: string;
  customer_id: string;
  expert_id: string;
}

/** The body of `POST /messages`: blank optional ids are left out (spec §5), channel defaults to web. */
export function createMessagePayload(values: MessageFormValues) {
  const body: Record<string, string> = {
    content: values.content.trim(),
    direction: values.direction,
    channel: values.channel.trim() || 'web',
  };
  for (const key of ['ticket_id', 'customer_id', 'expert_id'] as const) {
    const id = values[key].trim();
    if (id !== '') body[key] = id;
  }
  return body;
}

/** `POST /api/v1/messages`; a new inbound message comes back already analysed (and flagged if needed). */
export function createMessage(values: MessageFormValues): Promise<Message> {
  return api.post<Message>('/api/v1/messages', createMessagePayload(values));
}

export function useCreateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(currentTenantId()) }),
  });
}
