import type { Ticket, TicketList } from '@atende/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Eye, Flag, FlagOff, RefreshCw, Sparkles, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DigisacBadge } from '../../../components/digisac-badge.tsx';
import { BulkBar, useBulkAction } from '../../../components/list/bulk.tsx';
import { type Column, DataTable } from '../../../components/list/data-table.tsx';
import { useStepBackFromEmptyPage } from '../../../components/list/use-list-state.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import {
  csatTone,
  formatCsat,
  sentimentLabel,
  sentimentTone,
  solvedStatusLabel,
  solvedStatusTone,
} from '../../../lib/analysis-display.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type TicketListState, type TicketSort, ticketSortSpec } from '../../../lib/ticket-list-url.ts';
import { useAnalyzeTicket, useTicketsBeingAnalyzed } from '../api/analyze-ticket.ts';
import { useFlagTicket, useTicketsBeingFlagged } from '../api/flag-ticket.ts';
import { TICKETS_PER_PAGE } from '../api/get-tickets.ts';
import { ticketKeys } from '../api/keys.ts';
import type { FromList } from '../lib/from-list.ts';
import { REPROCESS_QUESTION } from './reprocess.ts';
import { TicketStatusBadge, ticketAnalysisState } from './ticket-status-badge.tsx';

const none = <span className="text-slate-500">—</span>;
const titleOf = (ticket: Ticket) => ticket.title || 'Sem título';
const iconLink = cn(
  'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
  focusRing,
);
const analysisFailed = () =>
  toast.error('Erro na análise', { description: 'Falha ao processar análise de IA.' });
const flagFailed = () => toast.error('Erro', { description: 'Não foi possível atualizar marcação.' });

