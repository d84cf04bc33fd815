import type { Ticket } from '@atende/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

export type TicketAnalysisState = 'analyzing' | 'analyzed' | 'pending';

export function ticketAnalysisState(ticket: Pick<Ticket, 'analysis'>, analyzing: boolean) {
  if (analyzing) return 'analyzing';
  return ticket.analysis ? 'analyzed' : 'pending';
}

/** The row states of spec §4: Analisando..., Analisado, Pendente. */
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
