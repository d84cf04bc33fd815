import { type DigisacImportStatus, type DigisacStatus, digisacIngestionMessages } from '@atende/contracts';
import { CircleAlert, History, RefreshCw, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { LoadError } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDigisacStatus } from '../../../lib/digisac-status.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/forms.ts';
import { useCancelDigisacImport } from '../api/cancel-digisac-import.ts';
import { digisacEventsPerPage, useFailedDigisacEvents } from '../api/get-digisac-events.ts';
import { useRetryDigisacEvent } from '../api/retry-digisac-event.ts';
import { useSetDigisacRealtime } from '../api/set-digisac-realtime.ts';
import { useStartDigisacImport } from '../api/start-digisac-import.ts';
import { timeAgo } from '../lib/time-ago.ts';

export const digisacStatusMessages = {
  loadFailedTitle: 'Não foi possível carregar o status do DigiSac.',
  realtimeOn: 'Tempo real ligado: as novas mensagens do DigiSac chegam ao Atende em segundos.',
  realtimeOff: 'Tempo real desligado.',
  realtimeFailed: 'Não foi possível alterar o tempo real. Tente novamente.',
  importStarted: 'Importação do histórico iniciada.',
  importCancelled: 'Importação cancelada.',
  importFailed: 'Não foi possível iniciar a importação. Tente novamente.',
  cancelFailed: 'Não foi possível cancelar a importação. Tente novamente.',
  retried: 'Evento enviado para processar de novo.',
  retryFailed: 'Não foi possível reprocessar o evento. Tente novamente.',
} as const;

const detailOf = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.error?.detail) || fallback;

/** A moment as 'há 2 min', its date and time on hover (and for screen readers through <time>). */
function Ago({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {timeAgo(value)}
    </time>
  );
}

function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 py-4 first:pt-0 last:pb-0">
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** 'Receber mensagens em tempo real': the webhook at DigiSac on or off, and its last event. */
function RealtimeSection({ status, readOnly }: { status: DigisacStatus; readOnly: boolean }) {
  const realtime = useSetDigisacRealtime();
  const { active, last_event_at, registered_at } = status.webhook;
  // Turning it off is always possible; turning it on only when nothing stands in the way.
  const blocked = !active && status.setup_problem !== null;
  const change = (on: boolean) =>
    realtime.mutate(on, {
      onSuccess: (state) =>
        toast.success(state.active ? digisacStatusMessages.realtimeOn : digisacStatusMessages.realtimeOff),
      onError: (error) => toast.error(detailOf(error, digisacStatusMessages.realtimeFailed)),
    });
  return (
    <Section
      id="digisac-realtime-title"
      title="Tempo real"
      icon={<Zap className="size-4 text-brand-700" aria-hidden="true" />}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Switch
          label="Receber mensagens em tempo real"
          checked={active}
          disabled={readOnly || realtime.isPending || blocked}
          onCheckedChange={change}
          aria-describedby="digisac-realtime-state"
        />
        {active ? <Badge tone="green">Ligado</Badge> : <Badge tone="gray">Desligado</Badge>}
      </div>
      <p id="digisac-realtime-state" className="text-sm text-slate-600" data-testid="digisac-last-event">
        {last_event_at ? (
          <>
            Último evento recebido <Ago value={last_event_at} />.
          </>
        ) : active ? (
          'Ligado: aguardando o primeiro evento do DigiSac.'
        ) : (
          'Desligado: as novas mensagens do DigiSac não chegam ao Atende (só o histórico importado).'
        )}
        {active && registered_at && <> Ligado desde {formatDateTime(registered_at)}.</>}
      </p>
      {status.setup_problem && (
        <Notice>
          {status.setup_problem}
          {status.setup_problem === digisacIngestionMessages.notConfiguredForRealtime && (
            <>
              {' '}
              <TextLink to="/settings">Ir para Conta</TextLink>
            </>
          )}
        </Notice>
      )}
    </Section>
  );
}

const countLabels = [
  ['received', 'Recebidos'],
  ['processed', 'Processados'],
  ['failed', 'Com falha'],
  ['ignored', 'Ignorados'],
] as const;

