import { foldText } from '@atende/analyzer';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** LIMIT/OFFSET of a page (page counts from 1). */
export const pageWindow = (page: number, perPage: number) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});

/** Folds the search words the same way the stored search_text was folded, and matches them all. */
export function matchesSearch(column: AnyColumn, search: string | undefined): SQL | undefined {
  const words = foldText(search ?? '')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return undefined;
  const escaped = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return sql.join(
    escaped.map((pattern) => sql`${column} like ${pattern}`),
    sql` and `,
  );
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
