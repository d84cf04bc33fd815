import { lastReachablePage, maxListRows } from '@atende/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, type LucideIcon } from 'lucide-react';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { cn, focusRing } from '../ui/cn.ts';
import { EmptyState, LoadError, RetryNotice } from '../ui/empty-state.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { SelectField } from '../ui/select.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import type { ListSort } from './list-params.ts';
import type { Selection } from './use-list-state.ts';

export interface Column<Row> {
  id: string;
  /** The column's heading; on phones, the label before the value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server orders by this key: the heading becomes a button. */
  sortBy?: string;
  /** Classes of the column's cells (and heading). */
  className?: string;
  /** On phones: 'title' is the card's first line (no label); 'hide' leaves it out. */
  phone?: 'title' | 'hide';
}

/** What DataTable needs of a react-query result. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  failureCount: number;
  error: Error | null;
  refetch: () => unknown;
}

interface DataTableProps<Row> {
  /** Names the table ('Chamados'). */
  label: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  query: ListQuery;
  /** 'Não foi possível carregar os chamados.' — shown with a retry button, and while retrying. */
  errorTitle: string;
  /** Said above the skeleton rows while the first page loads ('Carregando...'). */
  loadingText?: string;
  empty: { title: string; description?: ReactNode; icon?: LucideIcon; action?: ReactNode };
  /** Row checkboxes, labelled by `rowLabel` ('Selecionar Pedido atrasado'). */
  selection?: { state: Selection; rowLabel: (row: Row) => string };
  sort?: { value: ListSort; onChange: (sort: ListSort) => void };
  /** The row's buttons: the last column, and a row of their own on phones. */
  actions?: (row: Row) => ReactNode;
  /** A full-width line under the row (an opened detail); null or undefined: none. */
  expanded?: (row: Row) => ReactNode;
  onRowClick?: (row: Row) => void;
  rowClassName?: (row: Row) => string | false | undefined;
  pagination?: {
    page: number;
    total: number;
    totalIsEstimate?: boolean;
    perPage: number;
    onPageChange: (page: number) => void;
    label: string;
  };
}

