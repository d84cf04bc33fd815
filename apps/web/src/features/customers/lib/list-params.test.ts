import { describe, expect, it } from 'vitest';
import { listParamsFromSearchParams, listParamsToSearchParams } from './list-params.ts';

describe('customers list params', () => {
  it('reads search and page from the query string', () => {
    expect(listParamsFromSearchParams(new URLSearchParams('q=390.533&page=3'))).toEqual({
      q: '390.533',
      page: 3,
    });
    expect(listParamsFromSearchParams(new URLSearchParams(''))).toEqual({ q: '', page: 1 });
  });

  it('takes a missing or malformed page as 1', () => {
    for (const page of ['0', '-2', '1.5', 'abc', '']) {
      expect(listParamsFromSearchParams(new URLSearchParams({ page })).page, page).toBe(1);
    }
  });

  it('writes only what is set, and round-trips', () => {
    expect(listParamsToSearchParams({ q: '', page: 1 }).toString()).toBe('');
    expect(listParamsToSearchParams({ q: ' Joana ', page: 1 }).toString()).toBe('q=Joana');
    const params = listParamsToSearchParams({ q: 'joão silva', page: 2 });
    expect(params.toString()).toBe('q=jo%C3%A3o+silva&page=2');
    expect(listParamsFromSearchParams(params)).toEqual({ q: 'joão silva', page: 2 });
  });
});
