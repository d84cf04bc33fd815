import {
  type Dashboard,
  type DashboardQuery,
  dashboardMaxDays,
  defaultDashboardDays,
  sentiments,
} from '@atende/contracts';
import type { TenantScope } from '../../db/tenant.ts';
import { iso } from '../../lib/db-helpers.ts';
import { AppError } from '../../lib/errors.ts';
import { dateRange, saoPauloDayStart, saoPauloDays } from '../../lib/periods.ts';
import * as repo from './dashboard.repo.ts';

const topTermsLimit = 10;

/** The window's last instant: its end, or just before an exclusive one. */
const lastInstantOf = (to: repo.Window['to']) => new Date(to.at.getTime() - (to.exclusive ? 1 : 0));

const badWindow = (field: 'start_date' | 'end_date', message: string) =>
  new AppError('validation_error', message, [{ field: `querystring.${field}`, message }]);

/**
 * The window asked for: dates win over `days` (a missing start is `days` before the end's day, a
 * missing end is now); `days` alone is today and the days−1 São Paulo days before it, up to now.
 */
export function dashboardWindow(q: DashboardQuery, now: Date): repo.Window {
  const days = q.days ?? defaultDashboardDays;
  const range = dateRange(q.start_date, q.end_date);
  const to = range.to ?? { at: now, exclusive: false };
  const from = range.from ?? saoPauloDayStart(lastInstantOf(to), days - 1);
  if (from >= to.at) throw badWindow('start_date', 'A data inicial deve ser anterior à data final.');
  if (to.at.getTime() - from.getTime() > dashboardMaxDays * 24 * 60 * 60 * 1000) {
    throw badWindow('end_date', `O período pode ter no máximo ${dashboardMaxDays} dias.`);
  }
  return { from, to };
}

const average = (value: string | null) => (value === null ? null : Number(value));

export async function getDashboard(
  { tx }: TenantScope,
  q: DashboardQuery,
  now = new Date(),
): Promise<Dashboard> {
  const window = dashboardWindow(q, now);
  const lastInstant = lastInstantOf(window.to);
  const figures = await repo.ticketFigures(tx, window, {
    first: saoPauloDayStart(window.from),
    last: saoPauloDayStart(lastInstant),
  });
  const terms = await repo.topRedFlagTerms(tx, window, topTermsLimit);
  const breaches = await repo.slaBreachesPerDay(tx, window);
  const byDay = new Map(figures.filter((row) => row.day !== null).map((row) => [row.day, row]));
  const breachesByDay = new Map(breaches.map((row) => [row.day, row.count]));
  const whole = figures.find((row) => row.day === null);
  const sentimentsOf = (row: (typeof figures)[number] | undefined) =>
    Object.fromEntries(sentiments.map((s) => [s, row?.[s] ?? 0])) as Record<
      (typeof sentiments)[number],
      number
    >;
  return {
    last_updated: iso(now),
    window_start: iso(window.from),
    window_end: iso(window.to.at),
    total_tickets: whole?.total ?? 0,
    ticket_breakdown: {
      by_solved_status: {
        solved: whole?.solved ?? 0,
        in_progress: whole?.inProgress ?? 0,
        not_solved: whole?.notSolved ?? 0,
      },
      by_sentiment: sentimentsOf(whole),
    },
    csat_average_0_10: average(whole?.csatAverage ?? null),
    csat_below_7_count: whole?.csatBelow7 ?? 0,
    requires_attention_count: whole?.attention ?? 0,
    escalation_needed_count: whole?.escalation ?? 0,
    sla_breaches: breaches.reduce((sum, row) => sum + row.count, 0),
    top_red_flag_terms: terms,
    trend: saoPauloDays(window.from, lastInstant).map((date) => {
      const row = byDay.get(date);
      return {
        date,
        total_tickets: row?.total ?? 0,
        by_sentiment: sentimentsOf(row),
        csat_average_0_10: average(row?.csatAverage ?? null),
        sla_breaches: breachesByDay.get(date) ?? 0,
      };
    }),
  };
}
