import type { Ticket } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface FlagTicketInput {
  id: string;
  flagged: boolean;
}

export function flagTicket({ id, flagged }: FlagTicketInput) {
  return api.patch<Ticket>(`/api/v1/tickets/${encodeURIComponent(id)}/flag`, undefined, {
    params: { flagged },
  });
}

/** `PATCH /api/v1/tickets/{id}/flag?flagged=true|false`. */
export function useFlagTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: flagTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(['tickets', 'detail', ticket.id], ticket);
      return queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
    },
  });
}
