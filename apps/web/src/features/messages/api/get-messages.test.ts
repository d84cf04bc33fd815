import { describe, expect, it } from 'vitest';
import { messagesApiParams } from './get-messages.ts';

const ticket = '0b5e1a4e-3c1d-4c55-9a43-2a8f8e1f7a10';

describe('messagesApiParams', () => {
  it("sends the URL's q as search, with the filters, page and page size", () => {
    expect(
      messagesApiParams({ q: 'atraso', direction: 'outbound', flagged: true, ticket_id: ticket }, 3),
    ).toEqual({
      search: 'atraso',
      direction: 'outbound',
      flagged: true,
      ticket_id: ticket,
      page: 3,
      per_page: 20,
    });
  });

  it("leaves 'Apenas marcadas' off out (flagged=false would mean the unflagged ones)", () => {
    expect(
      messagesApiParams({ q: '', direction: '', flagged: false, ticket_id: '' }, 1).flagged,
    ).toBeUndefined();
  });
});
