import { z } from 'zod';
import { sentiments, solvedStatuses } from './analysis-labels.ts';
import { emptyToUndefined, queryDate, timestamp } from './common.ts';

/** The dashboard's periods in days; 30 when neither days nor dates are sent. */
export const dashboardDays = [7, 30, 90] as const;
export const defaultDashboardDays = 30;
/** The longest window dates may ask for. */
export const dashboardMaxDays = 366;

export const dashboardQuerySchema = z.object({
  /** Today and the N−1 São Paulo days before it, up to now. Ignored when a date is sent. */
  days: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Use 7, 30 ou 90.' })
      .refine((v) => (dashboardDays as readonly number[]).includes(v), 'Use 7, 30 ou 90.')
      .optional(),
  ),
  /** A day (its start in America/Sao_Paulo) or an ISO date-time, as the tickets list takes it. */
  start_date: queryDate,
  /** A day (inclusive: up to its end in America/Sao_Paulo) or an ISO date-time (inclusive). */
  end_date: queryDate,
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number().int().nonnegative();
const sentimentCounts = z.object(
  Object.fromEntries(sentiments.map((s) => [s, count])) as {
    [K in (typeof sentiments)[number]]: typeof count;
  },
);
const solvedStatusCounts = z.object(
  Object.fromEntries(solvedStatuses.map((s) => [s, count])) as {
    [K in (typeof solvedStatuses)[number]]: typeof count;
  },
);
/** The newest analyses' average predicted CSAT (0–10, one decimal), null without any analysis. */
const csatAverage = z.number().min(0).max(10).nullable();

export const dashboardSchema = z.object({
  /** When these figures were computed (they are live: every request counts again). */
  last_updated: timestamp,
  /** The window: tickets created from window_start … */
  window_start: timestamp,
  /** … up to window_end (inclusive for `days` and date-times; a day's end is the next midnight, exclusive). */
  window_end: timestamp,
  /** Every ticket created in the window, analysed or not. */
  total_tickets: count,
  /** By the newest analysis: tickets without one are in neither breakdown. */
  ticket_breakdown: z.object({ by_solved_status: solvedStatusCounts, by_sentiment: sentimentCounts }),
  csat_average_0_10: csatAverage,
  /** The tickets list's csat_lt=7. */
  csat_below_7_count: count,
  /** The tickets list's requires_attention=true (red flags or escalation). */
  requires_attention_count: count,
  /** The tickets list's requires_escalation=true. */
  escalation_needed_count: count,
  /** SLA breaches (waits past the tenant's limit) the monitor saw in the window, answered or not. */
  sla_breaches: count,
  /** The newest analyses' red-flag words (folded), most frequent first, at most 10. */
  top_red_flag_terms: z.array(z.object({ term: z.string(), count })),
  /** One entry per São Paulo day of the window, oldest first, days without tickets included. */
  trend: z.array(
    z.object({
      date: z.string().describe('YYYY-MM-DD (America/Sao_Paulo)'),
      total_tickets: count,
      by_sentiment: sentimentCounts,
      csat_average_0_10: csatAverage,
      sla_breaches: count,
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /analytics/sla takes the dashboard's window (days 7|30|90, or start_date/end_date). */
export const slaAnalyticsQuerySchema = dashboardQuerySchema;
export type SlaAnalyticsQuery = DashboardQuery;

/** Minutes, one decimal; null without any answered episode. */
const businessMinutes = z.number().nonnegative().nullable();
/** Share met, 0–100 with one decimal; null without any settled episode. */
const metPercent = z.number().min(0).max(100).nullable();

const slaFigures = {
  /** Episodes answered by their deadline. */
  met: count,
  /** Episodes the monitor saw pass the limit, or answered after their deadline. */
  breached: count,
  met_percent: metPercent,
  /** Median first-answer time of the answered episodes, in business minutes. */
  first_answer_median_minutes: businessMinutes,
  /** 90th percentile (linear interpolation) of the same. */
  first_answer_p90_minutes: businessMinutes,
};

export const slaAnalyticsSchema = z.object({
  last_updated: timestamp,
  window_start: timestamp,
  window_end: timestamp,
  /**
   * Every wait is an episode from this instant on (earlier, only breaches were recorded): the
   * figures count episodes started since. After window_start: the figures start within the window.
   */
  data_since: timestamp,
  /** The tenant's limit now (max_customer_wait_time_minutes), in business minutes. */
  limit_minutes: count,
  /** Whether business hours are set (otherwise every minute counts). */
  business_hours: z.boolean(),
  /** Episodes started in the window (and since data_since), by whether they were answered in time; open ones are in neither. */
  ...slaFigures,
  /** Episodes still waiting within their limit (in neither count). */
  open: count,
  /** One entry per São Paulo day of the window (the day each episode started), oldest first. */
  trend: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (America/Sao_Paulo)'), ...slaFigures })),
});
export type SlaAnalytics = z.infer<typeof slaAnalyticsSchema>;
