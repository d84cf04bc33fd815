import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination.tsx';

const numbers = (items: Array<number | 'gap'>) => items.filter((item) => item !== 'gap');

describe('pageItems', () => {
  it('shows first, last and current ±1 by default', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('with maxButtons shows every page when they fit', () => {
    expect(pageItems(1, 1, 5)).toEqual([1]);
    expect(pageItems(2, 3, 5)).toEqual([1, 2, 3]);
    expect(pageItems(3, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('with maxButtons keeps first and last and a window around the current page', () => {
    expect(pageItems(1, 10, 5)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(3, 10, 5)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(4, 10, 5)).toEqual([1, 'gap', 3, 4, 5, 'gap', 10]);
    expect(pageItems(8, 10, 5)).toEqual([1, 'gap', 7, 8, 9, 10]);
    expect(pageItems(10, 10, 5)).toEqual([1, 'gap', 7, 8, 9, 10]);
    expect(pageItems(3, 6, 5)).toEqual([1, 2, 3, 4, 'gap', 6]);
  });

  it('never shows more than maxButtons numbers, always the current page', () => {
    for (let pageCount = 1; pageCount <= 12; pageCount++) {
      for (let page = 1; page <= pageCount; page++) {
        const items = pageItems(page, pageCount, 5);
        expect(numbers(items).length).toBeLessThanOrEqual(5);
        expect(items).toContain(page);
        expect(items).toContain(1);
        expect(items).toContain(pageCount);
      }
    }
  });
});
