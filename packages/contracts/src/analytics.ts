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