/** The last 24 hours' events by state, and the failed ones with 'Tentar novamente'. */
function EventsSection({ status, readOnly }: { status: DigisacStatus; readOnly: boolean }) {
  const [page, setPage] = useState(1);
  const failed = useFailedDigisacEvents(page);
  const retry = useRetryDigisacEvent();
  const [retrying, setRetrying] = useState<string | null>(null);
  const events = failed.data?.events ?? [];
  const total = failed.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / digisacEventsPerPage));
  // A retry (or an event processed meanwhile) may empty the page shown: go to the last one left.
  useEffect(() => {
    if (failed.data && page > lastPage) setPage(lastPage);
  }, [failed.data, page, lastPage]);

  function retryOne(id: string) {
    setRetrying(id);
    retry.mutate(id, {
      onSuccess: () => toast.success(digisacStatusMessages.retried),
      onError: (error) => toast.error(detailOf(error, digisacStatusMessages.retryFailed)),
      onSettled: () => setRetrying(null),
    });
  }

  return (
    <Section
      id="digisac-events-title"
      title="Eventos das últimas 24 horas"
      icon={<RefreshCw className="size-4 text-brand-700" aria-hidden="true" />}
    >
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {countLabels.map(([key, label]) => (
          <div key={key} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd
              className={cn(
                'text-lg font-semibold tabular-nums text-slate-900',
                key === 'failed' && status.events_24h.failed > 0 && 'text-red-700',
              )}
            >
              {status.events_24h[key].toLocaleString('pt-BR')}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="text-sm font-medium text-slate-900">Eventos com falha</h4>
        {failed.isPending ? (
          <Skeleton className="mt-2 h-12" />
        ) : failed.isError && !failed.data ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            Não foi possível carregar os eventos com falha.{' '}
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void failed.refetch()}>
              Tentar de novo
            </Button>
          </p>
        ) : events.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Nenhum evento com falha.</p>
        ) : (
          <ul
            className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200"
            aria-label="Eventos com falha"
          >
            {events.map((event) => (
              <li key={event.id} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2">
                <div className="min-w-0 flex-1 basis-56 text-sm">
                  <p className="font-medium text-slate-900">
                    <code className="break-all">{event.event}</code>
                  </p>
                  <p className="text-slate-600">
                    Recebido em {formatDateTime(event.received_at)} ·{' '}
                    {event.attempts === 1 ? '1 tentativa' : `${event.attempts} tentativas`}
                  </p>
                  <p className="break-words text-red-800">{event.error ?? 'Falha sem motivo registrado.'}</p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={readOnly}
                  pending={retrying === event.id}
                  pendingLabel="Enviando…"
                  aria-label={`Tentar novamente o evento ${event.event} recebido em ${formatDateTime(event.received_at)}`}
                  onClick={() => retryOne(event.id)}
                >
                  Tentar novamente
                </Button>
              </li>
            ))}
          </ul>
        )}
        {lastPage > 1 && (
          <nav
            aria-label="Páginas dos eventos com falha"
            className="mt-2 flex items-center justify-end gap-2 text-sm"
          >
            <span className="text-slate-600">
              Página {page} de {lastPage}
            </span>
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={page >= lastPage}
              onClick={() => setPage(page + 1)}
            >
              Próxima
            </Button>
          </nav>
        )}
      </div>
    </Section>
  );
}

const importDays = ['7', '30', '90'] as const;
const importFormSchema = z.object({ days: z.enum(importDays, { message: 'Escolha 7, 30 ou 90 dias.' }) });
type ImportFormValues = z.infer<typeof importFormSchema>;
const dayOptions = importDays.map((days) => ({ value: days, label: `Últimos ${days} dias` }));

const countsText = (run: DigisacImportStatus) =>
  `${run.tickets.toLocaleString('pt-BR')} ${run.tickets === 1 ? 'chamado' : 'chamados'}, ${run.messages.toLocaleString('pt-BR')} ${run.messages === 1 ? 'mensagem' : 'mensagens'}`;

/** The newest import's outcome, when none runs. */
function ImportOutcome({ run }: { run: DigisacImportStatus }) {
  const when = run.finished_at ?? run.started_at;
  const at = when ? (
    <>
      {' '}
      <Ago value={when} />
    </>
  ) : null;
  switch (run.state) {
    case 'done':
      return (
        <p className="text-sm text-slate-700">
          Última importação concluída{at}: {countsText(run)}.
        </p>
      );
    case 'cancelled':
      return (
        <p className="text-sm text-slate-700">
          Última importação cancelada{at}: {countsText(run)}.
        </p>
      );
    case 'failed':
      return (
        <Notice>
          A última importação falhou{at}: {run.error ?? 'motivo não informado'}.
        </Notice>
      );
    default:
      return null;
  }
}

