import type { SlaAnalytics } from '@atende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Period, periodToApiParams } from '../lib/period.ts';
import { dashboardKeys } from './get-dashboard.ts';

export const slaAnalyticsKeys = {
  /** Under the dashboard's key; saving business hours drops these (['dashboard', tenant, 'sla']). */
  all: () => [...dashboardKeys.all(), 'sla'] as const,
  period: (period: Period) => [...slaAnalyticsKeys.all(), periodToApiParams(period)] as const,
};

/**
 * `GET /api/v1/analytics/sla`: 'SLA cumprido' for the dashboard's window — episodes met and
 * breached per day, first-answer median and p90 in business minutes (refreshed each minute).
 */
export function useSlaAnalytics(period: Period) {
  return useQuery({
    queryKey: slaAnalyticsKeys.period(period),
    queryFn: ({ signal }) =>
      api.get<SlaAnalytics>('/api/v1/analytics/sla', { params: periodToApiParams(period), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
