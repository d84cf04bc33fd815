import { describe, expect, it } from 'vitest';
import { listParamsFrom, listParamsTo, listParamsToApi } from './list-params.ts';

const ticket = '0b5e1a4e-3c1d-4c55-9a43-2a8f8e1f7a10';

describe('messages list ⇄ URL', () => {
  it('reads and writes search, filters and page, leaving defaults out', () => {
    const read = listParamsFrom(
      new URLSearchParams(`q=+atraso+&direction=outbound&flagged=true&ticket_id=${ticket}&page=3`),
    );
    expect(read).toEqual({ q: 'atraso', direction: 'outbound', flagged: true, ticket_id: ticket, page: 3 });
    expect(listParamsTo(read).toString()).toBe(
      `q=atraso&direction=outbound&flagged=true&ticket_id=${ticket}&page=3`,
    );
    expect(listParamsTo(listParamsFrom(new URLSearchParams(''))).toString()).toBe('');
    expect(listParamsToApi(read)).toEqual({
      search: 'atraso',
      direction: 'outbound',
      flagged: true,
      ticket_id: ticket,
      page: 3,
    });
  });

  it('ignores what it does not understand', () => {
    expect(listParamsFrom(new URLSearchParams('direction=sideways&flagged=1&ticket_id=abc&page=-2'))).toEqual(
      {
        q: '',
        direction: '',
        flagged: false,
        ticket_id: '',
        page: 1,
      },
    );
  });
});
