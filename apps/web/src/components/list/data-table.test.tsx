import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { DataTable, type ListQuery } from './data-table.tsx';

afterEach(cleanup);

const failedWith = (error: Error): ListQuery => ({
  isPending: false,
  isError: true,
  isFetching: false,
  failureCount: 1,
  error,
  refetch: vi.fn(),
});

function renderFailed(query: ListQuery, onPageChange = vi.fn()) {
  render(
    <DataTable<{ id: string }>
      label="Chamados"
      columns={[{ id: 'id', header: 'ID', cell: (row) => row.id }]}
      rows={undefined}
      rowKey={(row) => row.id}
      query={query}
      errorTitle="Não foi possível carregar os chamados."
      empty={{ title: 'Nenhum chamado.' }}
      pagination={{ page: 501, total: 0, perPage: 20, onPageChange, label: 'Paginação' }}
    />,
  );
  return onPageChange;
}

describe('DataTable load errors', () => {
  it('asks again on a failure a new try may mend', () => {
    const query = failedWith(new Error('offline'));
    renderFailed(query);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('offers the last reachable page for a page beyond the first 10,000 rows (an old link)', () => {
    const detail =
      'Refine os filtros para ver mais resultados: a paginação alcança os primeiros 10.000 resultados.';
    const body = {
      code: 'validation_error',
      detail,
      fields: [{ field: 'querystring.page', message: detail }],
      request_id: 'r-1',
    };
    const query = failedWith(new ApiError(400, body, detail));
    const onPageChange = renderFailed(query);
    expect(screen.getByRole('alert').textContent).toContain('Refine os filtros para ver mais resultados');
    fireEvent.click(screen.getByRole('button', { name: 'Ir para a página 500' }));
    expect(onPageChange).toHaveBeenCalledWith(500);
    expect(query.refetch).not.toHaveBeenCalled();
  });
});

describe('DataTable loading', () => {
  it("says its loadingText ('Carregando...') above the skeleton rows while the first page loads", () => {
    const loading: ListQuery = {
      isPending: true,
      isError: false,
      isFetching: true,
      failureCount: 0,
      error: null,
      refetch: vi.fn(),
    };
    render(
      <DataTable<{ id: string }>
        label="Mensagens"
        columns={[{ id: 'id', header: 'ID', cell: (row) => row.id }]}
        rows={undefined}
        rowKey={(row) => row.id}
        query={loading}
        errorTitle="Não foi possível carregar as mensagens."
        loadingText="Carregando..."
        empty={{ title: 'Nenhuma mensagem.' }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
  });
});
