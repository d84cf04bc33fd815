import type { Message } from '@atende/contracts';
import { ChevronDown, ChevronUp, Flag, FlagOff, Sparkles, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Column } from '../../../components/list/data-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { sentimentLabels, sentimentTone, urgencyLabels, urgencyTone } from '../../../lib/analysis-display.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { directionLabels, shortId } from '../lib/labels.ts';
import { AnalysisPanel } from './analysis-panel.tsx';

const none = <span className="text-slate-500">—</span>;

/** The list's columns; `analysing` holds the ids whose analysis is running. */
export function messageColumns(analysing: ReadonlySet<string>): Column<Message>[] {
  return [
    {
      id: 'id',
      header: 'ID',
      phone: 'hide',
      className: 'font-mono text-xs text-slate-600 max-xl:hidden',
      cell: (message) => <span title={message.id}>{shortId(message.id)}</span>,
    },
    {
      id: 'content',
      header: 'Conteúdo',
      phone: 'title',
      className: 'max-w-md xl:min-w-[12rem]',
      cell: (message) => (
        <div className="min-w-0">
          <p className="line-clamp-2 break-words">{message.content}</p>
          <p className="mt-0.5 text-xs text-slate-600">
            <span className="hidden sm:max-lg:inline">{directionLabels[message.direction]} · </span>
            {message.channel} ·{' '}
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </p>
        </div>
      ),
    },
    {
      id: 'direction',
      header: 'Direção',
      // Between phone and desktop widths the direction is said under the content instead.
      className: 'whitespace-nowrap sm:max-lg:hidden',
      cell: (message) => directionLabels[message.direction],
    },
    {
      id: 'ticket',
      header: 'Chamado',
      className: 'max-w-xs',
      cell: (message) => (
        <div className="min-w-0">
          {message.ticket_id ? (
            <Link
              to={`/tickets/${message.ticket_id}`}
              title={`Chamado ${message.ticket_id}`}
              className={cn(
                'line-clamp-2 rounded-sm break-words text-brand-700 underline-offset-2 hover:underline',
                !message.ticket_title && 'italic',
                focusRing,
              )}
            >
              {message.ticket_title || `Sem título (${shortId(message.ticket_id)})`}
            </Link>
          ) : (
            none
          )}
          {message.customer_name && <p className="mt-0.5 text-xs text-slate-600">{message.customer_name}</p>}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (message) => <MessageStatus message={message} analysing={analysing.has(message.id)} />,
    },
  ];
}

function MessageStatus({ message, analysing }: { message: Message; analysing: boolean }) {
  const { analysis } = message;
  return (
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
        // Between phone and desktop widths these wait in the opened analysis (the row stays narrow).
        <span className="contents sm:max-lg:hidden">
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
        </span>
      )}
    </div>
  );
}

const detailId = (message: Message) => `analysis-${message.id}`;

interface MessageActionsProps {
  message: Message;
  expanded: boolean;
  analysing: boolean;
  onToggleExpanded: () => void;
  onAnalyze: () => void;
  onFlag: () => void;
  onDelete: () => void;
}

/** A row's buttons: analyse or reprocess, show or hide the analysis, flag, delete. */
export function MessageActions({
  message,
  expanded,
  analysing,
  onToggleExpanded,
  onAnalyze,
  onFlag,
  onDelete,
}: MessageActionsProps) {
  const short = shortId(message.id);
  const analysed = message.analysis !== null;
  return (
    <div className="flex flex-wrap items-center gap-1 sm:w-36 sm:justify-end xl:w-44 2xl:w-auto 2xl:flex-nowrap">
      <Button
        variant="secondary"
        size="sm"
        onClick={onAnalyze}
        pending={analysing}
        aria-label={`${analysed ? 'Reprocessar' : 'Analisar'} mensagem ${short}`}
      >
        {!analysing && <Sparkles className="size-4" aria-hidden="true" />}
        {analysed ? 'Reprocessar' : 'Analisar'}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={expanded}
        aria-controls={expanded ? detailId(message) : undefined}
        aria-label={`${expanded ? 'Ocultar' : 'Ver'} ${analysed ? 'análise da mensagem' : 'mensagem'} ${short}`}
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
  );
}

/** The opened row: the whole message and its analysis. */
export function MessageDetail({ message }: { message: Message }) {
  return (
    <div id={detailId(message)} className="space-y-4 bg-slate-50 px-4 py-4 sm:px-5">
      <div>
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Mensagem completa</h3>
        <p className="mt-1 max-w-prose text-sm break-words whitespace-pre-wrap text-slate-800">
          {message.content}
        </p>
      </div>
      {message.analysis ? (
        <AnalysisPanel analysis={message.analysis} />
      ) : (
        <p className="text-sm text-slate-600">
          Ainda não analisada. Use “Analisar” para ver sentimento, intenção e respostas sugeridas.
        </p>
      )}
    </div>
  );
}
