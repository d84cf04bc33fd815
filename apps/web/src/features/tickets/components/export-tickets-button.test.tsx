import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyValues } from '../../../components/list/list-params.ts';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { ticketListUrlSchema } from '../../../lib/ticket-list-url.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { ExportTicketsButton } from './export-tickets-button.tsx';

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The `<a download>` links clicked (the object URL's click is the download). */
function captureDownloads() {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }));
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  return clicked;
}

const filters = {
  ...emptyValues(ticketListUrlSchema),
  q: 'procon',
  sentiment: 'negative' as const,
  requires_escalation: true,
};

describe('ExportTicketsButton', () => {
  it("downloads the list's current filters as a file, 'Exportando…' meanwhile", async () => {
    let answer: (response: Response) => void = () => {};
    const requests: Request[] = [];
    stubServer({
      '/api/v1/tickets/export.csv': (request) => {
        requests.push(request);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    const clicked = captureDownloads();
    render(<ExportTicketsButton filters={filters} />);

    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const busy = await screen.findByRole('button', { name: 'Exportando…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy); // a second press while busy does nothing
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'procon',
      sentiment: 'negative',
      requires_escalation: 'true',
    });
    expect(requests[0]?.headers.get('authorization')).toMatch(/^Bearer /);

    answer(
      new Response('\uFEFFID\r\n', {
        headers: { 'content-disposition': 'attachment; filename="chamados-2026-03-05.csv"' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    expect(clicked).toEqual(['chamados-2026-03-05.csv']);
  });

  it('says when the export fails, with the reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      '/api/v1/tickets/export.csv': () =>
        json({ code: 'validation_error', detail: 'A data inicial deve ser anterior à data final.' }, 400),
    });
    const clicked = captureDownloads();
    render(
      <>
        <ExportTicketsButton filters={filters} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Não foi possível exportar os chamados.')).toBeTruthy();
    expect(screen.getByText('A data inicial deve ser anterior à data final.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});
