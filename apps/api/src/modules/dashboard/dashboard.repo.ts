import { type AnyColumn, and, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { slaEpisodes, tickets } from '../../db/schema/index.ts';

/** Tickets created from `from` up to `to` (exclusive or inclusive, as the tickets list says it). */
export interface Window {
  from: Date;
  to: { at: Date; exclusive: boolean };
}

const within = (
  column: typeof tickets.createdAt | typeof slaEpisodes.breachedAt,
  w: Window,
): SQL | undefined => and(gte(column, w.from), w.to.exclusive ? lt(column, w.to.at) : lte(column, w.to.at));

/** The São Paulo day a timestamp falls on, as YYYY-MM-DD. */
const saoPauloDay = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The window's figures per São Paulo day and for the whole window (grouping sets: `day` is null on
 * the total row), in one index-only pass over tickets_tenant_created_idx, which carries every
 * column read here. Each condition is the tickets list's filter of the same name (tickets.repo).
 */
export function ticketFigures(tx: Tx, w: Window) {
  const day = saoPauloDay(tickets.createdAt);
  return tx
    .select({
      day: sql<string | null>`${day}`,
      total: sql<number>`count(*)::int`,
      solved: countWhere(sql`${tickets.solvedStatus} = 'solved'`),
      inProgress: countWhere(sql`${tickets.solvedStatus} = 'in_progress'`),
      notSolved: countWhere(sql`${tickets.solvedStatus} = 'not_solved'`),
      positive: countWhere(sql`${tickets.sentiment} = 'positive'`),
      negative: countWhere(sql`${tickets.sentiment} = 'negative'`),
      neutral: countWhere(sql`${tickets.sentiment} = 'neutral'`),
      mixed: countWhere(sql`${tickets.sentiment} = 'mixed'`),
      // Averaged as numeric (exact decimal sums of the stored one-decimal scores), rounded half up.
      csatAverage: sql<string | null>`round(avg(${tickets.csatScore}::numeric), 1)`,
      csatBelow7: countWhere(sql`${tickets.csatScore} < 7`),
      attention: countWhere(sql`${tickets.requiresAttention}`),
      escalation: countWhere(sql`${tickets.requiresEscalation}`),
    })
    .from(tickets)
    .where(within(tickets.createdAt, w))
    .groupBy(sql`grouping sets ((${day}), ())`);
}

/**
 * The newest analyses' red-flag words in the window, most frequent first: each ticket counts once
 * per word (the words are distinct per ticket), as the list's red_flag_term filter counts it. Read
 * through the partial index of tickets that need attention (every one with a red flag is one).
 */
export function topRedFlagTerms(tx: Tx, w: Window, limit: number) {
  const term = sql<string>`term`;
  return tx
    .select({ term, count: sql<number>`count(*)::int` })
    .from(sql`${tickets} cross join lateral unnest(${tickets.redFlagTerms}) as term`)
    .where(and(sql`${tickets.requiresAttention}`, within(tickets.createdAt, w)))
    .groupBy(term)
    .orderBy(sql`count(*) desc`, term)
    .limit(limit);
}

/** SLA breaches the monitor saw in the window, per São Paulo day. */
export function slaBreachesPerDay(tx: Tx, w: Window) {
  const day = saoPauloDay(slaEpisodes.breachedAt);
  return tx
    .select({ day, count: sql<number>`count(*)::int` })
    .from(slaEpisodes)
    .where(within(slaEpisodes.breachedAt, w))
    .groupBy(day);
}
