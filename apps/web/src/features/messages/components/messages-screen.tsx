import type { Message } from '@atende/contracts';
import { useIsMutating } from '@tanstack/react-query';
import {
  ChevronDown,
  ChevronUp,
  Flag,
  FlagOff,
  MessageSquare,
  RefreshCw,
  Sparkles,
  Trash2,
} from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { sentimentLabels, sentimentTone, urgencyLabels, urgencyTone } from '../../../lib/analysis-display.ts';
import { formatTotal } from '../../../lib/format.ts';
import { usePendingIds } from '../../../lib/pending-ids.ts';
import { useAnalyzeMessage } from '../api/analyze-message.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useFlagMessage } from '../api/flag-message.ts';
import { messagesPerPage, useMessages } from '../api/get-messages.ts';
import { analyzeMessageKey, currentTenantId, flagMessageKey } from '../api/keys.ts';
import { directionLabels, shortId } from '../lib/labels.ts';
import { listParamsFrom, listParamsTo, type MessageListParams } from '../lib/list-params.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { CreateMessageForm } from './create-message-form.tsx';

/** /messages: record messages, read their analysis, flag them, analyse them again. */
export function MessagesScreen() {
  if (currentTenantId() === '') return <PageHeader title="Mensagens" description="Selecione um tenant." />;
  return <Messages />;
}

/** Runs `action` for every id at once; says how many failed (spec: one call per id, in parallel). */
async function forEachId(ids: string[], action: (id: string) => Promise<unknown>) {
  const results = await Promise.allSettled(ids.map(action));
  return results.filter((result) => result.status === 'rejected').length;
}

