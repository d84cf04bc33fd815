import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hostResolverFor } from '../../lib/ssrf.ts';
import { hitCounter } from '../identity/identity.service.ts';
import { isAllowedDigisacOrigin } from '../tenants/tenant-settings.service.ts';
import {
  DigisacCallError,
  type DigisacMethod,
  digisacRequest,
  isNotFound,
  redactToken,
} from './digisac.client.ts';

// What ingestion asks a tenant's DigiSac (../shared/integrations/digisac.md): its webhook, one
// contact or ticket, a ticket's messages, the tickets updated since a moment. Filters always go in
// the `query` JSON: DigiSac silently ignores flat parameters such as `?ticketId=` and answers
// unfiltered. Called outside any transaction; a failure is a DigisacCallError whose failure holds
// no token (the caller logs it and retries later).

export interface DigisacRemoteDeps {
  config: Pick<
    Config,
    | 'DIGISAC_ALLOW_PRIVATE_HOSTS'
    | 'DIGISAC_TIMEOUT_MS'
    | 'DIGISAC_MAX_RESPONSE_BYTES'
    | 'DIGISAC_MAX_RESPONSE_VALUES'
    | 'DIGISAC_MAX_REQUESTS_PER_SECOND'
    | 'DNS_SERVERS'
    | 'DNS_TIMEOUT_MS'
    | 'DNS_MAX_CONCURRENT_LOOKUPS'
    | 'DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT'
  >;
  /** Where the per-tenant call counter lives (security_counters). */
  db: Db;
  log: FastifyBaseLogger;
  /** Longest a call waits for its turn (default maxRateWaitMs); 0: rate_limited at once when none is free. */
  maxRateWaitMs?: number;
}

/** A tenant's DigiSac: its stored host and the token's plaintext (the caller decrypts it). */
export interface DigisacAccess {
  tenantId: string;
  host: string;
  token: string;
}

/** One page of a DigiSac list: its items (at most the perPage asked) and its last page. */
export interface DigisacPage {
  data: unknown[];
  lastPage: number;
}

export interface DigisacPaging {
  /** 1-based. */
  page: number;
  perPage: number;
}

/** The events Atende's webhook listens to. */
export const webhookEvents = ['message.created', 'message.updated'] as const;

const includeAll = [{ model: 'contact' }, { model: 'user' }, { model: 'department' }];

// The per-tenant limit. Every server process calls DigiSac for the same tenant (workers claim
// events in all of them), and DigiSac is one account that asks integrators to be gentle: a limit
// per process would multiply with the processes, so calls are counted in the database, before
// each is sent, in one-second windows.
const rateWindowMs = 1000;
/** Longest a call waits for its turn before giving up (the caller retries later). */
const maxRateWaitMs = 5000;

/** Waits until the tenant's window has room for one more call; rate_limited after maxRateWaitMs. */
async function takeTurn(deps: DigisacRemoteDeps, tenantId: string) {
  const limit = deps.config.DIGISAC_MAX_REQUESTS_PER_SECOND;
  const giveUpAt = Date.now() + (deps.maxRateWaitMs ?? maxRateWaitMs);
  for (;;) {
    const hit = await hitCounter(deps.db, `digisac-calls:${tenantId}`, rateWindowMs);
    if (hit.count <= limit) return;
    // The window's end is the database's clock: bounded to one window in case ours differs; a
    // little jitter so the waiting processes do not all come back in the same millisecond.
    const wait =
      Math.min(rateWindowMs, Math.max(10, hit.resetAt.getTime() - Date.now())) + Math.random() * 20;
    if (Date.now() + wait > giveUpAt) throw new DigisacCallError({ kind: 'rate_limited', limit });
    await sleep(wait);
  }
}

interface RemoteCall {
  /** What is asked, for the log (getTicket, listTicketMessages, …). */
  name: string;
  method: DigisacMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** One call in the tenant's turn: the parsed answer, or DigisacCallError without the token in it. */
async function send(deps: DigisacRemoteDeps, access: DigisacAccess, call: RemoteCall): Promise<unknown> {
  const { config } = deps;
  // The caller checked the stored host; this is the last guard (a host saved before the rules).
  const secure = access.host.toLowerCase().startsWith('https://');
  if (!isAllowedDigisacOrigin(config, access.host) || (!secure && !config.DIGISAC_ALLOW_PRIVATE_HOSTS)) {
    throw new DigisacCallError({ kind: 'blocked' });
  }
  await takeTurn(deps, access.tenantId);
  try {
    return await digisacRequest({
      method: call.method,
      host: access.host,
      token: access.token,
      path: call.path,
      query: call.query ? { query: JSON.stringify(call.query) } : undefined,
      body: call.body,
      allowPrivateHosts: config.DIGISAC_ALLOW_PRIVATE_HOSTS,
      timeoutMs: config.DIGISAC_TIMEOUT_MS,
      resolver: hostResolverFor(config),
      tenantId: access.tenantId,
      maxResponseBytes: config.DIGISAC_MAX_RESPONSE_BYTES,
      maxResponseValues: config.DIGISAC_MAX_RESPONSE_VALUES,
    });
  } catch (err) {
    if (!(err instanceof DigisacCallError)) throw err;
    const failure = redactToken(err.failure, access.token);
    if (!isNotFound(err)) {
      deps.log.debug({ tenantId: access.tenantId, call: call.name, digisac: failure }, 'DigiSac call failed');
    }
    throw new DigisacCallError(failure);
  }
}

/** An answer that is not what was asked for: an upstream failure of a 200. */
const unexpected = (message: string) => new DigisacCallError({ kind: 'upstream', status: 200, message });

const objectOf = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A list envelope → its items (at most perPage: bounded by what was asked) and its last page. */
function pageOf(body: unknown, paging: DigisacPaging): DigisacPage {
  const envelope = objectOf(body);
  if (!envelope || !Array.isArray(envelope.data)) throw unexpected('answer is not a list');
  const data = envelope.data.slice(0, paging.perPage);
  const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : undefined);
  const total = typeof envelope.total === 'number' && envelope.total >= 0 ? envelope.total : undefined;
  const lastPage =
    whole(envelope.lastPage) ??
    (total !== undefined
      ? Math.ceil(total / paging.perPage)
      : data.length < paging.perPage
        ? paging.page
        : paging.page + 1);
  return { data, lastPage: Math.max(1, lastPage) };
}

