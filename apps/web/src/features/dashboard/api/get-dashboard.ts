import type { Dashboard } from '@atende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId } from '../../../lib/id-token.ts';
import { type Period, periodToApiParams } from '../lib/period.ts';

export const dashboardKeys = {
  all: () => ['dashboard', currentTenantId()] as const,
  period: (period: Period) => [...dashboardKeys.all(), periodToApiParams(period)] as const,
};

/** `GET /api/v1/analytics/dashboard`: live figures, counted again on every call (refreshed each minute). */
export function useDashboard(period: Period) {
  return useQuery({
    queryKey: dashboardKeys.period(period),
    queryFn: ({ signal }) =>
      api.get<Dashboard>('/api/v1/analytics/dashboard', { params: periodToApiParams(period), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
