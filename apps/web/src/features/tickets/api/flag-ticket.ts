import type { Ticket } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usePendingIds } from '../../../lib/pending-ids.ts';
import { flagTicketKey as flagKey, ticketKeys } from './keys.ts';

export interface FlagTicketInput {
  id: string;
  flagged: boolean;
  /** false in a bulk action: the list is read again once, at its end. */
  refreshList?: boolean;
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
    mutationKey: flagKey,
    mutationFn: flagTicket,
    onSuccess: (ticket, { refreshList = true }) => {
      queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket);
      if (refreshList) return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}

/** Ids of the tickets whose flag is being changed right now (their button waits). */
export function useTicketsBeingFlagged(): Set<string> {
  return usePendingIds(flagKey, (input: FlagTicketInput) => input.id);
}
