import type { DigisacStatus } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { currentTenantId } from './id-token.ts';

// The DigiSac ingestion's status is read by three features (Configurações › DigiSac, and the
// dashboard's and tickets list's first-run hint): one query and key for all.

export const digisacStatusKey = (tenantId: string) => ['digisac', tenantId, 'status'] as const;

/** Configurações › DigiSac's queries: the status (above) and the inbox's failed events, every page. */
export const digisacKeys = {
  status: () => digisacStatusKey(currentTenantId()),
  events: () => ['digisac', currentTenantId(), 'events'] as const,
};

/** While an import runs its bar moves: read every 2 s then, else every 30 s (only while visible). */
export const digisacStatusPollMs = { importing: 2_000, idle: 30_000 } as const;

/** `GET /api/v1/tenants/settings/digisac/status`. */
export function getDigisacStatus(signal?: AbortSignal): Promise<DigisacStatus> {
  return api.get<DigisacStatus>('/api/v1/tenants/settings/digisac/status', { signal });
}

export function digisacStatusQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: digisacStatusKey(tenantId),
    queryFn: ({ signal }) => getDigisacStatus(signal),
    // TanStack Query polls only while the page is visible (refetchIntervalInBackground is off).
    refetchInterval: (query) =>
      query.state.data?.import?.state === 'running'
        ? digisacStatusPollMs.importing
        : digisacStatusPollMs.idle,
  });
}

/**
 * The status, polled (`poll: false`: read once a screen opens, e.g. for the first-run hint);
 * `enabled: false` where DigiSac is not configured (nothing to show).
 */
export function useDigisacStatus({
  enabled = true,
  poll = true,
}: {
  enabled?: boolean;
  poll?: boolean;
} = {}) {
  const tenantId = currentTenantId();
  return useQuery({
    ...digisacStatusQueryOptions(tenantId),
    enabled: enabled && tenantId !== '',
    ...(poll ? {} : { refetchInterval: false as const }),
  });
}

/**
 * A tenant that brought nothing in from DigiSac yet: real time off and no event ever received
 * through it, no history import ever started (the first-run hint on the dashboard and the
 * tickets list, shown where DigiSac is configured).
 */
export function isDigisacFirstRun(status: DigisacStatus | undefined): boolean {
  return Boolean(
    status && !status.webhook.active && status.webhook.last_event_at === null && status.import === null,
  );
}
