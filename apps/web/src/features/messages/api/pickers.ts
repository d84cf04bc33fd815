import type { Ticket, TicketList } from '@atende/contracts';
import { useQuery } from '@tanstack/react-query';
import type { PickerOption } from '../../../components/search-picker.tsx';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, pickerKeys } from './keys.ts';

const PICKER_LIMIT = 10;

/** A ticket in the pickers: its title ('Sem título' without one) and its customer. */
const ticketOption = (ticket: Ticket): PickerOption => ({
  id: ticket.id,
  label: ticket.title?.trim() || 'Sem título',
  detail: ticket.customer_name ?? undefined,
});

/** `GET /api/v1/tickets?search=…&per_page=10`: title, content or customer name. */
export async function searchTickets(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await api.get<TicketList>('/api/v1/tickets', {
    params: { search: text, per_page: PICKER_LIMIT },
    signal,
  });
  return answer.tickets.map(ticketOption);
}

export const ticketSearchKey = () => pickerKeys.tickets(currentTenantId());

/** The ticket a link's `?ticket_id=` names (`GET /api/v1/tickets/{id}`), for the filter to show it. */
export function useTicketOption(id: string) {
  return useQuery({
    queryKey: pickerKeys.ticket(currentTenantId(), id),
    queryFn: ({ signal }) =>
      api.get<Ticket>(`/api/v1/tickets/${encodeURIComponent(id)}`, { signal }).then(ticketOption),
    enabled: id !== '',
    staleTime: 60_000,
    retry: false,
  });
}