/**
 * The list scaffold every list screen uses: a table whose heading sticks under the app header
 * while the page scrolls, with loading skeleton, empty and error states, row selection, server
 * sorting and pagination. Below 640 px each row is a card of label–value lines whose actions
 * stay visible (no sideways scrolling); the page checkbox and the orders move above the cards.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  query,
  errorTitle,
  loadingText,
  empty,
  selection,
  sort,
  actions,
  expanded,
  onRowClick,
  rowClassName,
  pagination,
}: DataTableProps<Row>) {
  const list = rows ?? [];
  const loading = query.isPending && !rows;
  const failed = query.isError && list.length === 0;
  const stale = query.isPlaceholderData === true;
  const columnCount = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);
  const pageIds = list.map(rowKey);

  /** The page's checkbox: in the heading row, or labelled above the cards on phones. */
  const pageCheckbox = (labelled: boolean) =>
    selection && (
      <Checkbox
        {...(labelled
          ? { label: 'Selecionar todos desta página' }
          : { 'aria-label': 'Selecionar todos desta página' })}
        checked={selection.state.stateOf(pageIds)}
        disabled={pageIds.length === 0}
        onCheckedChange={(checked) => selection.state.setAll(pageIds, checked === true)}
      />
    );
  const sortable = sort ? columns.filter((column) => column.sortBy) : [];

  function clickRow(event: MouseEvent<HTMLTableRowElement>, row: Row) {
    // Buttons, links and checkboxes in the row do their own thing.
    if (event.target instanceof Element && event.target.closest('button, a, input, label, [role="checkbox"]'))
      return;
    onRowClick?.(row);
  }

  return (
    <div aria-busy={query.isFetching || undefined}>
      {loading && query.failureCount > 0 && <RetryNotice title={errorTitle} />}

      {(selection || sortable.length > 0) && list.length > 0 && (
        // Phones have no heading row: its page checkbox and its orders are here instead.
        <div className="flex flex-col gap-2 border-b border-slate-200 px-4 py-2 sm:hidden">
          {pageCheckbox(true)}
          {sort && sortable.length > 0 && (
            <SelectField
              label="Ordenar por"
              hideLabel
              value={`${sort.value.by}:${sort.value.order}`}
              onChange={(event) => {
                const [by, order] = event.target.value.split(':');
                sort.onChange({ by: by ?? '', order: order === 'asc' ? 'asc' : 'desc' });
              }}
              options={sortable.flatMap((column) => [
                { value: `${column.sortBy}:desc`, label: `Ordenar: ${column.header}, decrescente` },
                { value: `${column.sortBy}:asc`, label: `Ordenar: ${column.header}, crescente` },
              ])}
            />
          )}
        </div>
      )}
      <table
        aria-label={label}
        className={cn(
          'w-full border-collapse text-left text-sm transition-opacity max-sm:block',
          stale && 'opacity-60',
        )}
      >
        <thead className="sticky top-14 z-10 bg-slate-50 shadow-[0_1px_0] shadow-slate-200 max-sm:hidden">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-3 py-2 pl-4">
                {pageCheckbox(false)}
              </th>
            )}
            {columns.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} />
            ))}
            {actions && (
              <th scope="col" className={cn(headerCell, 'pr-4 text-right')}>
                Ações
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-sm:block">
          {loading && loadingText && (
            <tr className="max-sm:block">
              <td colSpan={columnCount} className="px-4 pt-3 text-sm text-slate-600 max-sm:block">
                <span role="status">{loadingText}</span>
              </td>
            </tr>
          )}
          {loading
            ? Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                <tr key={i} className="max-sm:block">
                  <td colSpan={columnCount} className="px-4 py-2 max-sm:block">
                    <Skeleton className="h-8 w-full" />
                  </td>
                </tr>
              ))
            : list.map((row) => {
                const id = rowKey(row);
                const detail = expanded?.(row);
                return (
                  <Fragment key={id}>
                    <tr
                      onClick={onRowClick ? (event) => clickRow(event, row) : undefined}
                      className={cn(
                        'hover:bg-slate-50 max-sm:relative max-sm:block max-sm:px-4 max-sm:py-3',
                        onRowClick && 'cursor-pointer',
                        selection?.state.has(id) && 'bg-brand-50/60',
                        rowClassName?.(row),
                      )}
                    >
                      {selection && (
                        <td className="w-10 px-3 py-2.5 pl-4 align-top max-sm:absolute max-sm:top-3.5 max-sm:right-4 max-sm:p-0">
                          <Checkbox
                            aria-label={selection.rowLabel(row)}
                            checked={selection.state.has(id)}
                            onCheckedChange={(checked) => selection.state.toggle(id, checked === true)}
                          />
                        </td>
                      )}
                      {columns.map((column) => (
                        <td
                          key={column.id}
                          data-label={column.phone === 'title' ? undefined : column.header}
                          className={cn(
                            'px-3 py-2.5 align-top text-slate-800 sm:first:pl-4 max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-0.5',
                            column.phone === 'title'
                              ? 'max-sm:pr-8 max-sm:pb-1.5'
                              : 'max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]',
                            column.phone === 'hide' && 'max-sm:hidden',
                            column.className,
                          )}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                      {actions && (
                        <td className="px-3 py-2 pr-4 align-top max-sm:block max-sm:px-0 max-sm:pt-2 max-sm:pb-0">
                          <div className="flex justify-end gap-1 max-sm:justify-start">{actions(row)}</div>
                        </td>
                      )}
                    </tr>
                    {detail != null && (
                      <tr className="max-sm:block">
                        <td colSpan={columnCount} className="p-0 max-sm:block">
                          {detail}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
        </tbody>
      </table>
      {failed ? (
        <LoadError
          title={errorTitle}
          description={
            query.error instanceof ApiError ? query.error.message : 'Verifique sua conexão e tente de novo.'
          }
          // A page beyond the API's reach (an old link, a typed address): asking again cannot
          // help, the last reachable page can.
          {...(pagination && pageBeyondReach(query.error)
            ? {
                onRetry: () => pagination.onPageChange(lastReachablePage(pagination.perPage)),
                retryLabel: `Ir para a página ${lastReachablePage(pagination.perPage).toLocaleString('pt-BR')}`,
              }
            : { onRetry: () => void query.refetch() })}
          retrying={query.isFetching}
        />
      ) : (
        !loading && list.length === 0 && <EmptyState {...empty} />
      )}
      {pagination && pagination.total > 0 && list.length > 0 && (
        <Pagination
          className="border-t border-slate-200 px-4 py-3"
          label={pagination.label}
          page={pagination.page}
          total={pagination.total}
          totalIsEstimate={pagination.totalIsEstimate}
          perPage={pagination.perPage}
          maxRows={maxListRows}
          onPageChange={pagination.onPageChange}
        />
      )}
    </div>
  );
}

/** The API's 400 for a page beyond the first maxListRows rows of a list. */
const pageBeyondReach = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  (error.error?.fields ?? []).some((f) => f.field === 'querystring.page');

const headerCell =
  'whitespace-nowrap px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 first:pl-4';

/** A heading; with `sortBy`, a button that orders by it: descending first, then flips. */
function HeaderCell<Row>({ column, sort }: { column: Column<Row>; sort: DataTableProps<Row>['sort'] }) {
  if (!column.sortBy || !sort) {
    return (
      <th scope="col" className={cn(headerCell, column.className)}>
        {column.header}
      </th>
    );
  }
  const active = sort.value.by === column.sortBy;
  const descending = sort.value.order === 'desc';
  const Icon = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      className={cn(headerCell, column.className)}
      aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
    >
      <button
        type="button"
        className={cn('inline-flex items-center gap-1 rounded uppercase hover:text-slate-900', focusRing)}
        onClick={() =>
          sort.onChange({ by: column.sortBy as string, order: active && descending ? 'asc' : 'desc' })
        }
      >
        {column.header}
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">
          {active ? (descending ? ', decrescente' : ', crescente') : ', ordenar'}
        </span>
      </button>
    </th>
  );
}
