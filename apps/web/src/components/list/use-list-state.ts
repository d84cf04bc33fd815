import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  activeCount,
  emptyValues,
  type ListSchema,
  type ListSort,
  type ListValues,
  readListParams,
  type SortSpec,
  writeListParams,
} from './list-params.ts';

export interface ListState<S extends ListSchema, By extends string = string> {
  values: ListValues<S>;
  page: number;
  sort: ListSort<By> | undefined;
  /** How many filters are set (the search included). */
  active: number;
  /** Changes some filters and goes back to page 1. */
  setValues(changes: Partial<ListValues<S>>): void;
  /** Sets every filter (the others empty) and goes back to page 1. */
  replaceValues(values: Partial<ListValues<S>>): void;
  clear(): void;
  setPage(page: number, options?: { replace?: boolean }): void;
  setSort(sort: ListSort<By>): void;
  /** The query string of this list as it is now (for the detail screen's way back). */
  search: string;
  selection: Selection;
}

/** The rows chosen for a bulk action; kept across pages, emptied when the filters change. */
export interface Selection {
  ids: ReadonlySet<string>;
  size: number;
  has(id: string): boolean;
  toggle(id: string, on: boolean): void;
  /** Selects or unselects every id given (a page's header checkbox). */
  setAll(ids: readonly string[], on: boolean): void;
  /** A page checkbox's state for these ids: all, some ('indeterminate') or none selected. */
  stateOf(ids: readonly string[]): boolean | 'indeterminate';
  clear(): void;
}

/**
 * A list screen's search, filters, page and order, mirrored in the URL (see list-params.ts),
 * and its selection. Pair with `useStepBackFromEmptyPage` so deleting a page's last row shows
 * the page before.
 */
export function useListState<S extends ListSchema, By extends string = never>(
  schema: S,
  sortSpec?: SortSpec<By>,
): ListState<S, By> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { values, page, sort } = useMemo(
    () => readListParams(schema, searchParams, sortSpec),
    [schema, searchParams, sortSpec],
  );
  const go = useCallback(
    (next: { values: Partial<ListValues<S>>; page?: number; sort?: ListSort<By> }, replace = false) =>
      setSearchParams(writeListParams(schema, next, sortSpec), { replace }),
    [schema, sortSpec, setSearchParams],
  );
  const selection = useSelection(writeListParams(schema, { values, sort }, sortSpec).toString());

  return {
    values,
    page,
    sort,
    active: activeCount(schema, values),
    setValues: (changes) => go({ values: { ...values, ...changes }, sort }),
    replaceValues: (next) => go({ values: { ...emptyValues(schema), ...next }, sort }),
    clear: () => go({ values: emptyValues(schema), sort }),
    setPage: (next, options) => go({ values, sort, page: next }, options?.replace),
    setSort: (next) => go({ values, sort: next }),
    search: searchParams.toString() ? `?${searchParams.toString()}` : '',
    selection,
  };
}

function useSelection(filtersKey: string): Selection {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  // Other filters, other rows: what was chosen under the old ones is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters change
  useEffect(() => setIds(new Set()), [filtersKey]);
  const change = (list: readonly string[], on: boolean) =>
    setIds((current) => {
      const next = new Set(current);
      for (const id of list) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return {
    ids,
    size: ids.size,
    has: (id) => ids.has(id),
    toggle: (id, on) => change([id], on),
    setAll: change,
    stateOf: (list) => {
      const selected = list.filter((id) => ids.has(id)).length;
      return selected > 0 && selected === list.length ? true : selected > 0 ? 'indeterminate' : false;
    },
    clear: () => setIds(new Set()),
  };
}

/**
 * A page that came back empty past page 1 (its last row was deleted, or an old link) is
 * replaced in place (no new history entry) by the list's last page when the answer says how many
 * rows there are (`total`, `perPage`), else by the page before.
 */
export function useStepBackFromEmptyPage(
  list: Pick<ListState<ListSchema>, 'page' | 'setPage'>,
  result: { rows: number | undefined; settled: boolean; total?: number; perPage?: number },
) {
  const { page, setPage } = list;
  const { rows, settled, total, perPage } = result;
  useEffect(() => {
    if (!settled || rows !== 0 || page <= 1) return;
    const last = total !== undefined && perPage ? Math.max(1, Math.ceil(total / perPage)) : page - 1;
    setPage(Math.min(page - 1, last), { replace: true });
  }, [settled, rows, page, total, perPage, setPage]);
}
