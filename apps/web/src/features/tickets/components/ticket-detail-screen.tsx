import type { Ticket } from '@atende/contracts';
import { ArrowLeft, ChevronDown, FileDown, Flag, RefreshCw, Share2, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAnalyzeTicket, useTicketsBeingAnalyzed } from '../api/analyze-ticket.ts';
import { useTicket } from '../api/get-ticket.ts';
import { backToList } from '../lib/from-list.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { REPROCESS_QUESTION } from './reprocess.ts';
import { TicketConversation } from './ticket-conversation.tsx';
import { TicketStatusBadge, ticketAnalysisState } from './ticket-status-badge.tsx';

export const PRINT_DELAY_MS = 1000;
const SHARE_WARNING = 'Quem receber o link precisa estar autenticado para ver o chamado.';

const backLink = cn(
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-brand-700',
  focusRing,
);

/** /tickets/{id}: the ticket, its newest AI analysis, and what can be done with it. */
export function TicketDetailScreen() {
  const { id = '' } = useParams();
  const ticket = useTicket(id);
  const back = backToList(useLocation().state);
  // Unknown, another tenant's or malformed id; anything else (network, 5xx) may pass.
  const missing = ticket.error instanceof ApiError && [400, 403, 404].includes(ticket.error.status);

  return (
    <div>
      <Link to={back} className={cn(backLink, 'mb-4 print:hidden')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Voltar para chamados
      </Link>
      {ticket.data ? (
        <TicketDetail
          ticket={ticket.data}
          refreshing={ticket.isFetching}
          onRefresh={() => ticket.refetch()}
        />
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Detalhes do chamado</h1>
          {ticket.isError && !missing ? (
            <Card className="mt-6">
              <LoadError
                title="Não foi possível carregar o chamado."
                description="Verifique sua conexão e tente de novo."
                onRetry={() => ticket.refetch()}
                retrying={ticket.isFetching}
              />
            </Card>
          ) : ticket.isError ? (
            <Card className="mt-6">
              <EmptyState
                title="Dados do chamado não disponíveis"
                description="O chamado não existe ou não pertence à sua organização. Volte à lista e escolha outro."
                action={
                  <Link to={back} className={cn(backLink, 'text-brand-700')}>
                    Ir para a lista de chamados
                  </Link>
                }
              />
            </Card>
          ) : (
            <div role="status" className="mt-6 space-y-4">
              <span className="sr-only">Carregando chamado…</span>
              <Skeleton className="h-32 w-full" />
              <Skeleton className="h-64 w-full" />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function TicketDetail({
  ticket,
  refreshing,
  onRefresh,
}: {
  ticket: Ticket;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const analyze = useAnalyzeTicket();
  const analyzing = useTicketsBeingAnalyzed().has(ticket.id);
  const [contentOpen, setContentOpen] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [printing, setPrinting] = useState(false);
  const printTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(printTimer.current), []);

  const title = ticket.title || 'Chamado sem título';

  function runAnalysis(force: boolean) {
    analyze.mutate(
      { id: ticket.id, force },
      {
        onSuccess: () => toast.success('Análise concluída'),
        onError: () => toast.error('Erro na análise', { description: 'Falha ao processar análise de IA.' }),
        onSettled: () => setConfirming(false),
      },
    );
  }

  async function share() {
    const url = window.location.href;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        toast.info('Link compartilhado', { description: SHARE_WARNING });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success('Link copiado', { description: SHARE_WARNING });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // share sheet closed
      toast.error('Não foi possível compartilhar', { description: `Copie o endereço: ${url}` });
    }
  }

  function printPdf() {
    setPrinting(true);
    setContentOpen(true);
    printTimer.current = setTimeout(() => {
      try {
        window.print();
      } catch {
        toast.error('Não foi possível gerar o PDF. Tente novamente.');
      } finally {
        setPrinting(false);
      }
    }, PRINT_DELAY_MS);
  }

  const analysisButton = ticket.analysis ? (
    <Button
      variant="secondary"
      size="sm"
      className="print:hidden"
      pending={analyzing}
      pendingLabel="Analisando..."
      onClick={() => setConfirming(true)}
    >
      <RefreshCw className="size-4" aria-hidden="true" />
      Reprocessar
    </Button>
  ) : (
    <Button
      size="sm"
      className="print:hidden"
      pending={analyzing}
      pendingLabel="Analisando..."
      onClick={() => runAnalysis(false)}
    >
      <Sparkles className="size-4" aria-hidden="true" />
      Analisar
    </Button>
  );

  return (
    <>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">Detalhes do chamado</p>
          <h1 className="mt-0.5 text-2xl font-semibold tracking-tight break-words text-slate-900">{title}</h1>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <TicketStatusBadge state={ticketAnalysisState(ticket, analyzing)} />
            {ticket.flagged && (
              <Badge tone="red">
                <Flag className="size-3" aria-hidden="true" />
                Marcado
              </Badge>
            )}
            {ticket.requires_attention && <Badge tone="amber">Requer atenção</Badge>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="secondary" size="sm" onClick={() => void share()}>
            <Share2 className="size-4" aria-hidden="true" />
            Compartilhar
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={printPdf}
            pending={printing}
            pendingLabel="Gerando PDF…"
          >
            <FileDown className="size-4" aria-hidden="true" />
            PDF
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onRefresh}
            pending={refreshing}
            pendingLabel="Atualizando…"
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            Atualizar
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 print:block print:space-y-4">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {ticket.source === 'digisac' ? (
            <TicketConversation ticket={ticket} />
          ) : (
            <Card aria-labelledby="content-title">
              <CardHeader>
                <CardTitle id="content-title">Conteúdo</CardTitle>
                <button
                  type="button"
                  aria-expanded={contentOpen}
                  aria-controls="ticket-content"
                  onClick={() => setContentOpen((open) => !open)}
                  className={cn(
                    'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 print:hidden',
                    focusRing,
                  )}
                >
                  {contentOpen ? 'Ocultar conteúdo' : 'Mostrar conteúdo'}
                  <ChevronDown
                    className={cn('size-4 transition-transform', contentOpen && 'rotate-180')}
                    aria-hidden="true"
                  />
                </button>
              </CardHeader>
              <CardContent id="ticket-content" hidden={!contentOpen}>
                <p className="max-h-[32rem] overflow-auto text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-800 print:max-h-none print:overflow-visible">
                  {ticket.content}
                </p>
              </CardContent>
            </Card>
          )}
          <AnalysisPanel analysis={ticket.analysis} action={analysisButton} />
        </div>
        <Card aria-labelledby="metadata-title" className="self-start">
          <CardHeader>
            <CardTitle id="metadata-title">Informações</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">ID</dt>
                <dd className="mt-0.5 font-mono text-xs break-all text-slate-900">{ticket.id}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Cliente</dt>
                <dd className="mt-0.5 text-slate-900">{ticket.customer_name ?? 'Sem cliente'}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Criado em</dt>
                <dd className="mt-0.5 text-slate-900">{formatDateTime(ticket.created_at)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reprocessar análise"
        description={REPROCESS_QUESTION}
        confirmLabel="Reprocessar"
        pending={analyzing}
        onConfirm={() => runAnalysis(true)}
      />
    </>
  );
}
