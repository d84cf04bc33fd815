import { type AnyColumn, and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { businessHours, slaEpisodes, tenants, tickets } from '../../db/schema/index.ts';

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
const saoPauloDay = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;

const countWhere = (condition: SQL) => sql`(count(*) filter (where ${condition}))::int`;
const summed = (column: string) => sql<number>`sum(${sql.identifier(column)})::int`;

/**
 * The window's figures per São Paulo day and for the whole window (grouping sets: `day` is null on
 * the total row). Each day is its own index-only range read of tickets_tenant_created_idx (which
 * carries every column read here), so no row pays a time-zone conversion nor a sort: ~3× faster
 * than grouping the window's rows by their day. Each condition is the tickets list's filter of the
 * same name (tickets.repo); CSAT is summed as numeric (the stored scores' exact decimals) and
 * averaged and rounded (half up) only at the end. `dayStarts`: the first and the last São Paulo
 * midnight of the window (no daylight saving there: a day is 24 hours).
 *
 * The day's bounds are computed in a MATERIALIZED CTE, so the tickets side compares created_at
 * with plain values: under row-level security PostgreSQL uses an index only for conditions
 * without non-LEAKPROOF functions, and `timestamptz + interval` is one (inlined, it left the day's
 * end in a filter and each day read the rest of the window: 560 ms instead of ~15 ms).
 */
export function ticketFigures(tx: Tx, w: Window, dayStarts: { first: Date; last: Date }) {
  // An inclusive end is `< end + 1 µs` (timestamptz's resolution).
  const end = w.to.exclusive
    ? sql`${w.to.at}::timestamptz`
    : sql`${w.to.at}::timestamptz + interval '1 microsecond'`;
  const perDay = sql`(
    with days as materialized (
      select ${saoPauloDay(sql`start`)} as day,
        greatest(start, ${w.from}::timestamptz) as lower,
        least(start + interval '24 hours', ${end}) as upper
      from generate_series(${dayStarts.first}::timestamptz, ${dayStarts.last}::timestamptz, interval '24 hours') as start
    )
    select days.day, figures.*
    from days cross join lateral (
      select
        count(*)::int as total,
        ${countWhere(sql`${tickets.solvedStatus} = 'solved'`)} as solved,
        ${countWhere(sql`${tickets.solvedStatus} = 'in_progress'`)} as in_progress,
        ${countWhere(sql`${tickets.solvedStatus} = 'not_solved'`)} as not_solved,
        ${countWhere(sql`${tickets.sentiment} = 'positive'`)} as positive,
        ${countWhere(sql`${tickets.sentiment} = 'negative'`)} as negative,
        ${countWhere(sql`${tickets.sentiment} = 'neutral'`)} as neutral,
        ${countWhere(sql`${tickets.sentiment} = 'mixed'`)} as mixed,
        sum(${tickets.csatScore}::numeric) as csat_sum,
        count(${tickets.csatScore})::int as csat_count,
        ${countWhere(sql`${tickets.csatScore} < 7`)} as csat_below_7,
        ${countWhere(sql`${tickets.requiresAttention}`)} as attention,
        ${countWhere(sql`${tickets.requiresEscalation}`)} as escalation
      from ${tickets}
      where ${tickets.createdAt} >= days.lower and ${tickets.createdAt} < days.upper
    ) as figures
  ) as per_day`;
  const day = sql<string | null>`day`;
  return tx
    .select({
      day,
      total: summed('total'),
      solved: summed('solved'),
      inProgress: summed('in_progress'),
      notSolved: summed('not_solved'),
      positive: summed('positive'),
      negative: summed('negative'),
      neutral: summed('neutral'),
      mixed: summed('mixed'),
      csatAverage: sql<string | null>`round(sum(csat_sum) / nullif(sum(csat_count), 0), 1)`,
      csatBelow7: summed('csat_below_7'),
      attention: summed('attention'),
      escalation: summed('escalation'),
    })
    .from(perDay)
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

/** The tenant's SLA settings the report reads: its limit, since when episodes are whole, its hours. */
export async function slaSettings(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({
      limitMinutes: tenants.maxCustomerWaitTimeMinutes,
      since: tenants.slaEpisodesSince,
      hours: businessHours,
    })
    .from(tenants)
    .leftJoin(businessHours, eq(businessHours.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  return row;
}

/** An episode as `slaEpisodesStarted` answers it: [started, answered, due, breached], instants in epoch ms. */
export type StartedEpisode = [
  startedAt: number,
  answeredAt: number | null,
  dueAt: number | null,
  breached: boolean,
];

/**
 * The episodes that started in the window, from `since` on (a range read of
 * sla_episodes_tenant_started_idx; for a window holding most of the tenant's episodes PostgreSQL
 * may rather take all of the tenant's from an index and filter): when each started, was answered,
 * was due ('infinity': null) and whether the monitor saw it breach. One JSON array in one row: a
 * year of a large tenant's episodes as rows cost more to transfer and map than to count.
 */
export async function slaEpisodesStarted(tx: Tx, tenantId: string, w: Window, since: Date) {
  const [row] = await slaEpisodesStartedQuery(tx, tenantId, w, since);
  return row?.episodes ?? [];
}

/** The statement of `slaEpisodesStarted` (its plan is tested). */
export function slaEpisodesStartedQuery(tx: Tx, tenantId: string, w: Window, since: Date) {
  const from = since > w.from ? since : w.from;
  const epochMs = (column: AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  return tx
    .select({
      episodes: sql<StartedEpisode[]>`coalesce(json_agg(json_build_array(
        ${epochMs(slaEpisodes.startedAt)}, ${epochMs(slaEpisodes.answeredAt)},
        case when ${slaEpisodes.dueAt} = 'infinity' then null else ${epochMs(slaEpisodes.dueAt)} end,
        ${slaEpisodes.breachedAt} is not null)), '[]'::json)`,
    })
    .from(slaEpisodes)
    .where(
      and(
        eq(slaEpisodes.tenantId, tenantId),
        gte(slaEpisodes.startedAt, from),
        w.to.exclusive ? lt(slaEpisodes.startedAt, w.to.at) : lte(slaEpisodes.startedAt, w.to.at),
      ),
    );
}
