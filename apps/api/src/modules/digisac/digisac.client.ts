import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  DnsBusyError,
  type HostResolver,
  isPrivateAddress,
  isRefusedAddress,
  type OutboundAgents,
  outboundAgents,
} from '../../lib/ssrf.ts';

// The HTTP calls to a tenant's DigiSac (../shared/integrations/digisac.md). Node's global fetch
// ignores http.Agents, so this uses https.request with request-filtering-agent, which checks the
// address the socket actually connects to (after DNS): a name that resolved to a public address
// when it was saved and to a private one now (DNS rebinding) is refused here. With
// DIGISAC_ALLOW_PRIVATE_HOSTS plain agents are used, and http:// is allowed (a local fake).
// The name is resolved by our HostResolver (c-ares, off the thread pool, with a deadline and a
// cap on concurrent look-ups), passed as the request's `lookup`: the socket connects to an address
// it gave, and that address is checked then (ours, then request-filtering-agent's own rule).
// One deadline covers the whole call (connect, TLS, answer, body); the body is capped in bytes and
// in JSON values (counted before parsing), so the work is bounded by what DigiSac may send.

/** Why a call failed, for the service to say in pt-BR. Never holds the token. */
export type DigisacFailure =
  | { kind: 'timeout' }
  | { kind: 'blocked' }
  /** DNS_MAX_CONCURRENT_LOOKUPS look-ups (or the tenant's _PER_TENANT) were already running: nothing was sent. */
  | { kind: 'busy'; limit: number }
  /** The tenant's DIGISAC_MAX_REQUESTS_PER_SECOND stayed used up (digisac.remote.ts): nothing was sent; try later. */
  | { kind: 'rate_limited'; limit: number }
  | { kind: 'unreachable'; code: string | undefined }
  | { kind: 'unauthorized'; status: number }
  /** Any other answer; a 404 (the entity is gone) is `isNotFound`. */
  | { kind: 'upstream'; status: number; message: string | undefined };

export class DigisacCallError extends Error {
  constructor(readonly failure: DigisacFailure) {
    super(`DigiSac call failed: ${failure.kind}`);
  }
}

export type DigisacMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface DigisacCall {
  /** GET unless said. */
  method?: DigisacMethod;
  /** Sent as JSON (POST, PUT). */
  body?: unknown;
  /** The tenant's host, e.g. https://empresa.digisac.app (validated, no trailing slash). */
  host: string;
  token: string;
  /** e.g. /api/v1/me */
  path: string;
  query?: Record<string, string>;
  allowPrivateHosts: boolean;
  timeoutMs: number;
  /** Resolves the host's name (DNS_SERVERS, DNS_TIMEOUT_MS, DNS_MAX_CONCURRENT_LOOKUPS). */
  resolver: HostResolver;
  /** The tenant the call is for: its look-ups count against DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT. */
  tenantId?: string;
  /** DIGISAC_MAX_RESPONSE_BYTES */
  maxResponseBytes: number;
  /** DIGISAC_MAX_RESPONSE_VALUES */
  maxResponseValues: number;
}

/**
 * `text` without the token, in any form it may come back in (as sent, URL-encoded, base64): the
 * token is removed before anything is cut, so no part of it can survive at the cut's edge.
 */
export function withoutToken(text: string, token: string) {
  let clean = text;
  const forms = new Set([token, encodeURIComponent(token), Buffer.from(token).toString('base64')]);
  for (const form of forms) if (form.length >= 4) clean = clean.replaceAll(form, '[token]');
  return clean;
}

/** `value` with every string in it, at any depth, without the token (for what is logged). */
export function redactToken<T>(value: T, token: string, depth = 0): T {
  if (typeof value === 'string') return withoutToken(value, token) as T;
  if (depth > 20 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => redactToken(v, token, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [withoutToken(k, token), redactToken(v, token, depth + 1)]),
  ) as T;
}

/** A DigiSac error body's message (`{"error","message","status"}`), token removed, then cut short. */
function upstreamMessage(body: string, token: string) {
  try {
    const message = (JSON.parse(body) as { message?: unknown })?.message;
    return typeof message === 'string' ? withoutToken(message, token).slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Counts `{`, `[` and `,` outside JSON strings (an upper bound of the values JSON.parse would
 * build), up to `limit`: one cheap pass over the bytes that tells whether parsing would build more
 * objects than any page of tickets needs (5 MB of `{},` would be 1.7 M objects and half a second
 * parsing). Strings are tracked as JSON's lexer does (`"` opens and closes, a backslash escapes
 * the next byte), so commas in ticket texts do not count. On a body that is not valid JSON, the
 * tracking matches JSON.parse's up to its first syntax error, where parsing stops: what it would
 * build before the error is counted.
 */
export function tooManyValues(body: Buffer, limit: number) {
  let count = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b || byte === 0x2c) {
      count++;
      if (count > limit) return true;
    }
  }
  return false;
}

