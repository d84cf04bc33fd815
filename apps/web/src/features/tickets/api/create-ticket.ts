import type { Ticket } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

export interface CreateTicketInput {
  title: string;
  customerId: string | null;
  content: string;
}

/**
 * The body of `POST /api/v1/tickets`: a blank title is null, and the conversation to analyse is a
 * copy of the content.
 */
export function createTicketPayload({ title, customerId, content }: CreateTicketInput) {
  return {
    title: title.trim() === '' ? null : title.trim(),
    customer_id: customerId,
    content,
    conversation_text: content,
  };
}

export function createTicket(input: CreateTicketInput) {
  return api.post<Ticket>('/api/v1/tickets', createTicketPayload(input));
}

/** `POST /api/v1/tickets`. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all() }),
  });
}
