import type { CreateMessage, Message } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickerOption } from '../../../components/search-picker.tsx';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, messageKeys } from './keys.ts';

export interface MessageFormValues {
  content: string;
  direction: 'inbound' | 'outbound';
  channel: string;
  /** Chosen in the pickers; sent as `ticket_id` and `customer_id`. */
  ticket: PickerOption | null;
  customer: PickerOption | null;
  expert_id: string;
}

/** The body of `POST /messages`: absent or blank optional ids are left out, channel defaults to web. */
export function createMessagePayload(values: MessageFormValues): CreateMessage {
  const body: CreateMessage = {
    content: values.content.trim(),
    direction: values.direction,
    channel: values.channel.trim() || 'web',
  };
  if (values.ticket) body.ticket_id = values.ticket.id;
  if (values.customer) body.customer_id = values.customer.id;
  const expert = values.expert_id.trim();
  if (expert !== '') body.expert_id = expert;
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
