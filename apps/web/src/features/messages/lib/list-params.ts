import type { QueryParams } from '../../../lib/api-client.ts';

/** The messages list as the URL holds it: search, filters and page (shareable, back/forward). */
export interface MessageListParams {
  q: string;
  direction: '' | 'inbound' | 'outbound';
  flagged: boolean;
  ticket_id: string;
  page: number;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the URL; anything unknown or malformed is ignored. */
export function listParamsFrom(params: URLSearchParams): MessageListParams {
  const direction = params.get('direction');
  const ticketId = params.get('ticket_id') ?? '';
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    direction: direction === 'inbound' || direction === 'outbound' ? direction : '',
    flagged: params.get('flagged') === 'true',
    ticket_id: uuid.test(ticketId) ? ticketId : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL's query string (empty values and page 1 left out). */
export function listParamsTo(list: MessageListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (list.q) params.set('q', list.q);
  if (list.direction) params.set('direction', list.direction);
  if (list.flagged) params.set('flagged', 'true');
  if (list.ticket_id) params.set('ticket_id', list.ticket_id);
  if (list.page > 1) params.set('page', String(list.page));
  return params;
}

/** `GET /api/v1/messages` query: the URL's `q` is the API's `search`. */
export function listParamsToApi(list: MessageListParams): QueryParams {
  return {
    search: list.q || undefined,
    direction: list.direction || undefined,
    flagged: list.flagged || undefined,
    ticket_id: list.ticket_id || undefined,
    page: list.page,
  };
}
