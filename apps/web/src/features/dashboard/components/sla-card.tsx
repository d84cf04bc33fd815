import type { SlaAnalytics } from '@atende/contracts';
import { RefreshCw, Timer } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
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
import { formatDay, formatTotal } from '../../../lib/format.ts';
import { useSlaAnalytics } from '../api/get-sla-analytics.ts';
import type { Period } from '../lib/period.ts';

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const dayMonth = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
});

/** '12 min', '1 h 05 min', '—' for business minutes. */
export function formatBusinessMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 1) return '< 1 min';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** 'desde 27/11' when the figures start inside the window (every wait became an episode then). */
export function sinceLabel(sla: Pick<SlaAnalytics, 'data_since' | 'window_start'>): string | null {
  return Date.parse(sla.data_since) > Date.parse(sla.window_start)
    ? `desde ${dayMonth.format(new Date(sla.data_since))}`
    : null;
}

const chartWidth = 300;
const chartHeight = 64;

/** The share met per day as a line (days without settled waits leave a gap; a lone day is a dot). */
function SlaTrendLine({ trend }: { trend: SlaAnalytics['trend'] }) {
  const pad = 4;
  const step = trend.length > 1 ? (chartWidth - 2 * pad) / (trend.length - 1) : 0;
  const segments: string[][] = [[]];
  trend.forEach((day, i) => {
    if (day.met_percent === null) {
      if ((segments.at(-1) ?? []).length > 0) segments.push([]);
      return;
    }
    const y = chartHeight - pad - ((chartHeight - 2 * pad) * day.met_percent) / 100;
    segments.at(-1)?.push(`${(pad + i * step).toFixed(1)},${y.toFixed(1)}`);
  });
  return (
    <svg
      viewBox={`0 0 ${chartWidth} ${chartHeight}`}
      preserveAspectRatio="none"
      className="h-16 w-full text-brand-700"
      aria-hidden="true"
    >
      <line
        x1="0"
        x2={chartWidth}
        y1={chartHeight - pad}
        y2={chartHeight - pad}
        className="stroke-slate-200"
        strokeWidth="1"
        vectorEffect="non-scaling-stroke"
      />
      {segments
        .filter((points) => points.length > 0)
        .map((points) => (
          // A zero-length line with round caps is a dot that the stretched viewBox does not squash.
          <polyline
            key={points[0]}
            points={(points.length === 1 ? [points[0], points[0]] : points).join(' ')}
            fill="none"
            stroke="currentColor"
            strokeWidth={points.length === 1 ? 6 : 2}
            strokeLinecap="round"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
    </svg>
  );
}

/**
 * 'SLA cumprido': the share of the window's waits answered within the limit (business time),
 * the breaches, the first-answer median and p90, and the share per day as a line.
 */
export function SlaCard({ period }: { period: Period }) {
  const query = useSlaAnalytics(period);
  const sla = query.data;
  return (
    <section
      aria-labelledby="sla-card-title"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="sla-card"
    >
      <h2 id="sla-card-title" className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-700">
        <Timer className="size-4 text-brand-700" aria-hidden="true" />
        SLA cumprido
      </h2>
      {sla ? (
        <SlaFigures sla={sla} />
      ) : query.isPending ? (
        <div role="status" aria-label="Carregando SLA…">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-amber-900">
          Não foi possível carregar o SLA.
          <Button
            variant="secondary"
            size="sm"
            pending={query.isFetching}
            pendingLabel="Tentando…"
            onClick={() => query.refetch()}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      )}
    </section>
  );
}

function SlaFigures({ sla }: { sla: SlaAnalytics }) {
  const since = sinceLabel(sla);
  const settled = sla.met + sla.breached;
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <div>
        <p className="text-4xl font-semibold tracking-tight text-slate-900" data-testid="sla-met-percent">
          {sla.met_percent === null ? '—' : `${percent.format(sla.met_percent)}%`}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {settled === 0
            ? 'Nenhuma espera concluída no período'
            : `${formatTotal(sla.met)} de ${formatTotal(settled)} esperas respondidas no prazo`}
          {since && <span className="ml-1 font-medium text-slate-700">({since})</span>}
        </p>
        <ul className="mt-3 space-y-1 text-sm">
          <li className="flex items-baseline justify-between gap-3 text-slate-700">
            <span className="flex items-center gap-2">
              <span className="size-2 shrink-0 rounded-full bg-red-600" aria-hidden="true" />
              Estouros
            </span>
            <span className="font-semibold tabular-nums text-slate-900" data-testid="sla-breaches">
              {formatTotal(sla.breached)}
            </span>
          </li>
          {sla.open > 0 && (
            <li className="flex items-baseline justify-between gap-3 text-slate-600">
              <span>Aguardando dentro do prazo</span>
              <span className="tabular-nums">{formatTotal(sla.open)}</span>
            </li>
          )}
        </ul>
      </div>
      <div className="min-w-0">
        <p className="text-sm text-slate-700">
          Primeira resposta: mediana{' '}
          <strong className="tabular-nums">{formatBusinessMinutes(sla.first_answer_median_minutes)}</strong> ·
          p90 <strong className="tabular-nums">{formatBusinessMinutes(sla.first_answer_p90_minutes)}</strong>
        </p>
        <p className="text-xs text-slate-600">
          Limite de {sla.limit_minutes} min
          {sla.business_hours ? ', contado em horário de atendimento' : ', contado 24 horas por dia'}.
        </p>
        <div className="mt-2">
          <SlaTrendLine trend={sla.trend} />
          <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
            <span>{sla.trend[0] && formatDay(sla.trend[0].date)}</span>
            <span>{sla.trend.at(-1) && formatDay(sla.trend.at(-1)?.date ?? '')}</span>
          </div>
        </div>
        <SlaTrendTable trend={sla.trend} />
      </div>
    </div>
  );
}

/** The line's figures as a table (the accessible alternative), folded under it. */
function SlaTrendTable({ trend }: { trend: SlaAnalytics['trend'] }) {
  const right = 'text-right tabular-nums';
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
        Ver dados em tabela
      </summary>
      <TableContainer label="SLA cumprido por dia" maxHeight="max-h-64" className="mt-2">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Dia</TableHeaderCell>
              <TableHeaderCell className="text-right">No prazo</TableHeaderCell>
              <TableHeaderCell className="text-right">Estouros</TableHeaderCell>
              <TableHeaderCell className="text-right">Cumprido</TableHeaderCell>
              <TableHeaderCell className="text-right">Mediana</TableHeaderCell>
              <TableHeaderCell className="text-right">p90</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {trend.map((day) => (
              <TableRow key={day.date}>
                <TableCell>{formatDay(day.date)}</TableCell>
                <TableCell className={right}>{formatTotal(day.met)}</TableCell>
                <TableCell className={right}>{formatTotal(day.breached)}</TableCell>
                <TableCell className={right}>
                  {day.met_percent === null ? '—' : `${percent.format(day.met_percent)}%`}
                </TableCell>
                <TableCell className={right}>
                  {formatBusinessMinutes(day.first_answer_median_minutes)}
                </TableCell>
                <TableCell className={right}>{formatBusinessMinutes(day.first_answer_p90_minutes)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </details>
  );
}
