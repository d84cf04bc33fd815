import { foldText } from '@atende/analyzer/text';
import { maxListRows } from '@atende/contracts';
import { type AnyColumn, and, type SQL, sql, type Table } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { Tx } from '../db/client.ts';

/** LIMIT/OFFSET of a page (page counts from 1). */
export const pageWindow = (page: number, perPage: number) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});

/**
 * An unfiltered list counts up to this many rows; beyond, it answers "more than" (an estimate).
 * The same number as the paging's reach (maxListRows), by definition: pages reach no further, so
 * a count beyond it would name pages nobody can open, at a scan's cost.
 */
export const exactCountCap = maxListRows;

/**
 * The total of a list, as a sub-select to put beside its page (one statement): exact whenever
 * `where` narrows the list; without it, counted up to exactCountCap + 1 (a large tenant's whole
 * table would cost a scan per page). `broad`: a condition nearly every row meets (messages' default
 * kind), which keeps the list "unfiltered" for the count (it is still applied to it). `totalOf`
 * reads it from the page's first row, or counts alone when the page has none (past the end), and
 * answers the list's total fields.
 */
export function countOrEstimate(
  tx: Tx,
  table: Table,
  where: SQL | undefined,
  searched?: WithSubquery,
  broad?: SQL,
) {
  const capped = where === undefined;
  const query = capped
    ? sql`(select count(*) from (select 1 from ${table} ${broad ? sql`where ${broad}` : sql``} limit ${exactCountCap + 1}) as capped)`
    : sql`(select count(*) from ${table} where ${and(where, broad)})`;
  const countAlone = async () => {
    const [row] = await (searched ? tx.with(searched) : tx)
      .select({ total: sql<number>`${query}` })
      .from(sql`(values (1)) as one (x)`);
    return Number(row?.total ?? 0);
  };
  return {
    sql: query,
    async totalOf(rows: { total: unknown }[], page: number): Promise<{ total: number; estimate: boolean }> {
      const [first] = rows;
      const total = first ? Number(first.total) : page === 1 ? 0 : await countAlone();
      return capped && total > exactCountCap
        ? { total: exactCountCap, estimate: true }
        : { total, estimate: false };
    },
  };
}

/** The LIKE patterns of a search: its folded words, each `%word%` with LIKE's wildcards literal. */
export function searchPatterns(search: string | undefined) {
  return foldText(search ?? '')
    .split(' ')
    .filter(Boolean)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * Folds the search words the way search_text columns were folded; every word must appear in
 * one of the columns (LIKE wildcards in the words are literal). For small tables (flagged terms);
 * the large ones go through searchedIds.
 */
export function matchesSearch(columns: AnyColumn | AnyColumn[], search: string | undefined): SQL | undefined {
  const patterns = searchPatterns(search);
  if (patterns.length === 0) return undefined;
  const list = Array.isArray(columns) ? columns : [columns];
  return sql.join(
    patterns.map(
      (pattern) =>
        sql`(${sql.join(
          list.map((column) => sql`${column} like ${pattern}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}

/**
 * Search over a large table's trigram-indexed search_text, as a CTE to join the list and its
 * count to: the ids of the tenant's rows containing every word, from app_search_ids (migration
 * 0011: under row-level security LIKE cannot use an index; the function checks the tenant itself).
 */
export function searchedIds(tx: Tx, table: 'tickets' | 'messages' | 'customers', search: string | undefined) {
  const patterns = searchPatterns(search);
  if (patterns.length === 0) return undefined;
  const list = sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  );
  return tx
    .$with('searched', { id: sql<string>`id` })
    .as(sql`select app_search_ids(${table}, array[${list}]::text[]) as id`);
}

/** The text that search matches: the parts, folded and joined. */
export const searchTextOf = (...parts: (string | null | undefined)[]) =>
  foldText(parts.filter(Boolean).join(' '));

/** Whether a database error is a unique violation (PostgreSQL 23505), through Drizzle's wrapping. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return !constraint || name === undefined || name === constraint;
  }
  return false;
}

export const iso = (date: Date) => date.toISOString();

/** Whether a value is a UUID (ids from tokens or headers, checked before they reach a query). */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
