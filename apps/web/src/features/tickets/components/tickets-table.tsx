import type { Ticket } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Eye,
  Flag,
  FlagOff,
  RefreshCw,
  Sparkles,
  TriangleAlert,
} from 'lucide-react';
import { type MouseEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import {
  csatTone,
  formatCsat,
  sentimentLabel,
  sentimentTone,
  solvedStatusLabel,
  solvedStatusTone,
} from '../../../lib/analysis-display.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAnalyzeTicket, useTicketsBeingAnalyzed } from '../api/analyze-ticket.ts';
import { useFlagTicket, useTicketsBeingFlagged } from '../api/flag-ticket.ts';
import { ticketKeys } from '../api/keys.ts';
import type { TicketSort } from '../lib/filters.ts';
import type { FromList } from '../lib/from-list.ts';
import { REPROCESS_QUESTION } from './reprocess.ts';
import { TicketStatusBadge, ticketAnalysisState } from './ticket-status-badge.tsx';

interface TicketsTableProps {
  tickets: Ticket[] | undefined;
  total: number;
  /** The server counted only `total` of more tickets (a large unfiltered list). */
  totalIsEstimate?: boolean;
  page: number;
  perPage: number;
  loading: boolean;
  /** The rows are the previous filters' while the new ones load. */
  stale: boolean;
  /** Why the list could not be loaded (nothing older is shown), else null. */
  error: Error | null;
  filtered: boolean;
  sort: TicketSort;
  onSortChange: (sort: TicketSort) => void;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
  onRetry: () => void;
  retrying: boolean;
  /** Failed attempts so far while the list is still being tried again (said above the skeleton). */
  failures?: number;
}

const iconButton = cn(
  'inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300',
  focusRing,
);

/** A column header that orders the list by it: first press descending, the next ones flip it. */
function SortableHeader({
  label,
  by,
  sort,
  onSortChange,
}: {
  label: string;
  by: TicketSort['by'];
  sort: TicketSort;
  onSortChange: (sort: TicketSort) => void;
}) {
  const active = sort.by === by;
  const Icon = !active ? ArrowUpDown : sort.order === 'desc' ? ArrowDown : ArrowUp;
  return (
    <TableHeaderCell aria-sort={active ? (sort.order === 'desc' ? 'descending' : 'ascending') : undefined}>
      <button
        type="button"
        className={cn('inline-flex items-center gap-1 rounded uppercase hover:text-slate-900', focusRing)}
        onClick={() => onSortChange({ by, order: active && sort.order === 'desc' ? 'asc' : 'desc' })}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">
          {active ? (sort.order === 'desc' ? ', decrescente' : ', crescente') : ', ordenar'}
        </span>
      </button>
    </TableHeaderCell>
  );
}

export function TicketsTable({
  tickets,
  total,
  totalIsEstimate = false,
  page,
  perPage,
  loading,
  stale,
  error,
  filtered,
  sort,
  onSortChange,
  onPageChange,
  onClearFilters,
  onRetry,
  retrying,
  failures = 0,
}: TicketsTableProps) {
  const navigate = useNavigate();
  // The detail's back link returns to this page of this filtered list.
  const fromList: FromList = { listSearch: useLocation().search };
  const flagging = useTicketsBeingFlagged();
  // An old link or a bookmark can ask for a page the list no longer has.
  const pastTheEnd = page > 1 && total > 0 && (tickets?.length ?? 0) === 0;
  const analyzing = useTicketsBeingAnalyzed();
  const analyze = useAnalyzeTicket();
  const flag = useFlagTicket();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reprocessId, setReprocessId] = useState<string | null>(null);
  // Selected tickets that already have an analysis: 'Analisar selecionados' asks before reprocessing them.
  const [reprocessBulk, setReprocessBulk] = useState<number | null>(null);
  const analysedIds = useRef(new Set<string>());
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [bulkFlagging, setBulkFlagging] = useState(false);

  const rows = tickets ?? [];
  for (const t of rows) {
    if (t.analysis) analysedIds.current.add(t.id);
    else analysedIds.current.delete(t.id);
  }
  const pageIds = rows.map((t) => t.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id));
  const allChecked =
    pageIds.length > 0 && selectedOnPage.length === pageIds.length
      ? true
      : selectedOnPage.length > 0
        ? 'indeterminate'
        : false;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  // mutateAsync, not mutate's callbacks: those fire only for the latest call, and several rows
  // can be analysed or flagged at once.
  function analyzeOne(id: string, force: boolean) {
    analyze.mutateAsync({ id, force }).then(
      () => toast.success('Análise concluída'),
      () => toast.error('Erro na análise', { description: 'Falha ao processar análise de IA.' }),
    );
  }

  function flagOne(id: string, flagged: boolean) {
    flag
      .mutateAsync({ id, flagged })
      .catch(() => toast.error('Erro', { description: 'Não foi possível atualizar marcação.' }));
  }

  /** Bulk: every call without its own list refresh, then one refresh and one summary toast. */
  async function bulk<T>(ids: string[], call: (id: string) => Promise<T>) {
    const results = await Promise.allSettled(ids.map(call));
    await queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    return results.filter((r) => r.status === 'fulfilled').length;
  }

  function askAnalyzeSelected() {
    const already = [...selected].filter((id) => analysedIds.current.has(id)).length;
    if (already > 0) setReprocessBulk(already);
    else void analyzeSelected();
  }

  async function analyzeSelected() {
    const ids = [...selected];
    const reprocessed = ids.filter((id) => analysedIds.current.has(id)).length;
    setProgress({ done: 0, total: ids.length });
    const ok = await bulk(ids, (id) =>
      analyze
        .mutateAsync({ id, force: analysedIds.current.has(id), refreshList: false })
        .finally(() => setProgress((p) => p && { ...p, done: p.done + 1 })),
    );
    setProgress(null);
    if (ok < ids.length) toast.error('Erro na análise', { description: 'Falha ao processar análise de IA.' });
    if (ok > 0)
      toast.success('Análise concluída', {
        description:
          `${ok} de ${ids.length} chamados analisados` +
          (reprocessed > 0 ? ` (${reprocessed} reprocessados, com nova versão).` : '.'),
      });
    setSelected(new Set());
  }

  async function flagSelected(flagged: boolean) {
    const ids = [...selected];
    setBulkFlagging(true);
    const ok = await bulk(ids, (id) => flag.mutateAsync({ id, flagged, refreshList: false }));
    setBulkFlagging(false);
    if (ok < ids.length) toast.error('Erro', { description: 'Não foi possível atualizar marcação.' });
    if (ok > 0) {
      const noun = ok === 1 ? 'chamado' : 'chamados';
      const verb = flagged ? (ok === 1 ? 'marcado' : 'marcados') : ok === 1 ? 'desmarcado' : 'desmarcados';
      toast.success(`${ok} ${noun} ${verb}.`);
    }
  }

  function openRow(event: MouseEvent<HTMLTableRowElement>, id: string) {
    if (event.target instanceof Element && event.target.closest('button, a, input, label, [role="checkbox"]'))
      return;
    navigate(`/tickets/${id}`, { state: fromList });
  }

  return (
    <Card aria-label="Lista de chamados">
      {selected.size > 0 && (
        <section
          aria-label="Ações em lote"
          className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-brand-50 px-4 py-2 text-sm"
        >
          <p className="mr-auto font-medium text-slate-900">
            {selected.size === 1 ? '1 chamado selecionado' : `${selected.size} chamados selecionados`}
          </p>
          {progress && (
            <p role="status" className="text-slate-700">
              Analisando {progress.done}/{progress.total}...
            </p>
          )}
          <Button
            size="sm"
            onClick={askAnalyzeSelected}
            pending={progress !== null}
            pendingLabel="Analisando..."
          >
            <Sparkles className="size-4" aria-hidden="true" />
            Analisar selecionados
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={bulkFlagging}
            onClick={() => void flagSelected(true)}
          >
            <Flag className="size-4" aria-hidden="true" />
            Marcar todos
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={bulkFlagging}
            onClick={() => void flagSelected(false)}
          >
            <FlagOff className="size-4" aria-hidden="true" />
            Desmarcar todos
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Limpar seleção
          </Button>
        </section>
      )}
      {loading && !tickets && !error && failures > 0 && (
        <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Não foi possível carregar os chamados. Tentando novamente…
        </p>
      )}
      <TableContainer
        label="Chamados"
        aria-busy={loading || stale || undefined}
        className={cn('transition-opacity', stale && 'opacity-60')}
      >
        <Table className="min-w-[44rem]">
          <TableHead>
            <tr>
              <TableHeaderCell className="w-10">
                <Checkbox
                  aria-label="Selecionar todos desta página"
                  checked={allChecked}
                  disabled={pageIds.length === 0}
                  onCheckedChange={(checked) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const id of pageIds) {
                        if (checked === true) next.add(id);
                        else next.delete(id);
                      }
                      return next;
                    })
                  }
                />
              </TableHeaderCell>
              <TableHeaderCell>Título</TableHeaderCell>
              <TableHeaderCell>Cliente</TableHeaderCell>
              <TableHeaderCell>Sentimento</TableHeaderCell>
              <SortableHeader label="CSAT" by="csat_score" sort={sort} onSortChange={onSortChange} />
              <TableHeaderCell>Situação</TableHeaderCell>
              <SortableHeader label="Criado em" by="created_at" sort={sort} onSortChange={onSortChange} />
              <TableHeaderCell className="text-right">Ações</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {loading && !tickets && !error
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <tr key={i}>
                    <TableCell colSpan={8}>
                      <Skeleton className="h-8 w-full" />
                    </TableCell>
                  </tr>
                ))
              : rows.map((ticket) => {
                  const state = ticketAnalysisState(ticket, analyzing.has(ticket.id));
                  const title = ticket.title || 'Sem título';
                  return (
                    <TableRow
                      key={ticket.id}
                      onClick={(event) => openRow(event, ticket.id)}
                      className={cn('cursor-pointer', selected.has(ticket.id) && 'bg-brand-50/60')}
                    >
                      <TableCell>
                        <Checkbox
                          aria-label={`Selecionar ${title}`}
                          checked={selected.has(ticket.id)}
                          onCheckedChange={(checked) => toggle(ticket.id, checked === true)}
                        />
                      </TableCell>
                      <TableCell className="max-w-md">
                        <div className="flex items-start gap-1.5">
                          {ticket.flagged && (
                            <Flag className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Marcado" />
                          )}
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
                            {title}
                          </Link>
                        </div>
                        <div className="mt-1">
                          <TicketStatusBadge state={state} />
                        </div>
                      </TableCell>
                      <TableCell>
                        {ticket.customer_name ?? <span className="text-slate-500">—</span>}
                      </TableCell>
                      <TableCell>
                        {ticket.analysis ? (
                          <Badge tone={sentimentTone(ticket.analysis.overall_sentiment)}>
                            {sentimentLabel(ticket.analysis.overall_sentiment)}
                          </Badge>
                        ) : (
                          <span className="text-slate-500">—</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {ticket.analysis ? (
                          <Badge tone={csatTone(ticket.analysis.csat_score)}>
                            {formatCsat(ticket.analysis.csat_score)}
                          </Badge>
                        ) : (
                          <span className="text-slate-500">—</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {ticket.analysis ? (
                          <Badge tone={solvedStatusTone(ticket.analysis.solved_status)}>
                            {solvedStatusLabel(ticket.analysis.solved_status)}
                          </Badge>
                        ) : (
                          <span className="text-slate-500">—</span>
                        )}
                        {ticket.requires_attention && (
                          <Badge tone="yellow" className="ml-1">
                            Atenção
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{formatDateTime(ticket.created_at)}</TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-1">
                          <button
                            type="button"
                            className={iconButton}
                            aria-label={ticket.flagged ? `Desmarcar ${title}` : `Marcar ${title}`}
                            title={ticket.flagged ? 'Desmarcar' : 'Marcar'}
                            disabled={flagging.has(ticket.id)}
                            onClick={() => flagOne(ticket.id, !ticket.flagged)}
                          >
                            {ticket.flagged ? (
                              <FlagOff className="size-4" aria-hidden="true" />
                            ) : (
                              <Flag className="size-4" aria-hidden="true" />
                            )}
                          </button>
                          <button
                            type="button"
                            className={iconButton}
                            disabled={state === 'analyzing'}
                            aria-label={ticket.analysis ? `Reprocessar ${title}` : `Analisar ${title}`}
                            title={ticket.analysis ? 'Reprocessar' : 'Analisar'}
                            onClick={() =>
                              ticket.analysis ? setReprocessId(ticket.id) : analyzeOne(ticket.id, false)
                            }
                          >
                            {ticket.analysis ? (
                              <RefreshCw className="size-4" aria-hidden="true" />
                            ) : (
                              <Sparkles className="size-4" aria-hidden="true" />
                            )}
                          </button>
                          <Link
                            to={`/tickets/${ticket.id}`}
                            state={fromList}
                            className={iconButton}
                            aria-label={`Detalhes de ${title}`}
                            title="Detalhes"
                          >
                            <Eye className="size-4" aria-hidden="true" />
                          </Link>
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
          </TableBody>
        </Table>
        {error && (
          <LoadError
            title="Não foi possível carregar os chamados."
            description={error instanceof ApiError ? error.message : 'Verifique sua conexão e tente de novo.'}
            onRetry={onRetry}
            retrying={retrying}
          />
        )}
        {!loading && !error && rows.length === 0 && (
          <EmptyState
            title="Nenhum chamado encontrado."
            description={
              pastTheEnd
                ? `Esta lista tem ${Math.ceil(total / perPage)} ${total > perPage ? 'páginas' : 'página'}.`
                : filtered
                  ? 'Tente ajustar ou limpar os filtros.'
                  : 'Crie o primeiro chamado no formulário acima.'
            }
            action={
              pastTheEnd ? (
                <Button variant="secondary" onClick={() => onPageChange(1)}>
                  Ir para a primeira página
                </Button>
              ) : filtered ? (
                <Button variant="secondary" onClick={onClearFilters}>
                  Limpar filtros
                </Button>
              ) : undefined
            }
          />
        )}
      </TableContainer>
      {total > 0 && !pastTheEnd && (
        <Pagination
          className="border-t border-slate-200 px-4 py-3"
          label="Paginação dos chamados"
          page={page}
          total={total}
          totalIsEstimate={totalIsEstimate}
          perPage={perPage}
          onPageChange={onPageChange}
        />
      )}
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
