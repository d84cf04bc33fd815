import type { ErrorResponse } from '@atende/contracts';
import { readStoredSession, removeStoredIdToken } from './id-token.ts';

/** Query-string values; null, undefined and '' are left out (empty filters are not sent). */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  /** Lets TanStack Query cancel a request nobody waits for any more. */
  signal?: AbortSignal;
}

/** A non-2xx answer of the product API, or no answer at all (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The API's `{code, detail, fields?, request_id}` when it sent one. */
  readonly error: ErrorResponse | null;

  constructor(
    readonly status: number,
    /** Whatever the response carried (parsed JSON, text, or null). */
    readonly body: unknown,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.error = isErrorResponse(body) ? body : null;
  }
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { code, detail } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof detail === 'string';
}

function withParams(path: string, params: QueryParams | undefined): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A file the API sent: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (`filename*=UTF-8''…` first, then `filename=`); null without one. */
  filename: string | null;
}

/** The file name in a Content-Disposition header, or null. */
export function filenameFromDisposition(disposition: string | null): string | null {
  const encoded = disposition?.match(/filename\*=(?:UTF-8'[^']*')?([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed: fall back to the plain name
    }
  }
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim() || null;
}

function logApiError(error: ApiError): void {
  console.error('Atende Erro de API:', error.body ?? error.message);
}

/**
 * Why the API refused a token it had just been handed (an issuer or audience the server does
 * not expect, keys it cannot check): kept for the sign-in screen, which would otherwise come
 * back with no word of what happened. sessionStorage: this tab, this visit.
 */
export const SESSION_REFUSAL_STORAGE_KEY = 'atende.sessionRefusal';

/** A token issued this recently that the API refuses was never accepted: say why on /login. */
const freshTokenMs = 60_000;

function rememberRefusal(detail: string): void {
  try {
    sessionStorage.setItem(SESSION_REFUSAL_STORAGE_KEY, detail);
  } catch {
    // storage unavailable: the sign-in screen just cannot say why
  }
}

/** The refusal kept by the last 401 of a fresh token, if any (see clearSessionRefusal). */
export function readSessionRefusal(): string | null {
  try {
    return sessionStorage.getItem(SESSION_REFUSAL_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function clearSessionRefusal(): void {
  try {
    sessionStorage.removeItem(SESSION_REFUSAL_STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

export interface ApiClientOptions {
  /** How the browser is sent to the sign-in screen; replaced in tests. */
  goToLogin?: () => void;
}

/** The product API over fetch on the same origin: helpers return the parsed body only. */
export function createApiClient({
  goToLogin = () => window.location.assign('/login'),
}: ApiClientOptions = {}) {
  let sentToLogin = false;

  // A 401 drops the token and leaves for /login, once per page load and not from /login.
  function handleUnauthorized(issuedAt: number | null | undefined, detail: string) {
    if (issuedAt != null && Date.now() - issuedAt < freshTokenMs) rememberRefusal(detail);
    removeStoredIdToken();
    if (sentToLogin || window.location.pathname === '/login') return;
    sentToLogin = true;
    goToLogin();
  }

  /** Sends a request with the session's token and tenant; a network failure is an ApiError 0. */
  async function send(method: string, path: string, body: unknown, options: RequestOptions, accept: string) {
    const headers = new Headers({ Accept: accept });
    const session = readStoredSession();
    if (session) {
      headers.set('Authorization', `Bearer ${session.idToken}`);
      if (session.user.tenantId) headers.set('X-Tenant-ID', session.user.tenantId);
    }
    if (body !== undefined) headers.set('Content-Type', 'application/json');

    try {
      const response = await fetch(withParams(path, options.params), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
      return { response, session };
    } catch (cause) {
      if (options.signal?.aborted) throw cause; // cancelled on purpose: not an error to report
      const error = new ApiError(0, null, 'Não foi possível falar com o servidor. Verifique sua conexão.', {
        cause,
      });
      logApiError(error);
      throw error;
    }
  }

  /** A non-2xx answer as an ApiError (logged; a 401 also ends the session). */
  async function failure(response: Response, session: ReturnType<typeof readStoredSession>) {
    const data = await readBody(response);
    const detail = isErrorResponse(data) ? data.detail : `A requisição falhou (HTTP ${response.status}).`;
    const error = new ApiError(response.status, data, detail);
    logApiError(error);
    if (response.status === 401) handleUnauthorized(session?.issuedAt, detail);
    return error;
  }

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}) {
    const { response, session } = await send(method, path, body, options, 'application/json');
    if (!response.ok) throw await failure(response, session);
    // The caller names the shape; the API's schemas (packages/contracts) are the source of truth.
    return (await readBody(response)) as T;
  }

  /**
   * A file the API answers (an export): its bytes, untouched, and the name its Content-Disposition
   * gives (null without one). Errors as for the other calls (the API answers them in JSON).
   */
  async function download(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
    const { response, session } = await send('GET', path, undefined, options, '*/*');
    if (!response.ok) throw await failure(response, session);
    return {
      blob: await response.blob(),
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
    };
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    /** `body`: for the few DELETEs that name what to delete in JSON (a push endpoint). */
    delete: <T>(path: string, options?: RequestOptions, body?: unknown) =>
      request<T>('DELETE', path, body, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    download,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient();
