import { type AnyColumn, and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  businessHours,
  slaEpisodes,
  tenants,
  ticketDays,
  ticketDayTerms,
  tickets,
} from '../../db/schema/index.ts';
import { saoPauloDay as saoPauloDate } from '../../lib/periods.ts';

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
const summed = (column: string) => sql<number>`coalesce(sum(${sql.identifier(column)}), 0)::int`;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The window's São Paulo days (`dayStarts`: the first and the last midnight; a day is 24 hours,
 * no daylight saving there): the run of days it holds whole, read from their roll-ups
 * (ticket_days/ticket_day_terms of migration 0025, kept at each commit), and the first or last day
 * it cuts (at most two), read from tickets. `cut` is the `days` CTE of those: their bounds as
 * plain values in a MATERIALIZED CTE, so the tickets side compares created_at with plain values —
 * under row-level security PostgreSQL uses an index only for conditions without non-LEAKPROOF
 * functions, and `timestamptz + interval` is one (inlined, it left the day's end in a filter and
 * each day read the rest of the window: 560 ms instead of ~15 ms). Listed as VALUES, so the
 * planner knows how few they are (a generate_series of a year's days joined to tickets was
 * estimated at 500 × 1,000 rows, and its JIT compilation alone took ~115 ms).
 */
function partsOf(w: Window, dayStarts: { first: Date; last: Date }) {
  const end = w.to.at.getTime();
  // An inclusive end is `< end + 1 µs` (timestamptz's resolution).
  const endSql = w.to.exclusive
    ? sql`${w.to.at}::timestamptz`
    : sql`${w.to.at}::timestamptz + interval '1 microsecond'`;
  let firstWhole: string | undefined;
  let lastWhole: string | undefined;
  const cuts: SQL[] = [];
  for (let start = dayStarts.first.getTime(); start <= dayStarts.last.getTime(); start += dayMs) {
    const day = saoPauloDate(new Date(start));
    // Whole: the window starts by the day's midnight and reaches the next one (an inclusive end at
    // that midnight holds the day too; the instant itself is the next day's).
    if (start >= w.from.getTime() && start + dayMs <= end) {
      firstWhole ??= day;
      lastWhole = day;
      continue;
    }
    const lower = new Date(Math.max(start, w.from.getTime()));
    const upper = start + dayMs <= end ? sql`${new Date(start + dayMs)}::timestamptz` : endSql;
    cuts.push(sql`(${day}::text, ${lower}::timestamptz, ${upper})`);
  }
  const cut = sql`days as materialized (${
    cuts.length > 0
      ? sql`select * from (values ${sql.join(cuts, sql`, `)}) as d (day, lower, upper)`
      : sql`select null::text as day, null::timestamptz as lower, null::timestamptz as upper where false`
  })`;
  const whole =
    firstWhole === undefined || lastWhole === undefined ? undefined : { from: firstWhole, to: lastWhole };
  return { whole, cut };
}

/**
 * The window's figures per São Paulo day and for the whole window (grouping sets: `day` is null on
 * the total row). A whole day is its roll-up row (ticket_days: a year is ≤ 366 rows of one range
 * read instead of ~100,000 index entries); a cut day its own index-only range read of
 * tickets_tenant_created_idx (which carries every column read here). Each condition is the
 * tickets list's filter of the same name (tickets.repo); the roll-up counts them alike (migration
 * 0025). CSAT is summed as numeric (the stored scores' exact decimals) and averaged and rounded
 * (half up) only at the end.
 */
export function ticketFigures(tx: Tx, w: Window, dayStarts: { first: Date; last: Date }) {
  const { whole, cut } = partsOf(w, dayStarts);
  const perDay = sql`(
    with ${cut}
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
    ${
      whole
        ? sql`union all
    select to_char(r.day, 'YYYY-MM-DD'), r.total, r.solved, r.in_progress, r.not_solved, r.positive,
      r.negative, r.neutral, r.mixed, r.csat_sum, r.csat_count, r.csat_below_7, r.attention, r.escalation
    from ${ticketDays} r where r.day >= ${whole.from}::date and r.day <= ${whole.to}::date`
        : sql``
    }
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
 * per word (the words are distinct per ticket), as the list's red_flag_term filter counts it. Whole
 * days from their roll-up (ticket_day_terms); a cut day through the partial index of tickets that
 * need attention (every one with a red flag is one).
 */
export function topRedFlagTerms(tx: Tx, w: Window, dayStarts: { first: Date; last: Date }, limit: number) {
  const { whole, cut } = partsOf(w, dayStarts);
  const counted = sql`(
    with ${cut}
    select term, count(*)::int as tickets
    from days join ${tickets} on ${tickets.createdAt} >= days.lower and ${tickets.createdAt} < days.upper
      cross join lateral unnest(${tickets.redFlagTerms}) as term
    where ${tickets.requiresAttention} and term <> ''
    group by term
    ${
      whole
        ? sql`union all
    select r.term, r.tickets from ${ticketDayTerms} r
    where r.day >= ${whole.from}::date and r.day <= ${whole.to}::date`
        : sql``
    }
  ) as counted`;
  const term = sql<string>`term`;
  return tx
    .select({ term, count: sql<number>`sum(tickets)::int` })
    .from(counted)
    .groupBy(term)
    .having(sql`sum(tickets) > 0`)
    .orderBy(sql`sum(tickets) desc`, term)
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
