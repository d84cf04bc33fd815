import { type DigisacTicket, digisacPageSizes } from '@atende/contracts';
import {
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  CircleAlert,
  MessagesSquare,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
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
import { TextLink } from '../../../components/ui/text-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatDuration, formatTotal, NO_DATE } from '../../../lib/format.ts';
import { useDigisacTickets } from '../api/get-digisac-tickets.ts';

export const digisacTabMessages = {
  empty: 'Nenhum chamado no DigiSac.',
  loadFailed: 'Não foi possível carregar os chamados do DigiSac.',
  loading: 'Carregando chamados do DigiSac…',
} as const;

export type DigisacPageSize = (typeof digisacPageSizes)[number];

const orDash = (text: string | null) => text || NO_DATE;
const dateOrDash = (value: string | null) => (value ? formatDateTime(value) : NO_DATE);

const columns: Array<{ header: string; cell: (ticket: DigisacTicket) => ReactNode; className?: string }> = [
  {
    header: 'Protocolo',
    cell: (t) => orDash(t.protocol),
    className: 'whitespace-nowrap font-medium tabular-nums',
  },
  {
    header: 'Contato',
    cell: (t) => (
      <>
        <span className="block">{orDash(t.contact_name)}</span>
        {t.contact_number && (
          <span className="block whitespace-nowrap text-xs text-slate-600 tabular-nums">
            {t.contact_number}
          </span>
        )}
      </>
    ),
    className: 'min-w-36',
  },
  {
    header: 'Situação',
    cell: (t) => (t.is_open ? <Badge tone="green">Aberto</Badge> : <Badge tone="gray">Fechado</Badge>),
    className: 'whitespace-nowrap',
  },
  { header: 'Departamento', cell: (t) => orDash(t.department) },
  { header: 'Atendente', cell: (t) => orDash(t.agent) },
  // Dates may break after the comma (date, then time) so the nine columns fit a laptop's width.
  { header: 'Início', cell: (t) => dateOrDash(t.started_at), className: 'tabular-nums' },
  { header: 'Atualizado', cell: (t) => dateOrDash(t.updated_at), className: 'tabular-nums' },
  { header: 'Encerrado', cell: (t) => dateOrDash(t.ended_at), className: 'tabular-nums' },
  { header: 'Espera', cell: (t) => formatDuration(t.waiting_time_seconds), className: 'whitespace-nowrap' },
];

interface DigisacTicketsTabProps {
  page: number;
  perPage: DigisacPageSize;
  onPageChange: (page: number) => void;
  /** A new page size starts again at page 1 (the caller's job). */
  onPerPageChange: (perPage: DigisacPageSize) => void;
}

/**
 * The tickets screen's DigiSac tab: the tenant's DigiSac tickets, read-only, newest first, a
 * page at a time through our server. The table scrolls inside its card on narrow screens.
 */
export function DigisacTicketsTab({ page, perPage, onPageChange, onPerPageChange }: DigisacTicketsTabProps) {
  const query = useDigisacTickets(page, perPage);
  const { data } = query;
  const lastPage = Math.max(1, data?.last_page ?? 1);

  // A page past the end (the account lost tickets meanwhile): its last page instead.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > 1 && data.tickets.length === 0 && data.last_page < page) {
      onPageChange(Math.max(1, data.last_page));
    }
  }, [data, query.isPlaceholderData, page, onPageChange]);

  if (query.isError && !data) {
    return (
      <Card>
        <DigisacError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </Card>
    );
  }

  const loading = query.isPending && !data;
  const tickets = data?.tickets ?? [];
  return (
    <Card aria-busy={query.isFetching || undefined}>
      <TableContainer label="Chamados do DigiSac" maxHeight="max-h-[70vh]" className="rounded-t-lg">
        <Table
          aria-label="Chamados do DigiSac"
          className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}
        >
          <TableHead>
            <tr>
              {columns.map((column) => (
                <TableHeaderCell key={column.header} className="first:pl-4">
                  {column.header}
                </TableHeaderCell>
              ))}
            </tr>
          </TableHead>
          <TableBody>
            {loading
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <tr key={i}>
                    <td colSpan={columns.length} className="px-4 py-2">
                      <Skeleton className="h-8 w-full" />
                    </td>
                  </tr>
                ))
              : tickets.map((ticket) => (
                  <TableRow key={ticket.id}>
                    {columns.map((column) => (
                      <TableCell key={column.header} className={cn('first:pl-4', column.className)}>
                        {column.cell(ticket)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {loading && (
        <p role="status" className="sr-only">
          {digisacTabMessages.loading}
        </p>
      )}
      {!loading && tickets.length === 0 && (
        <EmptyState
          icon={MessagesSquare}
          title={digisacTabMessages.empty}
          description="Os chamados abertos no DigiSac aparecem aqui, do mais novo ao mais antigo."
        />
      )}
      <Pager
        page={page}
        lastPage={lastPage}
        total={data?.total}
        perPage={perPage}
        disabled={loading}
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
      />
    </Card>
  );
}

const pagerButton = 'h-9 gap-1 px-2.5';

function Pager({
  page,
  lastPage,
  total,
  perPage,
  disabled,
  onPageChange,
  onPerPageChange,
}: {
  page: number;
  lastPage: number;
  total: number | undefined;
  perPage: DigisacPageSize;
  disabled: boolean;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: DigisacPageSize) => void;
}) {
  const atStart = disabled || page <= 1;
  const atEnd = disabled || page >= lastPage;
  return (
    <nav
      aria-label="Paginação dos chamados do DigiSac"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-t border-slate-200 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-slate-700" aria-live="polite">
          Página {page} de {lastPage}
          {total !== undefined && <span className="text-slate-600"> · {formatTotal(total)} chamados</span>}
        </p>
        <SelectField
          label="Por página"
          className="flex items-center gap-2 [&>label]:mb-0"
          value={String(perPage)}
          onChange={(event) => onPerPageChange(Number(event.target.value) as DigisacPageSize)}
          options={digisacPageSizes.map((size) => ({ value: String(size), label: String(size) }))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          className={pagerButton}
          aria-label="Primeira página"
          disabled={atStart}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft className="size-4" aria-hidden="true" />
          <span className="max-sm:hidden">Primeira</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={pagerButton}
          aria-label="Página anterior"
          disabled={atStart}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="max-sm:hidden">Anterior</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={pagerButton}
          aria-label="Próxima página"
          disabled={atEnd}
          onClick={() => onPageChange(page + 1)}
        >
          <span className="max-sm:hidden">Próxima</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={pagerButton}
          aria-label="Última página"
          disabled={atEnd}
          onClick={() => onPageChange(lastPage)}
        >
          <span className="max-sm:hidden">Última</span>
          <ChevronsRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/**
 * What went wrong, in the API's own pt-BR words (bad token, DigiSac slow or unreachable, not
 * configured — with the way to Settings), and 'Tentar novamente'.
 */
function DigisacError({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  const apiError = error instanceof ApiError ? error : null;
  const detail =
    apiError?.error?.detail ?? (apiError?.status === 0 ? apiError.message : digisacTabMessages.loadFailed);
  const notConfigured = apiError?.status === 409;
  return (
    <div role="alert" className="m-4 rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
      <div className="flex gap-2">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-3">
          <p className="text-sm font-medium">{detail}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" pending={retrying} onClick={onRetry}>
              Tentar novamente
            </Button>
            {notConfigured && <TextLink to="/settings">Abrir Configurações</TextLink>}
          </div>
        </div>
      </div>
    </div>
  );
}
