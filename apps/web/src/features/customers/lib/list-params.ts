/** The customers list as the URL holds it: `?q=…&page=N` (back/forward and links restore it). */
export interface CustomersListParams {
  q: string;
  page: number;
}

/** Reads search and page from the query string; a missing or malformed page is 1. */
export function listParamsFromSearchParams(params: URLSearchParams): CustomersListParams {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string for a search and page: an empty search and page 1 are left out. */
export function listParamsToSearchParams({ q, page }: CustomersListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  return params;
}