/** Whether a call failed because DigiSac answered 404 (a contact or ticket that is gone). */
export const isNotFound = (err: unknown) =>
  err instanceof DigisacCallError && err.failure.kind === 'upstream' && err.failure.status === 404;

/** GET `path` on the tenant's DigiSac: the parsed JSON of a 2xx, else DigisacCallError. */
export const digisacGet = (call: Omit<DigisacCall, 'method' | 'body'>) =>
  digisacRequest({ ...call, method: 'GET' });

/**
 * `call.method` (GET by default) on `path` of the tenant's DigiSac, with `call.body` as JSON: the
 * parsed JSON of a 2xx (null for an empty one: a DELETE or PUT may answer 204), else
 * DigisacCallError.
 */
export function digisacRequest(call: DigisacCall): Promise<unknown> {
  const method = call.method ?? 'GET';
  const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body), 'utf8');
  const url = new URL(`${call.host}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const secure = url.protocol === 'https:';
  if (!secure && !call.allowPrivateHosts) {
    // The service refuses stored http:// hosts before calling; this is the last guard.
    return Promise.reject(new DigisacCallError({ kind: 'blocked' }));
  }
  // A token DigiSac could not have made (spaces, accents, control characters) cannot go in a
  // header (Node throws): it is a bad token, said as such.
  if (!/^[\x21-\x7e]+$/.test(call.token)) {
    return Promise.reject(new DigisacCallError({ kind: 'unauthorized', status: 0 }));
  }
  // An IP literal is not looked up (net connects to it as is): it is checked here. Names are
  // checked by the lookup below, on every address the resolver gives.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!call.allowPrivateHosts && net.isIP(literal) !== 0 && isPrivateAddress(literal)) {
    return Promise.reject(new DigisacCallError({ kind: 'blocked' }));
  }
  const lookup = call.resolver.lookupFunction(!call.allowPrivateHosts, call.tenantId);
  const { maxResponseBytes, maxResponseValues } = call;
  const signal = AbortSignal.timeout(call.timeoutMs);

  return outboundAgents(call.allowPrivateHosts).then(
    (agents) =>
      new Promise((resolve, reject) => {
        try {
          send(agents, resolve, reject);
        } catch (err) {
          // Thrown while creating the request or its socket (e.g. by the agent): not reachable.
          reject(new DigisacCallError({ kind: 'unreachable', code: (err as NodeJS.ErrnoException).code }));
        }
      }),
  );

  function send(agents: OutboundAgents, resolve: (body: unknown) => void, reject: (err: Error) => void) {
    let settled = false;
    const fail = (failure: DigisacFailure) => {
      if (settled) return;
      settled = true;
      reject(new DigisacCallError(failure));
    };
    const request = (secure ? https : http).request(
      url,
      {
        method,
        agent: secure ? agents.https : agents.http,
        lookup,
        headers: {
          authorization: `Bearer ${call.token}`,
          accept: 'application/json',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : {}),
        },
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) {
            fail({ kind: 'upstream', status, message: `answer over ${maxResponseBytes} bytes` });
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', () => {
          if (signal.aborted) fail({ kind: 'timeout' });
          else fail({ kind: 'unreachable', code: 'ECONNRESET' });
        });
        response.on('end', () => {
          if (settled) return;
          const bytes = Buffer.concat(chunks);
          if (status === 401 || status === 403) return fail({ kind: 'unauthorized', status });
          if (tooManyValues(bytes, maxResponseValues)) {
            return fail({
              kind: 'upstream',
              status,
              message: `answer over ${maxResponseValues} JSON values`,
            });
          }
          const body = bytes.toString('utf8');
          if (status < 200 || status >= 300) {
            return fail({ kind: 'upstream', status, message: upstreamMessage(body, call.token) });
          }
          let parsed: unknown;
          try {
            parsed = body.trim() === '' ? null : JSON.parse(body);
          } catch {
            return fail({ kind: 'upstream', status, message: 'answer is not JSON' });
          }
          settled = true;
          resolve(parsed);
        });
      },
    );
    // The deadline also ends a body that trickles in (the request's own signal handling covers
    // the rest; this makes sure the caller hears of it whatever state the socket is in).
    signal.addEventListener(
      'abort',
      () => {
        fail({ kind: 'timeout' });
        request.destroy();
      },
      { once: true },
    );
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (signal.aborted) fail({ kind: 'timeout' });
      else if (err instanceof DnsBusyError) fail({ kind: 'busy', limit: err.limit });
      else if (err.code === 'EADDRREFUSED' || isRefusedAddress(err)) fail({ kind: 'blocked' });
      else fail({ kind: 'unreachable', code: err.code });
    });
    request.end(payload);
  }
}
