import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatTotal } from '../../lib/format.ts';
import { cn, focusRing } from './cn.ts';

/**
 * Page numbers to show: first, last, current ±1, with 'gap' where pages are skipped.
 *
 * With `maxButtons` (3 or more) never more numbers than that: all pages when they fit, else the
 * first, the last and a window of `maxButtons - 2` around the current page (the notifications
 * page's "up to 5 page buttons"), with 'gap' between numbers that are not neighbours.
 */
export function pageItems(page: number, pageCount: number, maxButtons?: number): Array<number | 'gap'> {
  if (maxButtons !== undefined && maxButtons >= 3) return windowItems(page, pageCount, maxButtons);
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  for (const p of pages) {
    const last = items.at(-1);
    if (typeof last === 'number' && p - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) items.push('gap');
    items.push(p);
  }
  return items;
}

function windowItems(page: number, pageCount: number, maxButtons: number): Array<number | 'gap'> {
  if (pageCount <= maxButtons) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const size = maxButtons - 2;
  const current = Math.min(Math.max(page, 1), pageCount);
  const start = Math.min(Math.max(current - Math.floor((size - 1) / 2), 2), pageCount - size);
  const pages = [1, ...Array.from({ length: size }, (_, i) => start + i), pageCount];
  const items: Array<number | 'gap'> = [];
  for (const p of pages) {
    const last = items.at(-1);
    if (typeof last === 'number' && p - last > 1) items.push('gap');
    items.push(p);
  }
  return items;
}

/**
 * How many pages the buttons offer, and whether rows lie beyond them. Offset paging reaches only
 * the first `maxRows` rows of a list (the API's 10,000: a deeper page is a 400), so the last
 * page's button and 'Próxima' stop at the last page within them — never before the page shown —
 * and `beyondReach` says more rows need narrower filters (an estimated total means more exist).
 */
export function pagingReach({
  page,
  total,
  totalIsEstimate = false,
  perPage,
  maxRows,
}: {
  page: number;
  total: number;
  totalIsEstimate?: boolean;
  perPage: number;
  maxRows?: number;
}): { pageCount: number; beyondReach: boolean } {
  const pageCount = Math.max(1, Math.ceil(total / perPage), totalIsEstimate ? page + 1 : 0);
  if (maxRows === undefined) return { pageCount, beyondReach: false };
  const lastReachable = Math.max(1, Math.floor(maxRows / perPage));
  return {
    pageCount: Math.min(pageCount, Math.max(lastReachable, page)),
    beyondReach: total > lastReachable * perPage || (totalIsEstimate && total >= lastReachable * perPage),
  };
}

interface PaginationProps {
  /** 1-based. */
  page: number;
  total: number;
  /** The server counted only `total` of more rows (a large unfiltered list): 'mais de', and 'Próxima' stays on. */
  totalIsEstimate?: boolean;
  perPage: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark (several lists can be on one page). */
  label?: string;
  /** At most this many numbered buttons (3 or more); without it first, last and current ±1. */
  maxPageButtons?: number;
  /** Offset paging reaches only the first this many rows (see pagingReach); none: every page. */
  maxRows?: number;
  className?: string;
}

const pageButton =
  'inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium disabled:cursor-not-allowed disabled:text-slate-400';

/** 'Anterior', numbered pages, 'Próxima', and which rows are shown ('1–20 de 57'). */
export function Pagination({
  page,
  total,
  totalIsEstimate = false,
  perPage,
  onPageChange,
  label = 'Paginação',
  maxPageButtons,
  maxRows,
  className = '',
}: PaginationProps) {
  const { pageCount, beyondReach } = pagingReach({ page, total, totalIsEstimate, perPage, maxRows });
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = totalIsEstimate ? page * perPage : Math.min(total, page * perPage);
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm', className)}
    >
      <p className="text-slate-600">
        {first}–{last} de {formatTotal(total, totalIsEstimate)}
        {beyondReach && maxRows !== undefined && (
          <span className="block text-xs">
            As páginas mostram até os primeiros {formatTotal(maxRows)} resultados. Refine os filtros para ver
            mais resultados.
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={cn(pageButton, focusRing, 'text-slate-700 hover:bg-slate-100')}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Anterior
        </button>
        {pageItems(page, pageCount, maxPageButtons).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <span key={`gap-${index}`} className="px-1 text-slate-500" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              aria-label={`Página ${item}`}
              aria-current={item === page ? 'page' : undefined}
              className={cn(
                pageButton,
                focusRing,
                item === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
              onClick={() => onPageChange(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className={cn(pageButton, focusRing, 'text-slate-700 hover:bg-slate-100')}
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          Próxima
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
