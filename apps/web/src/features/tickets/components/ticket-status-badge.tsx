import type { Ticket } from '@atende/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

export type TicketAnalysisState = 'analyzing' | 'analyzed' | 'pending';

export function ticketAnalysisState(ticket: Pick<Ticket, 'analysis'>, analyzing: boolean) {
  if (analyzing) return 'analyzing';
  return ticket.analysis ? 'analyzed' : 'pending';
}

/** A list row's analysis: Analisando... (a request running), Analisado (has one), Pendente (none yet). */
export function TicketStatusBadge({ state }: { state: TicketAnalysisState }) {
  if (state === 'analyzing')
    return (
      <Badge tone="blue">
        <Spinner className="size-3 text-blue-700" />
        Analisando...
      </Badge>
    );
  if (state === 'analyzed') return <Badge tone="green">Analisado</Badge>;
  return <Badge tone="gray">Pendente</Badge>;
}