/** The tickets of the list's filters, page and order: triage columns, row and bulk actions. */
export function TicketsTable({
  list,
  tickets,
}: {
  list: TicketListState;
  tickets: UseQueryResult<TicketList>;
}) {
  const navigate = useNavigate();
  // The detail's back link returns to this page of this filtered list.
  const fromList: FromList = { listSearch: list.search };
  const { selection } = list;
  const analyzing = useTicketsBeingAnalyzed();
  const flagging = useTicketsBeingFlagged();
  const analyze = useAnalyzeTicket();
  const flag = useFlagTicket();
  const bulkAnalysis = useBulkAction(ticketKeys.lists());
  const bulkFlag = useBulkAction(ticketKeys.lists());
  const [reprocessId, setReprocessId] = useState<string | null>(null);
  // Selected tickets that already have an analysis: 'Analisar selecionados' asks before reprocessing them.
  const [reprocessBulk, setReprocessBulk] = useState<number | null>(null);
  // The selection outlives the page it was made on: remember which chosen tickets have an analysis.
  const analysedIds = useRef(new Set<string>());
  const rows = tickets.data?.tickets;
  for (const ticket of rows ?? []) {
    if (ticket.analysis) analysedIds.current.add(ticket.id);
    else analysedIds.current.delete(ticket.id);
  }
  useStepBackFromEmptyPage(list, {
    rows: rows?.length,
    settled: tickets.isSuccess && !tickets.isPlaceholderData,
    // An estimated total is only a lower bound: then one page back at a time.
    total: tickets.data?.total_is_estimate ? undefined : tickets.data?.total,
    perPage: tickets.data?.per_page ?? TICKETS_PER_PAGE,
  });

  // mutateAsync, not mutate's callbacks: those fire only for the latest call, and several rows
  // can be analysed or flagged at once.
  function analyzeOne(id: string, force: boolean) {
    analyze.mutateAsync({ id, force }).then(() => toast.success('Análise concluída'), analysisFailed);
  }

  function askAnalyzeSelected() {
    const already = [...selection.ids].filter((id) => analysedIds.current.has(id)).length;
    if (already > 0) setReprocessBulk(already);
    else void analyzeSelected();
  }

  async function analyzeSelected() {
    const ids = [...selection.ids];
    const reprocessed = ids.filter((id) => analysedIds.current.has(id)).length;
    const { ok, failed } = await bulkAnalysis.run(ids, (id) =>
      analyze.mutateAsync({ id, force: analysedIds.current.has(id), refreshList: false }),
    );
    if (failed > 0) analysisFailed();
    if (ok > 0)
      toast.success('Análise concluída', {
        description:
          `${ok} de ${ids.length} chamados analisados` +
          (reprocessed > 0 ? ` (${reprocessed} reprocessados, com nova versão).` : '.'),
      });
    selection.clear();
  }

  async function flagSelected(flagged: boolean) {
    const { ok, failed } = await bulkFlag.run([...selection.ids], (id) =>
      flag.mutateAsync({ id, flagged, refreshList: false }),
    );
    if (failed > 0) flagFailed();
    if (ok > 0) {
      const noun = ok === 1 ? 'chamado' : 'chamados';
      const verb = flagged ? (ok === 1 ? 'marcado' : 'marcados') : ok === 1 ? 'desmarcado' : 'desmarcados';
      toast.success(`${ok} ${noun} ${verb}.`);
    }
  }

  const columns: Column<Ticket>[] = [
    {
      id: 'title',
      header: 'Título',
      phone: 'title',
      className: 'sm:max-w-md',
      cell: (ticket) => (
        <div>
          <div className="flex items-start gap-1.5">
            {ticket.flagged && <Flag className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Marcado" />}
            {ticket.requires_attention && (
              <span title="Requer atenção: sinais de alerta ou escalonamento na análise mais recente">
                <TriangleAlert
                  className="mt-0.5 size-4 shrink-0 text-amber-600"
                  aria-label="Requer atenção"
                />
              </span>
            )}
            <Link
              to={`/tickets/${ticket.id}`}
              state={fromList}
              className={cn(
                'font-medium text-slate-900 hover:text-brand-700 hover:underline',
                !ticket.title && 'text-slate-600 italic',
                focusRing,
              )}
            >
              {titleOf(ticket)}
            </Link>
          </div>
          <div className="mt-1 flex flex-wrap gap-1">
            {ticket.source === 'digisac' && <DigisacBadge protocol={ticket.external?.protocol} />}
            <TicketStatusBadge state={ticketAnalysisState(ticket, analyzing.has(ticket.id))} />
            {ticket.requires_attention && <Badge tone="yellow">Atenção</Badge>}
          </div>
        </div>
      ),
    },
    { id: 'customer', header: 'Cliente', cell: (ticket) => ticket.customer_name ?? none },
    {
      id: 'sentiment',
      header: 'Sentimento',
      cell: ({ analysis }) =>
        analysis ? (
          <Badge tone={sentimentTone(analysis.overall_sentiment)}>
            {sentimentLabel(analysis.overall_sentiment)}
          </Badge>
        ) : (
          none
        ),
    },
    {
      id: 'csat',
      header: 'CSAT',
      sortBy: 'csat_score',
      className: 'whitespace-nowrap tabular-nums',
      cell: ({ analysis }) =>
        analysis ? (
          <Badge tone={csatTone(analysis.csat_score)}>{formatCsat(analysis.csat_score)}</Badge>
        ) : (
          none
        ),
    },
    {
      id: 'status',
      header: 'Situação',
      className: 'whitespace-nowrap',
      cell: ({ analysis }) =>
        analysis ? (
          <Badge tone={solvedStatusTone(analysis.solved_status)}>
            {solvedStatusLabel(analysis.solved_status)}
          </Badge>
        ) : (
          none
        ),
    },
    {
      id: 'created_at',
      header: 'Criado em',
      sortBy: 'created_at',
      className: 'whitespace-nowrap',
      cell: (ticket) => formatDateTime(ticket.created_at),
    },
  ];

  const filtered = list.active > 0;
  const count = selection.size;
  return (
    <Card aria-label="Lista de chamados">
      <BulkBar
        count={count}
        summary={count === 1 ? '1 chamado selecionado' : `${count} chamados selecionados`}
        onClear={selection.clear}
        status={
          bulkAnalysis.progress
            ? `Analisando ${bulkAnalysis.progress.done}/${bulkAnalysis.progress.total}...`
            : undefined
        }
      >
        <Button
          size="sm"
          onClick={askAnalyzeSelected}
          pending={bulkAnalysis.running}
          pendingLabel="Analisando..."
        >
          <Sparkles className="size-4" aria-hidden="true" />
          Analisar selecionados
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={bulkFlag.running}
          onClick={() => void flagSelected(true)}
        >
          <Flag className="size-4" aria-hidden="true" />
          Marcar todos
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={bulkFlag.running}
          onClick={() => void flagSelected(false)}
        >
          <FlagOff className="size-4" aria-hidden="true" />
          Desmarcar todos
        </Button>
      </BulkBar>
      <DataTable
        label="Chamados"
        columns={columns}
        rows={rows}
        rowKey={(ticket) => ticket.id}
        query={tickets}
        errorTitle="Não foi possível carregar os chamados."
        empty={{
          title: 'Nenhum chamado encontrado.',
          description: filtered
            ? 'Tente ajustar ou limpar os filtros.'
            : 'Crie o primeiro chamado em “Novo Chamado”.',
          action: filtered ? (
            <Button variant="secondary" onClick={list.clear}>
              Limpar filtros
            </Button>
          ) : undefined,
        }}
        selection={{ state: selection, rowLabel: (ticket) => `Selecionar ${titleOf(ticket)}` }}
        sort={{
          value: list.sort ?? ticketSortSpec.default,
          onChange: (next) => list.setSort(next as TicketSort),
        }}
        onRowClick={(ticket) => navigate(`/tickets/${ticket.id}`, { state: fromList })}
        actions={(ticket) => {
          const title = titleOf(ticket);
          return (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label={ticket.flagged ? `Desmarcar ${title}` : `Marcar ${title}`}
                title={ticket.flagged ? 'Desmarcar' : 'Marcar'}
                disabled={flagging.has(ticket.id)}
                onClick={() =>
                  flag.mutateAsync({ id: ticket.id, flagged: !ticket.flagged }).catch(flagFailed)
                }
              >
                {ticket.flagged ? (
                  <FlagOff className="size-4" aria-hidden="true" />
                ) : (
                  <Flag className="size-4" aria-hidden="true" />
                )}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={ticket.analysis ? `Reprocessar ${title}` : `Analisar ${title}`}
                title={ticket.analysis ? 'Reprocessar' : 'Analisar'}
                disabled={analyzing.has(ticket.id)}
                onClick={() => (ticket.analysis ? setReprocessId(ticket.id) : analyzeOne(ticket.id, false))}
              >
                {ticket.analysis ? (
                  <RefreshCw className="size-4" aria-hidden="true" />
                ) : (
                  <Sparkles className="size-4" aria-hidden="true" />
                )}
              </Button>
              <Link
                to={`/tickets/${ticket.id}`}
                state={fromList}
                className={iconLink}
                aria-label={`Detalhes de ${title}`}
                title="Detalhes"
              >
                <Eye className="size-4" aria-hidden="true" />
              </Link>
            </>
          );
        }}
        pagination={{
          page: list.page,
          total: tickets.data?.total ?? 0,
          totalIsEstimate: tickets.data?.total_is_estimate ?? false,
          perPage: tickets.data?.per_page ?? TICKETS_PER_PAGE,
          onPageChange: list.setPage,
          label: 'Paginação dos chamados',
        }}
      />
      <ConfirmDialog
        open={reprocessBulk !== null}
        onOpenChange={(open) => !open && setReprocessBulk(null)}
        title="Reprocessar análises"
        description={`${reprocessBulk === 1 ? '1 dos chamados selecionados já tem' : `${reprocessBulk} dos chamados selecionados já têm`} análise. ${REPROCESS_QUESTION}`}
        confirmLabel="Reprocessar"
        onConfirm={() => {
          setReprocessBulk(null);
          void analyzeSelected();
        }}
      />
      <ConfirmDialog
        open={reprocessId !== null}
        onOpenChange={(open) => !open && setReprocessId(null)}
        title="Reprocessar análise"
        description={REPROCESS_QUESTION}
        confirmLabel="Reprocessar"
        onConfirm={() => {
          if (reprocessId) analyzeOne(reprocessId, true);
          setReprocessId(null);
        }}
      />
    </Card>
  );
}
