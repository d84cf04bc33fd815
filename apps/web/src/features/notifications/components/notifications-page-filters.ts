import type { Notification, Priority } from '@atende/contracts';

/** Spec §9: the page loads 200 (PAGE_LIST_LIMIT) and shows 20 per page. */
export const NOTIFICATIONS_PER_PAGE = 20;

export const statusFilters = ['unread', 'read'] as const;
export type StatusFilter = (typeof statusFilters)[number];
export const priorityFilters = ['high', 'medium', 'low'] as const satisfies readonly Priority[];

/** The page's filters as the URL holds them ('' means all). */
export interface NotificationFilters {
  status: '' | StatusFilter;
  priority: '' | Priority;
}

export const noFilters: NotificationFilters = { status: '', priority: '' };

function oneOf<T extends string>(list: readonly T[], value: string | null): T | '' {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : '';
}

/** `?status=unread|read&priority=high|medium|low`; anything else means all. */
export function filtersFromSearchParams(params: URLSearchParams): NotificationFilters {
  return {
    status: oneOf(statusFilters, params.get('status')),
    priority: oneOf(priorityFilters, params.get('priority')),
  };
}

/** The page number in the query string (1 when absent or malformed). */
export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The query string for these filters (all left out), plus the page when past 1. */
export function filtersToSearchParams(filters: NotificationFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.priority) params.set('priority', filters.priority);
  if (page > 1) params.set('page', String(page));
  return params;
}

export const hasFilters = (filters: NotificationFilters) => Boolean(filters.status || filters.priority);

/** The loaded list (newest first, as the server sends it) narrowed to the filters. */
export function applyFilters(list: readonly Notification[], filters: NotificationFilters): Notification[] {
  return list.filter(
    (n) =>
      (filters.status === '' || n.read === (filters.status === 'read')) &&
      (filters.priority === '' || n.priority === filters.priority),
  );
}
