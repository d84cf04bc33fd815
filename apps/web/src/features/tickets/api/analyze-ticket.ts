import type { Ticket } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usePendingIds } from '../../../lib/pending-ids.ts';
import { analyzeTicketKey as analyzeKey, ticketKeys } from './keys.ts';

export interface AnalyzeTicketInput {
  id: string;
  /** Reprocess: analyse again although an analysis exists (a new version is kept). */
  force?: boolean;
  /** false in a bulk action: the list is read again once, at its end. */
  refreshList?: boolean;
}

export function analyzeTicket({ id, force = false }: AnalyzeTicketInput) {
  return api.post<Ticket>(`/api/v1/tickets/${encodeURIComponent(id)}/analyze`, {
    force_reanalysis: force,
  });
}

/** `POST /api/v1/tickets/{id}/analyze`; callers say what to toast. */
export function useAnalyzeTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analyzeKey,
    mutationFn: analyzeTicket,
    onSuccess: (ticket, { refreshList = true }) => {
      queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket);
      if (refreshList) return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}

/** Ids of the tickets being analysed right now, from any screen ('Analisando...'). */
export function useTicketsBeingAnalyzed(): Set<string> {
  return usePendingIds(analyzeKey, (input: AnalyzeTicketInput) => input.id);
}