/** 'Importar histórico' (7, 30 or 90 days): a progress bar, counts and 'Cancelar' while it runs. */
function ImportSection({
  status,
  readOnly,
  configured,
}: {
  status: DigisacStatus;
  readOnly: boolean;
  configured: boolean;
}) {
  const start = useStartDigisacImport();
  const cancel = useCancelDigisacImport();
  const form = useZodForm<ImportFormValues>(importFormSchema, { days: '7' });
  const run = status.import;
  const running = run?.state === 'running';
  const percent = running ? Math.round(run.progress * 100) : 0;

  const submit = ({ days }: ImportFormValues) =>
    start.mutate(Number(days), {
      onSuccess: () => toast.success(digisacStatusMessages.importStarted),
      onError: (error) => toast.error(detailOf(error, digisacStatusMessages.importFailed)),
    });

  return (
    <Section
      id="digisac-import-title"
      title="Importar histórico"
      icon={<History className="size-4 text-brand-700" aria-hidden="true" />}
    >
      <p className="text-sm text-slate-600">
        Traz os chamados do DigiSac atualizados no período, com seus contatos e mensagens. Mensagens com mais
        de 24 horas são analisadas, mas não geram notificações.
      </p>
      {running ? (
        <div className="space-y-2" data-testid="digisac-import-progress">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="font-medium text-slate-900">Importando… {percent} %</span>
            <span className="text-slate-600">{countsText(run)}</span>
          </div>
          <div
            role="progressbar"
            aria-label="Progresso da importação"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent} % — ${countsText(run)}`}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-700 transition-[width] motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <Button
            size="sm"
            variant="secondary"
            disabled={readOnly}
            pending={cancel.isPending}
            pendingLabel="Cancelando…"
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => toast.success(digisacStatusMessages.importCancelled),
                onError: (error) => toast.error(detailOf(error, digisacStatusMessages.cancelFailed)),
              })
            }
          >
            Cancelar
          </Button>
        </div>
      ) : (
        <>
          {run && <ImportOutcome run={run} />}
          <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-wrap items-end gap-3">
            <SelectField
              label="Período"
              options={dayOptions}
              className="w-48"
              disabled={readOnly || !configured}
              error={form.formState.errors.days?.message}
              {...form.register('days')}
            />
            <Button
              type="submit"
              disabled={readOnly || !configured}
              pending={start.isPending}
              pendingLabel="Iniciando…"
            >
              Importar histórico
            </Button>
          </form>
        </>
      )}
    </Section>
  );
}

/**
 * Configurações › DigiSac: whether DigiSac's messages flow in (real time, the last day's events,
 * the failed ones), the history import and the catch-up sync. Polled: every 2 s while an import
 * runs, else every 30 s, only while the page is visible.
 */
export function DigisacStatusCard({ readOnly, configured }: { readOnly: boolean; configured: boolean }) {
  const status = useDigisacStatus();
  return (
    <Card aria-labelledby="digisac-status-title">
      <CardHeader>
        <div>
          <CardTitle id="digisac-status-title">Conversas do DigiSac</CardTitle>
          <CardDescription>
            As conversas do DigiSac entram no Atende como chamados: analisadas, com alertas e SLA.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Carregando status do DigiSac…</span>
            <Skeleton className="h-16" />
            <Skeleton className="h-24" />
            <Skeleton className="h-16" />
          </div>
        ) : status.isError && !status.data ? (
          <LoadError
            title={digisacStatusMessages.loadFailedTitle}
            onRetry={() => void status.refetch()}
            retrying={status.isRefetching}
          />
        ) : (
          <div className="divide-y divide-slate-200">
            <RealtimeSection status={status.data} readOnly={readOnly} />
            <EventsSection status={status.data} readOnly={readOnly} />
            <ImportSection status={status.data} readOnly={readOnly} configured={configured} />
            <Section
              id="digisac-sync-title"
              title="Sincronização periódica"
              icon={<RefreshCw className="size-4 text-brand-700" aria-hidden="true" />}
            >
              <p className="text-sm text-slate-600" data-testid="digisac-last-sync">
                {status.data.last_sync_at ? (
                  <>
                    Última sincronização <Ago value={status.data.last_sync_at} />. Com o tempo real ligado,
                    ela recupera de tempos em tempos o que não chegou na hora.
                  </>
                ) : (
                  'Ainda não houve sincronização. Com o tempo real ligado, ela recupera de tempos em tempos o que não chegou na hora.'
                )}
              </p>
            </Section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
