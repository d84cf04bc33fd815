import { foldText } from '@atende/analyzer';
import { type AnyColumn, type SQL, sql, type Table } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** LIMIT/OFFSET of a page (page counts from 1). */
export const pageWindow = (page: number, perPage: number) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});

/** An unfiltered list counts up to this many rows; beyond, it answers "more than" (an estimate). */
export const exactCountCap = 10_000;

/**
 * The total of a list, as a sub-select to put beside its page (one statement): exact whenever
 * `where` narrows the list; without it, counted up to exactCountCap + 1 (a large tenant's whole
 * table would cost a scan per page). `run` counts alone (a page past the end has no row to carry
 * it); `result` answers the list's total fields.
 */
export function countOrEstimate(tx: Tx, table: Table, where: SQL | undefined) {
  const capped = where === undefined;
  const query = capped
    ? sql`(select count(*) from (select 1 from ${table} limit ${exactCountCap + 1}) as capped)`
    : sql`(select count(*) from ${table} where ${where})`;
  return {
    sql: query,
    async run() {
      const result = (await tx.execute(sql`select ${query} as total`)) as { rows: { total: unknown }[] };
      return Number(result.rows[0]?.total ?? 0);
    },
    result(total: number): { total: number; estimate: boolean } {
      return capped && total > exactCountCap
        ? { total: exactCountCap, estimate: true }
        : { total, estimate: false };
    },
  };
}

/**
 * Folds the search words the way search_text columns were folded; every word must appear in
 * one of the columns (LIKE wildcards in the words are literal).
 */
export function matchesSearch(columns: AnyColumn | AnyColumn[], search: string | undefined): SQL | undefined {
  const words = foldText(search ?? '')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return undefined;
  const list = Array.isArray(columns) ? columns : [columns];
  return sql.join(
    words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`(${sql.join(
        list.map((column) => sql`${column} like ${pattern}`),
        sql` or `,
      )})`;
    }),
    sql` and `,
  );
}

/** Folds like foldText, in SQL, for values stored unfolded (accents of Portuguese and Spanish). */
export const foldSql = (value: SQL | AnyColumn) =>
  sql`translate(lower(${value}), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')`;

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
