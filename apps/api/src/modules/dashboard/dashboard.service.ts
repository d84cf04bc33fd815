import {
  type Dashboard,
  type DashboardQuery,
  dashboardMaxDays,
  defaultDashboardDays,
  type SlaAnalytics,
  type SlaAnalyticsQuery,
  sentiments,
} from '@atende/contracts';
import type { TenantScope } from '../../db/tenant.ts';
import { businessMinutesCounter, toSchedule } from '../../lib/business-time.ts';
import { iso } from '../../lib/db-helpers.ts';
import { AppError } from '../../lib/errors.ts';
import { dateRange, saoPauloDay, saoPauloDayStart, saoPauloDays } from '../../lib/periods.ts';
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
  const dayStarts = { first: saoPauloDayStart(window.from), last: saoPauloDayStart(lastInstant) };
  const figures = await repo.ticketFigures(tx, window, dayStarts);
  const terms = await repo.topRedFlagTerms(tx, window, dayStarts, topTermsLimit);
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

/** The `q` quantile of sorted values, linearly interpolated (PostgreSQL's percentile_cont). */
function quantile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const lowValue = sorted[low] as number;
  const highValue = sorted[Math.min(low + 1, sorted.length - 1)] as number;
  return lowValue + (highValue - lowValue) * (at - low);
}

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

interface SlaTally {
  met: number;
  breached: number;
  open: number;
  answerMinutes: number[];
}

function slaFiguresOf(tally: SlaTally | undefined) {
  const met = tally?.met ?? 0;
  const breached = tally?.breached ?? 0;
  const minutes = [...(tally?.answerMinutes ?? [])].sort((a, b) => a - b);
  return {
    met,
    breached,
    met_percent: met + breached === 0 ? null : oneDecimal((100 * met) / (met + breached)),
    first_answer_median_minutes: oneDecimal(quantile(minutes, 0.5)),
    first_answer_p90_minutes: oneDecimal(quantile(minutes, 0.9)),
  };
}

/**
 * 'SLA cumprido': the episodes started in the window (since every wait became one), per São Paulo
 * day of their start. An episode is breached when the monitor saw it pass the limit or it was
 * answered after its deadline, met when answered by it; one still waiting within it is open (in
 * neither). First-answer times are in the tenant's business minutes (its hours as they are now).
 */
export async function getSlaAnalytics(
  { tenantId, tx }: TenantScope,
  q: SlaAnalyticsQuery,
  now = new Date(),
): Promise<SlaAnalytics> {
  const window = dashboardWindow(q, now);
  const lastInstant = lastInstantOf(window.to);
  const settings = await repo.slaSettings(tx, tenantId);
  const since = settings?.since ?? now;
  const schedule = toSchedule(settings?.hours ?? null);
  const episodes = await repo.slaEpisodesStarted(tx, tenantId, window, since);
  // Answers come after their start, most within days: the window and a month after it (up to now).
  const answeredBy = Math.min(now.getTime(), window.to.at.getTime() + 30 * 86_400_000);
  const minutesBetween = businessMinutesCounter(schedule, window.from.getTime(), answeredBy);
  const total: SlaTally = { met: 0, breached: 0, open: 0, answerMinutes: [] };
  const byDay = new Map<string, SlaTally>();
  for (const [startedAt, answeredAt, dueAt, breached] of episodes) {
    const date = saoPauloDay(new Date(startedAt));
    let day = byDay.get(date);
    if (!day) {
      day = { met: 0, breached: 0, open: 0, answerMinutes: [] };
      byDay.set(date, day);
    }
    const answeredLate = answeredAt !== null && dueAt !== null && answeredAt > dueAt;
    const outcome = breached || answeredLate ? 'breached' : answeredAt !== null ? 'met' : 'open';
    for (const tally of [day, total]) tally[outcome]++;
    if (answeredAt !== null) {
      const minutes = minutesBetween(startedAt, answeredAt);
      day.answerMinutes.push(minutes);
      total.answerMinutes.push(minutes);
    }
  }
  return {
    last_updated: iso(now),
    window_start: iso(window.from),
    window_end: iso(window.to.at),
    data_since: iso(since),
    limit_minutes: settings?.limitMinutes ?? 0,
    business_hours: schedule !== null,
    ...slaFiguresOf(total),
    open: total.open,
    trend: saoPauloDays(window.from, lastInstant).map((date) => ({ date, ...slaFiguresOf(byDay.get(date)) })),
  };
}