/**
 * The entity answered (raw), or undefined when DigiSac has none (a 404: gone, not an error). An
 * answer that is not an object is an upstream failure, not an absence.
 */
async function entityOr404(call: Promise<unknown>): Promise<Record<string, unknown> | undefined> {
  let body: unknown;
  try {
    body = await call;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
  const entity = objectOf(body);
  if (!entity) throw unexpected('answer is not an object');
  return entity;
}

/** POST /api/v1/me/webhooks: Atende's webhook at the tenant's DigiSac, active, for new and edited messages. */
export async function registerWebhook(
  deps: DigisacRemoteDeps,
  access: DigisacAccess,
  webhook: { url: string; name: string },
): Promise<{ id: string }> {
  const body = await send(deps, access, {
    name: 'registerWebhook',
    method: 'POST',
    path: '/api/v1/me/webhooks',
    body: { name: webhook.name, url: webhook.url, events: webhookEvents, type: 'general', active: true },
  });
  const id = objectOf(body)?.id;
  if (typeof id !== 'string' || id === '' || id.length > 200) throw unexpected('answer has no webhook id');
  return { id };
}

/**
 * Turns the webhook off at DigiSac: DELETE (not documented, but records look soft-deleted), and
 * where DigiSac has no such route (404 or 405), PUT `active: false`. A webhook already gone (a 404
 * to the PUT) counts as done.
 */
export async function deactivateWebhook(
  deps: DigisacRemoteDeps,
  access: DigisacAccess,
  webhookId: string,
): Promise<void> {
  const path = `/api/v1/me/webhooks/${encodeURIComponent(webhookId)}`;
  try {
    await send(deps, access, { name: 'deactivateWebhook', method: 'DELETE', path });
    return;
  } catch (err) {
    const status =
      err instanceof DigisacCallError && err.failure.kind === 'upstream' ? err.failure.status : 0;
    if (status !== 404 && status !== 405) throw err;
  }
  try {
    await send(deps, access, { name: 'deactivateWebhook', method: 'PUT', path, body: { active: false } });
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}

/** GET /api/v1/contacts/{id}: the raw contact, or undefined when DigiSac has none (404). */
export function getContact(deps: DigisacRemoteDeps, access: DigisacAccess, id: string) {
  const path = `/api/v1/contacts/${encodeURIComponent(id)}`;
  return entityOr404(send(deps, access, { name: 'getContact', method: 'GET', path }));
}

/** GET /api/v1/tickets/{id} with its contact, user and department: raw, or undefined on a 404. */
export function getTicket(deps: DigisacRemoteDeps, access: DigisacAccess, id: string) {
  const path = `/api/v1/tickets/${encodeURIComponent(id)}`;
  return entityOr404(
    send(deps, access, { name: 'getTicket', method: 'GET', path, query: { include: includeAll } }),
  );
}

/**
 * One page of a ticket's messages (those updated since `updatedSince`, when given), oldest first by `timestamp` (the conversation's order; id
 * breaks ties so pages do not overlap).
 */
export async function listTicketMessages(
  deps: DigisacRemoteDeps,
  access: DigisacAccess,
  input: { ticketId: string; updatedSince?: Date } & DigisacPaging,
): Promise<DigisacPage> {
  const body = await send(deps, access, {
    name: 'listTicketMessages',
    method: 'GET',
    path: '/api/v1/messages',
    query: {
      where: {
        ticketId: input.ticketId,
        // The catch-up reads only what changed (created, or synced later from the phone).
        ...(input.updatedSince && { updatedAt: { $gte: input.updatedSince.toISOString() } }),
      },
      order: [
        ['timestamp', 'ASC'],
        ['id', 'ASC'],
      ],
      page: input.page,
      perPage: input.perPage,
    },
  });
  return pageOf(body, input);
}

/** One page of the tickets updated at or after `since`, oldest update first, with contact, user and department. */
export async function listTicketsUpdatedSince(
  deps: DigisacRemoteDeps,
  access: DigisacAccess,
  input: { since: Date } & DigisacPaging,
): Promise<DigisacPage> {
  const body = await send(deps, access, {
    name: 'listTicketsUpdatedSince',
    method: 'GET',
    path: '/api/v1/tickets',
    query: {
      where: { updatedAt: { $gte: input.since.toISOString() } },
      include: includeAll,
      order: [
        ['updatedAt', 'ASC'],
        ['id', 'ASC'],
      ],
      page: input.page,
      perPage: input.perPage,
    },
  });
  return pageOf(body, input);
}
