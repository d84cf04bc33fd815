import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fake-server.ts';
import { fakeIdToken } from '../testing/id-token.ts';
import { ApiError } from './api-client.ts';
import { downloadFile } from './download.ts';
import { ID_TOKEN_STORAGE_KEY } from './id-token.ts';

const fetchMock = vi.fn<typeof fetch>();

/** The object URLs made and the `<a download>` links clicked with them. */
function captureDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:arquivo');
  const revokeObjectURL = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
  const clicked: { href: string; download: string; attached: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });
  return { createObjectURL, revokeObjectURL, clicked };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('downloadFile', () => {
  it("saves the API's file under the server's name through an object URL, the token only in a header", async () => {
    const { createObjectURL, revokeObjectURL, clicked } = captureDownloads();
    const csv = '\uFEFFID;Título\r\n';
    fetchMock.mockResolvedValue(
      new Response(csv, {
        headers: { 'content-disposition': 'attachment; filename="chamados-2026-03-05.csv"' },
      }),
    );

    const name = await downloadFile('/api/v1/tickets/export.csv', { sentiment: 'negative' }, 'chamados.csv');

    expect(name).toBe('chamados-2026-03-05.csv');
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(String(url)).toBe('/api/v1/tickets/export.csv?sentiment=negative');
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    expect(clicked).toEqual([{ href: 'blob:arquivo', download: 'chamados-2026-03-05.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull(); // the link is gone
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:arquivo');
  });

  it('names the file `fallbackName` when the server gives no name', async () => {
    const { clicked } = captureDownloads();
    fetchMock.mockResolvedValue(new Response('x'));
    expect(await downloadFile('/api/v1/x', {}, 'reserva.csv')).toBe('reserva.csv');
    expect(clicked[0]?.download).toBe('reserva.csv');
  });

  it("rejects with the API's error and saves nothing", async () => {
    const { createObjectURL, clicked } = captureDownloads();
    fetchMock.mockResolvedValue(
      json({ code: 'validation_error', detail: 'Data inválida.', request_id: 'r1' }, 400),
    );
    const error = await downloadFile('/api/v1/tickets/export.csv', {}, 'x.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Data inválida.' });
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });
});
