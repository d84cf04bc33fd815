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

// The HTTP call to a push service (issue 34), with the rules of every outbound call (DigiSac's
// client, docs/SECURITY.md): one deadline over the whole call (look-up, connect, TLS, answer,
// body), the answer's body read up to 64 kB and cut beyond, the address checked when the socket
// connects (request-filtering-agent, after our HostResolver's look-up: c-ares, off the thread
// pool, with a deadline and a cap on concurrent look-ups), https: only. PUSH_ALLOW_PRIVATE_HOSTS
// lifts the address rule and allows http: (a local fake push service in development and tests).
// The request itself (encrypted body, VAPID Authorization, TTL, Urgency, Topic) is built by the
// web-push library's generateRequestDetails; its own sendNotification is not used (it reads
// answers unbounded and its timeout is idle-only).

/** A push answer's body beyond this is not read (push services answer a few hundred bytes). */
export const pushMaxResponseBytes = 64 * 1024;

export interface PushRequest {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export type PushOutcome =
  /** The push service took it (201 Created, or any 2xx). */
  | { kind: 'sent'; status: number }
  /** 404/410: the subscription is gone for good; delete it. */
  | { kind: 'gone'; status: number }
  /** Anything else: try again later. `reason` is for the log (never the payload). */
  | { kind: 'failed'; reason: string; status?: number };

export interface PushCallOptions {
  allowPrivateHosts: boolean;
  timeoutMs: number;
  resolver: HostResolver;
  /** The tenant the push is for: its look-ups count against DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT. */
  tenantId?: string;
}

/** Whether `endpoint` may be called at all under the rule (protocol, literal address). */
export function endpointAllowed(endpoint: string, allowPrivateHosts: boolean) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && !(allowPrivateHosts && url.protocol === 'http:')) return false;
  if (url.username !== '' || url.password !== '') return false;
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivateHosts && net.isIP(literal) !== 0 && isPrivateAddress(literal)) return false;
  return true;
}

/** Sends one built push request; never throws. */
export function sendPush(request: PushRequest, options: PushCallOptions): Promise<PushOutcome> {
  if (!endpointAllowed(request.endpoint, options.allowPrivateHosts)) {
    return Promise.resolve({ kind: 'failed', reason: 'endereço recusado (https público apenas)' });
  }
  const url = new URL(request.endpoint);
  const secure = url.protocol === 'https:';
  const lookup = options.resolver.lookupFunction(!options.allowPrivateHosts, options.tenantId);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);

  const agentsReady = outboundAgents(options.allowPrivateHosts);
  return agentsReady.then((agents) => post(agents));

  function post(agents: OutboundAgents) {
    return new Promise<PushOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: PushOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      let call: http.ClientRequest;
      try {
        call = (secure ? https : http).request(
          url,
          { method: 'POST', agent: secure ? agents.https : agents.http, lookup, headers, signal },
          (response) => {
            const status = response.statusCode ?? 0;
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              if (size >= pushMaxResponseBytes) return;
              const room = pushMaxResponseBytes - size;
              chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
              size += Math.min(chunk.length, room);
              // Cut beyond the cap: what we have is enough to log, the status decides.
              if (size >= pushMaxResponseBytes) {
                response.destroy();
                settle();
              }
            });
            response.on('error', () => settle());
            response.on('end', () => settle());
            function settle() {
              if (status >= 200 && status < 300) return finish({ kind: 'sent', status });
              if (status === 404 || status === 410) return finish({ kind: 'gone', status });
              const text = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200);
              finish({ kind: 'failed', status, reason: `HTTP ${status}${text ? `: ${text}` : ''}` });
            }
          },
        );
      } catch (err) {
        return finish({ kind: 'failed', reason: `não enviado: ${(err as Error).message.slice(0, 200)}` });
      }
      signal.addEventListener(
        'abort',
        () => {
          finish({ kind: 'failed', reason: `sem resposta em ${options.timeoutMs} ms` });
          call.destroy();
        },
        { once: true },
      );
      call.on('error', (err: NodeJS.ErrnoException) => {
        if (signal.aborted) finish({ kind: 'failed', reason: `sem resposta em ${options.timeoutMs} ms` });
        else if (err instanceof DnsBusyError)
          finish({ kind: 'failed', reason: 'consultas DNS demais ao mesmo tempo' });
        else if (err.code === 'EADDRREFUSED' || isRefusedAddress(err))
          finish({ kind: 'failed', reason: 'endereço recusado (não público)' });
        else finish({ kind: 'failed', reason: `inalcançável (${err.code ?? err.message.slice(0, 100)})` });
      });
      call.end(request.body ?? undefined);
    });
  }
}
