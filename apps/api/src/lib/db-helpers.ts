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

export type SearchTable = 'tickets' | 'messages' | 'customers';

/**
 * How a search is served: its LIKE patterns, rarest first (the order they are best rechecked in),
 * and those the trigram index pre-filters with (app_search_plan, migration 0026: words with a
 * trigram found in at most 1 % of a sample of the table). `indexed` empty: every word is in nearly
 * every row or has no trigram ('77', 'de'), and the list is read newest first (walkedSearch).
 */
export interface SearchPlan {
  patterns: string[];
  indexed: string[];
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * What app_search_plan answered for a word of a table, kept a minute: the sample reads ~2,000 rows
 * of every tenant (1–2 ms), and a word's share of the table moves slowly. Shared by the tenants:
 * it says only whether a word is rare in the whole table.
 */
const wordPlans = new Map<string, { indexed: boolean; share: number; until: number }>();
const wordPlanMs = 60_000;
const wordPlanMax = 2_000;

/** The plan of a search (one round trip unless every word's plan is kept), or undefined without words. */
export async function planSearch(
  tx: Tx,
  table: SearchTable,
  search: string | undefined,
): Promise<SearchPlan | undefined> {
  const patterns = searchPatterns(search);
  if (patterns.length === 0) return undefined;
  const now = Date.now();
  const keyOf = (pattern: string) => `${table}\u0000${pattern}`;
  const missing = patterns.filter((p) => (wordPlans.get(keyOf(p))?.until ?? 0) <= now);
  if (missing.length > 0) {
    const result = await tx.execute(
      sql`select pattern, indexed, share from app_search_plan(${table}, ${textArray(missing)})`,
    );
    const rows = (result as unknown as { rows: { pattern: string; indexed: boolean; share: number }[] }).rows;
    for (const row of rows) {
      if (wordPlans.size >= wordPlanMax) wordPlans.delete(wordPlans.keys().next().value as string);
      wordPlans.set(keyOf(row.pattern), {
        indexed: row.indexed,
        share: Number(row.share),
        until: now + wordPlanMs,
      });
    }
  }
  const planned = patterns.map((pattern, index) => ({ pattern, index, ...wordPlans.get(keyOf(pattern)) }));
  planned.sort((a, b) => (a.share ?? 0) - (b.share ?? 0) || a.index - b.index);
  return {
    patterns: planned.map((p) => p.pattern),
    indexed: planned.filter((p) => p.indexed).map((p) => p.pattern),
  };
}

/**
 * Search over a large table's trigram-indexed search_text, as a CTE to join the list and its
 * count to: the ids of the tenant's rows containing every word, from app_search_ids (migrations
 * 0011 and 0026: under row-level security LIKE cannot use an index; the function checks the tenant
 * itself). `indexed`: the patterns the index pre-filters with (the others are rechecked); all of
 * them when not given (the export, which reads every match anyway).
 */
export function searchedIds(
  tx: Tx,
  table: SearchTable,
  search: string | undefined | SearchPlan,
  indexed?: string[],
) {
  const patterns = typeof search === 'object' ? search.patterns : searchPatterns(search);
  if (patterns.length === 0) return undefined;
  return tx
    .$with('searched', { id: sql<string>`id` })
    .as(
      sql`select app_search_ids(${table}, ${textArray(patterns)}${indexed?.length ? sql`, ${textArray(indexed)}` : sql``}) as id`,
    );
}

/**
 * How many rows of a list a search that no index narrows reads at most, newest first (in the list's
 * order): as many as the unfiltered count reads. Its pages come from them; its total is exact when
 * the filters leave no more rows, else a lower bound (`estimate`) counted in the newest
 * walkedCountRows.
 */
export const walkedRows = exactCountCap + 1;
export const walkedCountRows = 2_000;

/**
 * A search read along the list's own order (its index) with every word rechecked on each row,
 * stopping as soon as the page is full: words in nearly every row cost a few rows read, not their
 * posting lists. `where`: the list's other filters; `order`: its ORDER BY (the index it reads);
 * `narrow`: a further condition on the matches. `page` is the condition that picks the page's rows
 * (the outer query then takes `limit` rows with no offset); `sql` is the count, read through
 * totalOf.
 */
export function walkedSearch(
  tx: Tx,
  table: Table,
  columns: { id: AnyColumn; searchText: AnyColumn },
  patterns: string[],
  where: SQL | undefined,
  order: SQL[],
  narrow?: SQL,
) {
  const matches = and(...patterns.map((p) => sql`${columns.searchText} like ${p}`), narrow) as SQL;
  const orderBy = sql.join(order, sql`, `);
  // The subquery, aliased as the table, lets the same column references serve inside and out; its
  // ORDER BY and LIMIT keep PostgreSQL from flattening it (it would sort every match instead).
  const newest = (rows: number) =>
    sql`(select * from ${table} ${where ? sql`where ${where}` : sql``} order by ${orderBy} limit ${rows}) as ${table}`;
  // One number: the matches when the filters leave at most walkedRows rows (an index-only count
  // says so), else -1 - the matches among the newest walkedCountRows (a lower bound: reading
  // 10,002 rows for it cost 4 ms quiet, 12 ms at load 16). CASE runs only the branch it needs.
  const count = sql`(select case
    when (select count(*) from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${walkedRows + 1}) as listed) > ${walkedRows}
    then -1 - (select count(*) from ${newest(walkedCountRows)} where ${matches})
    else (select count(*) from ${newest(walkedRows)} where ${matches}) end)`;
  return {
    page: (limit: number, offset: number) =>
      sql`${columns.id} in (select ${columns.id} from ${newest(walkedRows)} where ${matches} order by ${orderBy} limit ${limit} offset ${offset})`,
    sql: count,
    /** `offset`: the page's; a lower bound is at least the rows up to the page's last, if it has rows. */
    async totalOf(rows: { total: unknown }[], offset: number): Promise<{ total: number; estimate: boolean }> {
      const [first] = rows;
      let value = first ? Number(first.total) : undefined;
      if (value === undefined) {
        const [row] = await tx.select({ total: sql<number>`${count}` }).from(sql`(values (1)) as one (x)`);
        value = Number(row?.total ?? 0);
      }
      return value >= 0
        ? { total: value, estimate: false }
        : {
            // A page with rows proves the matches before it; an empty one proves nothing.
            total: Math.min(Math.max(-1 - value, rows.length > 0 ? offset + rows.length : 0), exactCountCap),
            estimate: true,
          };
    },
  };
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
