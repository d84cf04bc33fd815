import type { Dashboard } from '@atende/contracts';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { DigisacFirstRunHint } from '../../../components/digisac-first-run-hint.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { type Period, periodFromSearchParams, periodToSearchParams, windowParams } from '../lib/period.ts';
import { MetricCards } from './metric-cards.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { SlaCard } from './sla-card.tsx';
import { TopTerms } from './top-terms.tsx';
import { TrendTable } from './trend-table.tsx';

const TrendChart = lazy(() => import('./trend-chart.tsx'));

/** /dashboard: the window's figures, each linking to the tickets it counts. */
export function DashboardScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = periodFromSearchParams(searchParams);
  const query = useDashboard(period);
  const data = query.data;
  const window = data ? windowParams(period, data) : undefined;

  const choose = (next: Period) => setSearchParams(periodToSearchParams(next));

  return (
    <>
      <PageHeader
        title="Painel"
        description="Bom dia!"
        actions={
          window && (
            // The tickets created in the window, as the tickets list's export gives them.
            <DownloadButton
              path="/api/v1/tickets/export.csv"
              params={window}
              fallbackName="chamados.csv"
              failure="Não foi possível exportar os chamados do período."
            >
              Exportar CSV
            </DownloadButton>
          )
        }
      />
      <DigisacFirstRunHint />
      <PeriodPicker period={period} onChange={choose} />

      <div className="mb-4 flex min-h-6 flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        {data?.last_updated && <span>Última atualização: {formatDateTime(data.last_updated)}</span>}
        {data && <WindowLabel dashboard={data} />}
        {query.isFetching && !query.isPending && <span aria-live="polite">Atualizando…</span>}
      </div>

      {query.isError && (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <span className="flex items-center gap-2">
            <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
            Erro ao carregar dados do dashboard.
          </span>
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

      {data && window ? (
        <>
          <MetricCards dashboard={data} window={window} />
          <div className="mt-4">
            <SlaCard period={period} />
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-3">
            <section
              aria-labelledby="trend-title"
              className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5 lg:col-span-2"
            >
              <h2 id="trend-title" className="text-base font-semibold text-slate-900">
                Chamados por dia
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                Por sentimento da análise mais recente, e o CSAT médio do dia.
              </p>
              <div className="mt-3 min-h-[300px]">
                <Suspense fallback={<Skeleton className="h-[260px] w-full" />}>
                  <TrendChart trend={data.trend} />
                </Suspense>
              </div>
              <TrendTable trend={data.trend} />
            </section>
            <TopTerms terms={data.top_red_flag_terms} window={window} />
          </div>
        </>
      ) : (
        query.isPending && <DashboardSkeleton />
      )}
    </>
  );
}

function WindowLabel({ dashboard }: { dashboard: Dashboard }) {
  const last = dashboard.trend.at(-1)?.date;
  const first = dashboard.trend[0]?.date;
  if (!first || !last) return null;
  return (
    <span>
      Período: {formatDay(first)} a {formatDay(last)}
    </span>
  );
}

function DashboardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Carregando métricas…"
      className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4"
    >
      {[1, 2, 3, 4].map((n) => (
        <Skeleton key={n} className="h-44 w-full" />
      ))}
    </div>
  );
}
