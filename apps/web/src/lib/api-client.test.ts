import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fake-server.ts';
import { fakeIdToken } from '../testing/id-token.ts';
import { ApiError, createApiClient, filenameFromDisposition } from './api-client.ts';
import { ID_TOKEN_STORAGE_KEY } from './id-token.ts';

const fetchMock = vi.fn<typeof fetch>();
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/tickets');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  localStorage.clear();
});

function lastRequest() {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: new Headers(init?.headers) };
}

const unauthorized = { code: 'unauthorized', detail: 'Sessão inválida ou expirada.', request_id: 'r1' };

describe('api client', () => {
  it('sends the bearer token, the tenant and JSON, and answers the parsed body', async () => {
    const token = fakeIdToken({ 'custom:tenant_id': 'tenant-42' });
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, token);
    fetchMock.mockResolvedValue(json({ id: 'c1' }, 201));

    const body = await createApiClient().post('/api/v1/customers', { name: 'Ana', document: '123' });

    expect(body).toEqual({ id: 'c1' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/v1/customers');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Ana","document":"123"}');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('X-Tenant-ID')).toBe('tenant-42');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no auth headers without a token, and leaves empty query parameters out', async () => {
    fetchMock.mockResolvedValue(json([]));
    await createApiClient().get('/api/v1/tickets', {
      params: { search: '', sentiment: 'negative', page: 2, x: null },
    });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/v1/tickets?sentiment=negative&page=2');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('X-Tenant-ID')).toBe(false);
  });

  it('throws an ApiError carrying the status and the body, and logs it', async () => {
    const problem = { code: 'validation_error', detail: 'Nome é obrigatório.', request_id: 'r2' };
    fetchMock.mockResolvedValue(json(problem, 400));

    const error = await createApiClient()
      .put('/api/v1/tenants/settings', {})
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      body: problem,
      error: problem,
      message: 'Nome é obrigatório.',
    });
    expect(consoleError).toHaveBeenCalledWith('Atende Erro de API:', problem);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createApiClient().get('/api/v1/tickets')).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
    });
    expect(consoleError).toHaveBeenCalledWith('Atende Erro de API:', expect.stringContaining('servidor'));
  });

  it('on 401 removes the token and goes to /login once per page load', async () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    fetchMock.mockImplementation(async () => json(unauthorized, 401));
    const goToLogin = vi.fn();
    const api = createApiClient({ goToLogin });

    const results = await Promise.allSettled([
      api.get('/api/v1/a'),
      api.get('/api/v1/b'),
      api.delete('/api/v1/c'),
    ]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('on 401 stays put when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    fetchMock.mockResolvedValue(json(unauthorized, 401));
    const goToLogin = vi.fn();

    await expect(createApiClient({ goToLogin }).get('/api/v1/tenants/current')).rejects.toMatchObject({
      status: 401,
    });
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('does not report a request the caller cancelled', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(
      createApiClient().get('/api/v1/tickets', { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('downloads a file: its bytes untouched and the name of its Content-Disposition', async () => {
    const token = fakeIdToken({ 'custom:tenant_id': 'tenant-42' });
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, token);
    const csv = '\uFEFFID;Título\r\n1;{"a":1}\r\n';
    fetchMock.mockResolvedValue(
      new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="chamados-2026-03-05.csv"',
        },
      }),
    );

    const file = await createApiClient().download('/api/v1/tickets/export.csv', {
      params: { sentiment: 'negative', search: '' },
    });

    expect(file.filename).toBe('chamados-2026-03-05.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/v1/tickets/export.csv?sentiment=negative');
    expect(init?.method).toBe('GET');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('X-Tenant-ID')).toBe('tenant-42');
  });

  it('answers a download without Content-Disposition with no name', async () => {
    fetchMock.mockResolvedValue(new Response('x'));
    expect((await createApiClient().download('/api/v1/x')).filename).toBeNull();
  });

  it("fails a download like any call: the API's error, and a 401 ends the session", async () => {
    const problem = { code: 'validation_error', detail: 'Data inválida.', request_id: 'r3' };
    fetchMock.mockResolvedValueOnce(json(problem, 400));
    await expect(createApiClient().download('/api/v1/tickets/export.csv')).rejects.toMatchObject({
      status: 400,
      message: 'Data inválida.',
    });

    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    fetchMock.mockResolvedValueOnce(json(unauthorized, 401));
    const goToLogin = vi.fn();
    await expect(createApiClient({ goToLogin }).download('/api/v1/tickets/export.csv')).rejects.toMatchObject(
      {
        status: 401,
      },
    );
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('reads the file name of a Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(filenameFromDisposition('attachment; filename=plain.csv; size=3')).toBe('plain.csv');
    expect(filenameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''relat%C3%B3rio.csv`)).toBe(
      'relatório.csv',
    );
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
