import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Pagination, pageItems, pagingReach } from './pagination.tsx';

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

describe('pagingReach (issue 26, item 5: offset paging reaches the first 10,000 rows)', () => {
  it('stops the last page at the last one within maxRows, whatever the total', () => {
    expect(pagingReach({ page: 1, total: 57_000, perPage: 20, maxRows: 10_000 })).toEqual({
      pageCount: 500,
      beyondReach: true,
    });
    // 30 per page: page 333 ends at row 9,990; page 334 would pass 10,000.
    expect(pagingReach({ page: 1, total: 10_001, perPage: 30, maxRows: 10_000 }).pageCount).toBe(333);
    expect(pagingReach({ page: 1, total: 10_000, perPage: 20, maxRows: 10_000 })).toEqual({
      pageCount: 500,
      beyondReach: false,
    });
    expect(pagingReach({ page: 3, total: 57, perPage: 20, maxRows: 10_000 })).toEqual({
      pageCount: 3,
      beyondReach: false,
    });
  });

  it("an estimated total (more rows than counted) keeps 'Próxima' on only up to the last reachable page", () => {
    expect(
      pagingReach({ page: 7, total: 10_000, totalIsEstimate: true, perPage: 20, maxRows: 10_000 }),
    ).toEqual({
      pageCount: 500,
      beyondReach: true,
    });
    expect(
      pagingReach({ page: 500, total: 10_000, totalIsEstimate: true, perPage: 20, maxRows: 10_000 })
        .pageCount,
    ).toBe(500);
    // Without a cap, as before: always one more page.
    expect(pagingReach({ page: 500, total: 10_000, totalIsEstimate: true, perPage: 20 }).pageCount).toBe(501);
  });

  it('renders the last page button and Próxima within reach, and says to refine the filters', () => {
    const pages: number[] = [];
    render(
      createElement(Pagination, {
        page: 500,
        total: 10_000,
        totalIsEstimate: true,
        perPage: 20,
        maxRows: 10_000,
        onPageChange: (p: number) => pages.push(p),
      }),
    );
    expect(screen.getByRole('button', { name: 'Página 500' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Página 501' })).toBeNull();
    expect((screen.getByRole('button', { name: /Próxima/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(
        /As páginas mostram até os primeiros 10\.000 resultados\. Refine os filtros para ver mais resultados\./,
      ),
    ).toBeTruthy();
    cleanup();
    render(
      createElement(Pagination, {
        page: 1,
        total: 45_678,
        perPage: 20,
        maxRows: 10_000,
        onPageChange: (p: number) => pages.push(p),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Página 500' }));
    expect(pages).toEqual([500]);
    expect(screen.queryByRole('button', { name: 'Página 2284' })).toBeNull();
    cleanup();
  });
});
