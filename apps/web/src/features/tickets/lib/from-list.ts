/** Router state a ticket's page gets from the list: the list's query string (filters, page). */
export interface FromList {
  listSearch: string;
}

/** Where 'Voltar para chamados' goes: the list as it was left, else the plain list. */
export function backToList(state: unknown): string {
  const search = (state as Partial<FromList> | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `/tickets${search}` : '/tickets';
}
