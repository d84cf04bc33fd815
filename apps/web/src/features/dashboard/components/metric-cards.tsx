import type { Dashboard, sentiments, solvedStatuses } from '@atende/contracts';
import { sentimentLabels, solvedStatusPluralLabels } from '@atende/contracts/analysis-labels';
import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, Gauge, ListChecks, MessageCircleHeart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { formatCsatAverage } from '../../../lib/analysis-display.ts';
import { formatTotal } from '../../../lib/format.ts';
import type { TicketFilters } from '../../../lib/ticket-list-url.ts';
import { type TicketsWindow, ticketsLink } from '../lib/period.ts';

type Sentiment = (typeof sentiments)[number];
type SolvedStatus = (typeof solvedStatuses)[number];

/**
 * The rows of the status and sentiment cards, in this order, with the colour of their dot; the
 * labels are the contract's (`solvedStatusPluralLabels`, `sentimentLabels`), and a value the
 * contract adds fails to compile here until it has a colour.
 */
const statusTones = { solved: 'green', in_progress: 'blue', not_solved: 'red' } as const satisfies Record<
  SolvedStatus,
  Tone
>;
const sentimentTones = {
  neutral: 'slate',
  negative: 'red',
  positive: 'green',
  mixed: 'amber',
} as const satisfies Record<Sentiment, Tone>;
const rowsOf = <K extends string>(tones: Record<K, Tone>) => Object.entries(tones) as [K, Tone][];

/**
 * The four cards (CSAT, status, sentiment, alerts); every figure links to the tickets list
 * showing exactly those tickets.
 */
export function MetricCards({ dashboard: d, window }: { dashboard: Dashboard; window: TicketsWindow }) {
  const status = d.ticket_breakdown.by_solved_status;
  const sentiment = d.ticket_breakdown.by_sentiment;
  const analysed = status.solved + status.in_progress + status.not_solved;
  const link = (slice: Partial<TicketFilters> = {}) => ticketsLink(window, slice);
  return (
    <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
      <MetricCard title="CSAT médio" icon={Gauge}>
        <p className="text-4xl font-semibold tracking-tight text-slate-900">
          {d.csat_average_0_10 === null ? '—' : formatCsatAverage(d.csat_average_0_10)}
          <span className="ml-1 text-base font-normal text-slate-500">/10</span>
        </p>
        {d.csat_average_0_10 === null && (
          <p className="mt-1 text-sm text-slate-600">Nenhum chamado analisado no período.</p>
        )}
        <ul className="mt-3 space-y-1">
          <MetricRow to={link({ analyzed: true })} label="Total de chamados" value={analysed} />
          {d.total_tickets !== analysed && (
            <MetricRow
              to={link()}
              label="Criados no período (com e sem análise)"
              value={d.total_tickets}
              muted
            />
          )}
        </ul>
      </MetricCard>

      <MetricCard title="Chamados por status" icon={ListChecks}>
        <ul className="space-y-1">
          {rowsOf(statusTones).map(([value, tone]) => (
            <MetricRow
              key={value}
              to={link({ solved_status: value })}
              label={solvedStatusPluralLabels[value]}
              value={status[value]}
              tone={tone}
            />
          ))}
        </ul>
      </MetricCard>

      <MetricCard title="Sentimento" icon={MessageCircleHeart}>
        <ul className="space-y-1">
          {rowsOf(sentimentTones).map(([value, tone]) => (
            <MetricRow
              key={value}
              to={link({ sentiment: value })}
              label={sentimentLabels[value]}
              value={sentiment[value]}
              tone={tone}
            />
          ))}
        </ul>
      </MetricCard>

      <MetricCard title="Alertas" icon={AlertTriangle}>
        <ul className="space-y-1">
          <MetricRow
            to={link({ csat_lt: '7' })}
            label="CSAT abaixo de 7"
            value={d.csat_below_7_count}
            tone="amber"
          />
          <MetricRow
            to={link({ requires_attention: true })}
            label="Sinais de alerta / requer atenção"
            value={d.requires_attention_count}
            tone="red"
          />
          <MetricRow
            to={link({ requires_escalation: true })}
            label="Escalonamento necessário"
            value={d.escalation_needed_count}
            tone="red"
          />
          <li className="flex items-baseline justify-between gap-3 px-2 py-1 text-sm text-slate-700">
            <span>Prazo de resposta estourado (SLA)</span>
            <span className="font-semibold tabular-nums text-slate-900">{formatTotal(d.sla_breaches)}</span>
          </li>
        </ul>
      </MetricCard>
    </div>
  );
}

function MetricCard({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-700">
        <Icon className="size-4 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

type Tone = keyof typeof tones;
const tones = {
  slate: 'bg-slate-400',
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  red: 'bg-red-600',
  amber: 'bg-amber-500',
} as const;

/** One figure: its label and number, a link to the tickets it counts. */
function MetricRow({
  to,
  label,
  value,
  tone = 'slate',
  muted = false,
}: {
  to: string;
  label: string;
  value: number;
  tone?: Tone;
  muted?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          'flex items-baseline justify-between gap-3 rounded-md px-2 py-1 text-sm hover:bg-slate-50 hover:underline',
          focusRing,
          muted ? 'text-slate-600' : 'text-slate-800',
        )}
      >
        <span className="flex items-center gap-2">
          <span className={cn('size-2 shrink-0 rounded-full', tones[tone])} aria-hidden="true" />
          {label}
        </span>
        <span className={cn('tabular-nums', muted ? 'font-medium' : 'text-lg font-semibold text-slate-900')}>
          {formatTotal(value)}
        </span>
      </Link>
    </li>
  );
}