function Messages() {
  // Search, filters and page live in the URL (shareable; back and forward restore them).
  const [searchParams, setSearchParams] = useSearchParams();
  const listParams = listParamsFrom(searchParams);
  const { q: search, page } = listParams;
  const setList = (next: Partial<MessageListParams>, replace = false) =>
    setSearchParams(listParamsTo({ ...listParams, ...next }), { replace });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const messages = useMessages(listParams);
  const analyze = useAnalyzeMessage();
  const flag = useFlagMessage();
  const remove = useDeleteMessage();
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const list = messages.data?.messages ?? [];
  const total = messages.data?.total ?? 0;
  const estimate = messages.data?.total_is_estimate ?? false;

  const analysing = usePendingIds(analyzeMessageKey, (id: string) => id);

  // The last rows of a page went away (another tab, a search): show the page before.
  useEffect(() => {
    if (messages.isSuccess && list.length === 0 && page > 1 && !messages.isPlaceholderData) {
      setList({ page: page - 1 }, true);
    }
  });

  const selectedIds = list.map((message) => message.id).filter((id) => selected.has(id));
  const allSelected = list.length > 0 && selectedIds.length === list.length;

  /** New search or filters: back to the first page, nothing selected. */
  function applyFilters(next: Partial<MessageListParams>) {
    setList({ ...next, page: 1 });
    setSelected(new Set());
  }

  function changePage(next: number) {
    setList({ page: next });
    setSelected(new Set());
  }

  function toggleSelected(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function toggleExpanded(id: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  // mutateAsync, not mutate's callbacks: those fire only for the latest call, and several rows
  // can be analysed or flagged at once.
  function analyzeOne(id: string) {
    analyze.mutateAsync(id).then(
      () => {
        toast.success('Análise concluída');
        setExpanded((current) => new Set(current).add(id));
      },
      (error: Error) => toast.error('Erro na análise', { description: error.message }),
    );
  }

  function flagOne(message: Message) {
    flag.mutateAsync({ id: message.id, flagged: !message.flagged }).then(
      (updated) => toast.success(updated.flagged ? 'Mensagem marcada' : 'Marcação removida'),
      (error: Error) =>
        toast.error('Erro', { description: `Não foi possível atualizar marcação. ${error.message}` }),
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success('Mensagem excluída');
        toggleSelected(id, false);
      },
      onError: (error) => toast.error('Erro ao excluir mensagem', { description: error.message }),
      onSettled: () => setToDelete(null),
    });
  }

  async function bulkAnalyze() {
    const ids = selectedIds;
    const failed = await forEachId(ids, (id) => analyze.mutateAsync(id));
    if (failed > 0) toast.error('Erro na análise', { description: `${failed} de ${ids.length} falharam.` });
    else toast.success('Análise concluída', { description: `${ids.length} mensagens analisadas.` });
  }

  async function bulkFlag(flagged: boolean) {
    const ids = selectedIds;
    const failed = await forEachId(ids, (id) => flag.mutateAsync({ id, flagged }));
    if (failed > 0) {
      toast.error('Erro', {
        description: `Não foi possível atualizar ${failed} de ${ids.length} mensagens.`,
      });
    } else {
      toast.success(flagged ? 'Mensagens marcadas' : 'Marcações removidas', {
        description: `${ids.length} mensagens atualizadas.`,
      });
    }
  }

  // Every analyse or flag still running, not only the latest (useMutation tracks one call).
  const bulkBusy =
    useIsMutating({ mutationKey: analyzeMessageKey }) + useIsMutating({ mutationKey: flagMessageKey }) > 0;

  return (
    <div>
      <PageHeader
        title="Mensagens"
        description={
          messages.isSuccess
            ? `${formatTotal(total, estimate)} ${total === 1 && !estimate ? 'mensagem' : 'mensagens'}${search ? ` · busca: “${search}”` : ''}`
            : 'Mensagens dos clientes e da equipe, com a análise da IA.'
        }
        actions={
          <Button variant="secondary" onClick={() => messages.refetch()} disabled={messages.isFetching}>
            <RefreshCw
              className={`size-4 ${messages.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
              aria-hidden="true"
            />
            Atualizar
          </Button>
        }
      />

      <div className="space-y-4">
        <CreateMessageForm />

        <Card aria-label="Lista de mensagens">
          <div className="flex flex-wrap items-end gap-x-4 gap-y-3 p-4 sm:px-5">
            <SearchForm
              label="Buscar conteúdo"
              placeholder="Palavras da mensagem"
              value={search}
              onSearch={(q) => applyFilters({ q })}
              submitLabel="Aplicar"
            />
            <SelectField
              label="Filtrar por direção"
              className="w-44"
              placeholder="Todas"
              options={[
                { value: 'inbound', label: directionLabels.inbound },
                { value: 'outbound', label: directionLabels.outbound },
              ]}
              value={listParams.direction}
              onChange={(event) =>
                applyFilters({ direction: event.target.value as MessageListParams['direction'] })
              }
            />
            <Checkbox
              label="Apenas marcadas"
              className="pb-2.5"
              checked={listParams.flagged}
              onCheckedChange={(checked) => applyFilters({ flagged: checked === true })}
            />
            {listParams.ticket_id && (
              <Button
                variant="secondary"
                size="sm"
                className="mb-1"
                onClick={() => applyFilters({ ticket_id: '' })}
              >
                Chamado {list[0]?.ticket_title ?? shortId(listParams.ticket_id)}
                <span className="sr-only">: remover filtro</span>
                <span aria-hidden="true">×</span>
              </Button>
            )}
          </div>

          {selectedIds.length > 0 && (
            <section
              aria-label="Ações em lote"
              className="flex flex-wrap items-center gap-2 border-t border-brand-600/20 bg-brand-50 px-4 py-2.5 sm:px-5"
            >
              <p className="mr-auto text-sm font-medium text-brand-800" aria-live="polite">
                {selectedIds.length} {selectedIds.length === 1 ? 'selecionada' : 'selecionadas'}
              </p>
              <Button size="sm" onClick={bulkAnalyze} disabled={bulkBusy}>
                <Sparkles className="size-4" aria-hidden="true" />
                Analisar com IA
              </Button>
              <Button size="sm" variant="secondary" onClick={() => bulkFlag(true)} disabled={bulkBusy}>
                Marcar todas
              </Button>
              <Button size="sm" variant="secondary" onClick={() => bulkFlag(false)} disabled={bulkBusy}>
                Desmarcar todas
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Limpar
              </Button>
            </section>
          )}

          <div className="border-t border-slate-200">
            {messages.isPending ? (
              <div className="flex justify-center p-8">
                <Spinner label="Carregando..." />
              </div>
            ) : messages.isError && list.length === 0 ? (
              <LoadError
                title="Não foi possível carregar as mensagens."
                description={messages.error.message}
                onRetry={() => messages.refetch()}
                retrying={messages.isFetching}
              />
            ) : list.length === 0 ? (
              <EmptyState
                icon={MessageSquare}
                title="Nenhuma mensagem encontrada."
                description={
                  search ? 'Tente outras palavras na busca.' : 'Crie a primeira mensagem no formulário acima.'
                }
              />
            ) : (
              <TableContainer label="Mensagens" className="rounded-b-lg">
                <Table className="min-w-[48rem]">
                  <TableHead>
                    <tr>
                      <TableHeaderCell className="w-10 pl-4 sm:pl-5">
                        <Checkbox
                          aria-label="Selecionar todas"
                          checked={allSelected ? true : selectedIds.length > 0 ? 'indeterminate' : false}
                          onCheckedChange={() =>
                            setSelected(allSelected ? new Set() : new Set(list.map((message) => message.id)))
                          }
                        />
                      </TableHeaderCell>
                      <TableHeaderCell>ID</TableHeaderCell>
                      <TableHeaderCell>Conteúdo</TableHeaderCell>
                      <TableHeaderCell>Direção</TableHeaderCell>
                      <TableHeaderCell>Chamado</TableHeaderCell>
                      <TableHeaderCell>Status</TableHeaderCell>
                      <TableHeaderCell className="pr-4 text-right sm:pr-5">Ações</TableHeaderCell>
                    </tr>
                  </TableHead>
                  <TableBody>
                    {list.map((message) => (
                      <MessageRow
                        key={message.id}
                        message={message}
                        selected={selected.has(message.id)}
                        onSelect={(on) => toggleSelected(message.id, on)}
                        expanded={expanded.has(message.id)}
                        onToggleExpanded={() => toggleExpanded(message.id)}
                        analysing={analysing.has(message.id)}
                        onAnalyze={() => analyzeOne(message.id)}
                        onFlag={() => flagOne(message)}
                        onDelete={() => setToDelete(message)}
                      />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </div>
          {total > 0 && (
            <Pagination
              page={page}
              total={total}
              totalIsEstimate={estimate}
              perPage={messagesPerPage}
              onPageChange={changePage}
              label="Páginas de mensagens"
              className="border-t border-slate-200 px-4 py-3 sm:px-5"
            />
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir mensagem"
        description="Tem certeza que deseja excluir esta mensagem? A análise dela também será removida."
        confirmLabel="Excluir"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

interface MessageRowProps {
  message: Message;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  expanded: boolean;
  onToggleExpanded: () => void;
  analysing: boolean;
  onAnalyze: () => void;
  onFlag: () => void;
  onDelete: () => void;
}

function MessageRow({
  message,
  selected,
  onSelect,
  expanded,
  onToggleExpanded,
  analysing,
  onAnalyze,
  onFlag,
  onDelete,
}: MessageRowProps) {
  const { analysis } = message;
  const short = shortId(message.id);
  const panelId = `analysis-${message.id}`;
  return (
    <Fragment>
      <TableRow data-message-id={message.id} className={selected ? 'bg-brand-50/60' : ''}>
        <TableCell className="pl-4 sm:pl-5">
          <Checkbox
            aria-label={`Selecionar mensagem ${short}`}
            checked={selected}
            onCheckedChange={(checked) => onSelect(checked === true)}
          />
        </TableCell>
        <TableCell className="font-mono text-xs text-slate-600">
          <span title={message.id}>{short}</span>
        </TableCell>
        <TableCell className="min-w-[14rem] max-w-md">
          <p className="line-clamp-2 break-words">{message.content}</p>
          <p className="mt-0.5 text-xs text-slate-500">{message.channel}</p>
        </TableCell>
        <TableCell className="whitespace-nowrap">{directionLabels[message.direction]}</TableCell>
        <TableCell className="min-w-[10rem] max-w-xs text-sm">
          {message.ticket_id ? (
            <Link
              to={`/tickets/${message.ticket_id}`}
              title={`Chamado ${message.ticket_id}`}
              className={cn(
                'line-clamp-2 rounded-sm text-brand-700 underline-offset-2 hover:underline',
                !message.ticket_title && 'italic',
                focusRing,
              )}
            >
              {message.ticket_title || `Sem título (${shortId(message.ticket_id)})`}
            </Link>
          ) : (
            '—'
          )}
          {message.customer_name && <p className="mt-0.5 text-xs text-slate-500">{message.customer_name}</p>}
        </TableCell>
        <TableCell>
          <div className="flex flex-wrap items-center gap-1">
            {analysing ? (
              <Badge tone="brand">Analisando...</Badge>
            ) : analysis ? (
              <Badge tone="green">Analisada</Badge>
            ) : (
              <Badge>Pendente</Badge>
            )}
            {message.flagged && (
              <Badge tone="red">
                <Flag className="size-3" aria-hidden="true" />
                Marcada
              </Badge>
            )}
            {analysis && (
              <>
                <Badge tone={sentimentTone(analysis.sentiment)} title="Sentimento">
                  {sentimentLabels[analysis.sentiment]}
                </Badge>
                <Badge tone={urgencyTone(analysis.urgency_level)} title="Urgência">
                  Urgência {urgencyLabels[analysis.urgency_level].toLowerCase()}
                </Badge>
                {analysis.contains_red_flags && (
                  <Badge tone="red" title={analysis.red_flag_words.join(', ')}>
                    {analysis.red_flag_words.length}{' '}
                    {analysis.red_flag_words.length === 1 ? 'termo sinalizado' : 'termos sinalizados'}
                  </Badge>
                )}
              </>
            )}
          </div>
        </TableCell>
        <TableCell className="pr-4 sm:pr-5">
          <div className="flex flex-wrap items-center justify-end gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={message.flagged ? `Desmarcar mensagem ${short}` : `Marcar mensagem ${short}`}
              onClick={onFlag}
              className={message.flagged ? 'text-red-700' : ''}
            >
              {message.flagged ? (
                <FlagOff className="size-4" aria-hidden="true" />
              ) : (
                <Flag className="size-4" aria-hidden="true" />
              )}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onAnalyze}
              pending={analysing}
              aria-label={`${analysis ? 'Reprocessar' : 'Analisar'} mensagem ${short}`}
            >
              {!analysing && <Sparkles className="size-4" aria-hidden="true" />}
              {analysis ? 'Reprocessar' : 'Analisar'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={expanded}
              aria-controls={expanded ? panelId : undefined}
              aria-label={`${expanded ? 'Ocultar' : 'Ver'} ${analysis ? 'análise da mensagem' : 'mensagem'} ${short}`}
              onClick={onToggleExpanded}
            >
              {expanded ? (
                <ChevronUp className="size-4" aria-hidden="true" />
              ) : (
                <ChevronDown className="size-4" aria-hidden="true" />
              )}
              {expanded ? 'Ocultar' : 'Ver'}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Excluir mensagem ${short}`}
              title="Excluir"
              onClick={onDelete}
              className="text-slate-500 hover:text-red-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </TableCell>
      </TableRow>
      {expanded && (
        <tr>
          <td colSpan={7} className="p-0">
            {/* As wide as the visible part of the card, and held there while the wide table
                scrolls sideways on a phone. */}
            <div
              id={panelId}
              className="sticky left-0 max-w-[calc(100vw-2.125rem)] space-y-4 bg-slate-50 px-4 py-4 sm:max-w-[calc(100vw-3.125rem)] sm:px-5 lg:max-w-none"
            >
              <div>
                <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">
                  Mensagem completa
                </h3>
                <p className="mt-1 max-w-prose text-sm break-words whitespace-pre-wrap text-slate-800">
                  {message.content}
                </p>
              </div>
              {analysis ? (
                <AnalysisPanel analysis={analysis} />
              ) : (
                <p className="text-sm text-slate-600">
                  Ainda não analisada. Use “Analisar” para ver sentimento, intenção e respostas sugeridas.
                </p>
              )}
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
