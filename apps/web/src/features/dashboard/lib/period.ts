import type { Dashboard, dashboardDays } from '@atende/contracts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { type TicketFilters, ticketsHref } from '../../../lib/ticket-list-url.ts';

/** The period buttons (the API's `days`); 30 when the URL says nothing. */
export const periodDays = [7, 30, 90] as const satisfies typeof dashboardDays;
export type PeriodDays = (typeof periodDays)[number];
const defaultDays: PeriodDays = 30;

/** The dashboard's period as the URL holds it: dates (YYYY-MM-DD) win over days. */
export interface Period {
  days: PeriodDays;
  start_date: string;
  end_date: string;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const cleanDay = (value: string | null) => (value && dayPattern.test(value) ? value : '');

export function periodFromSearchParams(params: URLSearchParams): Period {
  const days = Number(params.get('days'));
  return {
    days: (periodDays as readonly number[]).includes(days) ? (days as PeriodDays) : defaultDays,
    start_date: cleanDay(params.get('start_date')),
    end_date: cleanDay(params.get('end_date')),
  };
}

export const hasDates = (period: Period) => period.start_date !== '' || period.end_date !== '';

/** The page's query string: the dates when set, else the days unless they are the default. */
export function periodToSearchParams(period: Period): URLSearchParams {
  const params = new URLSearchParams();
  if (hasDates(period)) {
    if (period.start_date) params.set('start_date', period.start_date);
    if (period.end_date) params.set('end_date', period.end_date);
  } else if (period.days !== defaultDays) params.set('days', String(period.days));
  return params;
}

/** `GET /api/v1/analytics/dashboard`: the dates when set, else the days (never both: dates win). */
export function periodToApiParams(period: Period): QueryParams {
  return hasDates(period)
    ? { start_date: period.start_date || undefined, end_date: period.end_date || undefined }
    : { days: period.days };
}

/**
 * The window of the figures, as the tickets list's start_date/end_date: the days typed when the
 * period is dates (a day's end is its midnight, as on the dashboard), else the exact instants the
 * server counted (both inclusive), so the list counts the very same tickets.
 */
export const windowParams = (period: Period, dashboard: Pick<Dashboard, 'window_start' | 'window_end'>) => ({
  start_date: period.start_date || dashboard.window_start,
  end_date: period.end_date || dashboard.window_end,
});

/** The window as the tickets list's filters (`windowParams`). */
export type TicketsWindow = Pick<TicketFilters, 'start_date' | 'end_date'>;

/**
 * A link to the tickets list for a slice of the window, on its first page: a link never names a
 * page (offset paging reaches only a list's first 10,000 rows; a deeper page would be a 400), the
 * list's own pager stays within them. `ticketsHref` writes only the list's filters.
 */
export function ticketsLink(window: TicketsWindow, slice: Partial<TicketFilters> = {}): string {
  return ticketsHref({ ...window, ...slice });
}
