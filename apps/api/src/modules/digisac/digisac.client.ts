import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

// The HTTP calls to a tenant's DigiSac (../shared/integrations/digisac.md). Node's global fetch
// ignores http.Agents, so this uses https.request with request-filtering-agent, which checks the
// address the socket actually connects to (after DNS): a name that resolved to a public address
// when it was saved and to a private one now (DNS rebinding) is refused here. With
// DIGISAC_ALLOW_PRIVATE_HOSTS plain agents are used, and http:// is allowed (a local fake).
// One deadline covers the whole call (connect, TLS, answer, body); the body is capped.

export const maxResponseBytes = 5 * 1024 * 1024;

/** Why a call failed, for the service to say in pt-BR. Never holds the token. */
export type DigisacFailure =
  | { kind: 'timeout' }
  | { kind: 'blocked' }
  | { kind: 'unreachable'; code: string | undefined }
  | { kind: 'unauthorized'; status: number }
  | { kind: 'upstream'; status: number; message: string | undefined };

export class DigisacCallError extends Error {
  constructor(readonly failure: DigisacFailure) {
    super(`DigiSac call failed: ${failure.kind}`);
  }
}

export interface DigisacCall {
  /** The tenant's host, e.g. https://empresa.digisac.app (validated, no trailing slash). */
  host: string;
  token: string;
  /** e.g. /api/v1/me */
  path: string;
  query?: Record<string, string>;
  allowPrivateHosts: boolean;
  timeoutMs: number;
}

const filtering = { https: new RequestFilteringHttpsAgent(), http: new RequestFilteringHttpAgent() };
const plain = { https: new https.Agent(), http: new http.Agent() };

// request-filtering-agent's refusals are plain Errors with this wording (pinned version 3.2.1).
const isRefusedAddress = (err: Error) => /is not allowed\. Because/.test(err.message);

/** A DigiSac error body's message (`{"error","message","status"}`), cut short; undefined otherwise. */
function upstreamMessage(body: string, token: string) {
  try {
    const message = (JSON.parse(body) as { message?: unknown })?.message;
    return typeof message === 'string' ? message.slice(0, 300).replaceAll(token, '[token]') : undefined;
  } catch {
    return undefined;
  }
}

/** GET `path` on the tenant's DigiSac: the parsed JSON of a 2xx, else DigisacCallError. */
export function digisacGet(call: DigisacCall): Promise<unknown> {
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
  const agents = call.allowPrivateHosts ? plain : filtering;
  const signal = AbortSignal.timeout(call.timeoutMs);

  return new Promise((resolve, reject) => {
    try {
      send(resolve, reject);
    } catch (err) {
      // Thrown while creating the request or its socket (e.g. by the agent): not reachable.
      reject(new DigisacCallError({ kind: 'unreachable', code: (err as NodeJS.ErrnoException).code }));
    }
  });

  function send(resolve: (body: unknown) => void, reject: (err: Error) => void) {
    let settled = false;
    const fail = (failure: DigisacFailure) => {
      if (settled) return;
      settled = true;
      reject(new DigisacCallError(failure));
    };
    const request = (secure ? https : http).request(
      url,
      {
        method: 'GET',
        agent: secure ? agents.https : agents.http,
        headers: { authorization: `Bearer ${call.token}`, accept: 'application/json' },
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
          const body = Buffer.concat(chunks).toString('utf8');
          if (status === 401 || status === 403) return fail({ kind: 'unauthorized', status });
          if (status < 200 || status >= 300) {
            return fail({ kind: 'upstream', status, message: upstreamMessage(body, call.token) });
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(body);
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
      else if (isRefusedAddress(err)) fail({ kind: 'blocked' });
      else fail({ kind: 'unreachable', code: err.code });
    });
    request.end();
  }
}
