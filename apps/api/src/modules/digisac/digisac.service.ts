import { createHash, randomBytes } from 'node:crypto';
import {
  type DigisacConnectionTest,
  type DigisacConnectionTestBody,
  type DigisacEventList,
  type DigisacEventsQuery,
  type DigisacStatus,
  type DigisacTicket,
  type DigisacTicketList,
  type DigisacTicketsQuery,
  type DigisacWebhookState,
  digisacIngestionMessages,
  digisacMessages,
  tenantSettingsMessages,
  updateTenantSettingsSchema,
} from '@atende/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withSystem } from '../../db/system.ts';
import type { TenantScope, TenantTx } from '../../db/tenant.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decryptSecret, type SecretKey, SecretUnreadableError } from '../../lib/secrets.ts';
import { hostResolverFor } from '../../lib/ssrf.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import * as settings from '../tenants/tenant-settings.service.ts';
import { DigisacCallError, type DigisacFailure, digisacGet, redactToken } from './digisac.client.ts';
import type { InboxEntry } from './digisac.inbox.ts';
import * as remote from './digisac.remote.ts';
import * as repo from './digisac.repo.ts';

// The DigiSac integration: the tenant's tickets and the connection test (read-only), and the
// ingestion's webhook (registered at DigiSac, received here), status and failed events. The stored
// settings are read in a short tenant transaction; DigiSac is called outside any transaction.

export interface DigisacDeps {
  config: Pick<
    Config,
    | 'DIGISAC_ALLOW_PRIVATE_HOSTS'
    | 'DIGISAC_TIMEOUT_MS'
    | 'DIGISAC_MAX_RESPONSE_BYTES'
    | 'DIGISAC_MAX_RESPONSE_VALUES'
    | 'DNS_SERVERS'
    | 'DNS_TIMEOUT_MS'
    | 'DNS_MAX_CONCURRENT_LOOKUPS'
    | 'DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT'
  >;
  secretKey: SecretKey;
  /** The request's logger: upstream statuses and messages, never the token. */
  log: FastifyBaseLogger;
}

interface Credentials {
  host: string;
  token: string;
  /** Whose call it is: its DNS look-ups count against the tenant's sub-cap. */
  tenantId: string;
}

const tenantNotFound = () => notFound('Organização não encontrada.');

/** An upstream failure as the client sees it: pt-BR, 502 or 504 (429 when DNS is busy), never a 500. */
function failureError(failure: DigisacFailure): AppError {
  switch (failure.kind) {
    case 'busy':
      return new AppError('rate_limited', digisacMessages.dnsBusy);
    // digisac.remote.ts's per-tenant call limit (the webhook's registration; the proxy's calls are
    // not counted).
    case 'rate_limited':
      return new AppError('rate_limited', digisacMessages.upstreamError);
    case 'timeout':
      return new AppError('gateway_timeout', digisacMessages.timeout);
    case 'blocked':
      return new AppError('bad_gateway', digisacMessages.privateHost);
    case 'unreachable':
      return new AppError('bad_gateway', digisacMessages.unreachable);
    case 'unauthorized':
      return new AppError('bad_gateway', digisacMessages.badToken);
    case 'upstream':
      return new AppError('bad_gateway', digisacMessages.upstreamError);
  }
}

/** Logs why a call failed (status and DigiSac's message, with the token removed at any depth). */
function logFailure(log: FastifyBaseLogger, failure: DigisacFailure, token?: string) {
  const digisac = token ? redactToken(failure, token) : failure;
  if (failure.kind === 'upstream' || failure.kind === 'unreachable' || failure.kind === 'blocked') {
    log.warn({ digisac }, 'DigiSac call failed');
  } else log.info({ digisac }, 'DigiSac call failed');
}

async function call(
  deps: DigisacDeps,
  credentials: Credentials,
  path: string,
  query?: Record<string, string>,
) {
  try {
    return await digisacGet({
      ...credentials,
      path,
      query,
      allowPrivateHosts: deps.config.DIGISAC_ALLOW_PRIVATE_HOSTS,
      timeoutMs: deps.config.DIGISAC_TIMEOUT_MS,
      resolver: hostResolverFor(deps.config),
      tenantId: credentials.tenantId,
      maxResponseBytes: deps.config.DIGISAC_MAX_RESPONSE_BYTES,
      maxResponseValues: deps.config.DIGISAC_MAX_RESPONSE_VALUES,
    });
  } catch (err) {
    if (!(err instanceof DigisacCallError)) throw err;
    logFailure(deps.log, err.failure, credentials.token);
    throw new DigisacFailureError(failureError(err.failure), err.failure);
  }
}

/** The AppError a failed call answers, with the failure behind it (for the connection test). */
class DigisacFailureError extends AppError {
  constructor(
    error: AppError,
    readonly failure: DigisacFailure,
  ) {
    super(error.code, error.detail);
  }
}

/** The stored token's plaintext, or a 409 saying it must be typed again. */
function readToken(
  deps: DigisacDeps,
  tenantId: string,
  stored: { token: string; tokenKeyId: string | null },
) {
  try {
    return decryptSecret(deps.secretKey, stored.token, stored.tokenKeyId, tenantId);
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    deps.log.error({ reason: err.message }, 'stored DigiSac token unreadable');
    throw new AppError('conflict', digisacMessages.tokenUnreadable);
  }
}

/** A stored http:// host is refused unless DIGISAC_ALLOW_PRIVATE_HOSTS (saved before https-only). */
const isInsecureHost = (deps: Pick<DigisacDeps, 'config'>, host: string) =>
  !deps.config.DIGISAC_ALLOW_PRIVATE_HOSTS && !host.toLowerCase().startsWith('https://');

/** Why a stored host cannot be used as stored (saved before the rules), or undefined. */
function storedHostProblem(deps: Pick<DigisacDeps, 'config'>, host: string) {
  if (isInsecureHost(deps, host)) return digisacMessages.insecureStoredHost;
  if (!settings.isAllowedDigisacOrigin(deps.config, host)) return digisacMessages.storedHostNotOrigin;
  return undefined;
}

/** The tenant's stored credentials: 409 when not configured or not usable as stored. */
export async function storedCredentials(deps: DigisacDeps, tenantTx: TenantTx) {
  const { tenantId } = tenantTx;
  const stored = await tenantTx(settings.findDigisacSettings);
  if (!stored.host || !stored.token) throw new AppError('conflict', digisacMessages.notConfigured);
  const problem = storedHostProblem(deps, stored.host);
  if (problem) throw new AppError('conflict', problem);
  return {
    tenantId,
    host: stored.host,
    token: readToken(deps, tenantId, { token: stored.token, tokenKeyId: stored.tokenKeyId }),
  };
}

// --- Mapping DigiSac's shapes, defensively: anything missing or of another type is null. ---

type Json = Record<string, unknown>;
const objectOf = (v: unknown): Json | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
const textOf = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== ''
    ? v
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : null;
const dateOf = (v: unknown): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const date = new Date(v);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};
const secondsOf = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
const wholeOf = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;

export function toDigisacTicket(raw: Json, index: number): DigisacTicket {
  const contact = objectOf(raw.contact);
  const endedAt = dateOf(raw.endedAt);
  return {
    id: textOf(raw.id) ?? `sem-id-${index}`,
    protocol: textOf(raw.protocol),
    contact_name:
      textOf(contact?.name) ?? textOf(contact?.alternativeName) ?? textOf(contact?.internalName) ?? null,
    contact_number: textOf(objectOf(contact?.data)?.number),
    is_open: typeof raw.isOpen === 'boolean' ? raw.isOpen : endedAt === null,
    department: textOf(objectOf(raw.department)?.name),
    agent: textOf(objectOf(raw.user)?.name),
    started_at: dateOf(raw.startedAt) ?? dateOf(raw.createdAt),
    updated_at: dateOf(raw.updatedAt),
    ended_at: endedAt,
    waiting_time_seconds: secondsOf(objectOf(raw.metrics)?.waitingTime),
  };
}

/**
 * DigiSac's list envelope → ours; a body that is not one is an upstream error. At most per_page
 * of its items are looked at and mapped, whatever DigiSac sends: the answer's size is bounded by
 * what was asked, not by what came back.
 */
function toTicketList(deps: DigisacDeps, body: unknown, query: DigisacTicketsQuery): DigisacTicketList {
  const envelope = objectOf(body);
  const data = envelope?.data;
  if (!envelope || !Array.isArray(data)) {
    const failure: DigisacFailure = { kind: 'upstream', status: 200, message: 'answer is not a ticket list' };
    logFailure(deps.log, failure);
    throw failureError(failure);
  }
  const total = wholeOf(envelope.total) ?? (query.page - 1) * query.per_page + data.length;
  const lastPage = wholeOf(envelope.lastPage) ?? Math.ceil(total / query.per_page);
  return {
    tickets: data.slice(0, query.per_page).flatMap((t, i) => {
      const ticket = objectOf(t);
      return ticket ? [toDigisacTicket(ticket, i)] : [];
    }),
    total,
    page: query.page,
    per_page: query.per_page,
    last_page: Math.max(1, lastPage),
  };
}

/** GET /tenants/{tenantId}/digisac/tickets: the tenant's DigiSac tickets, newest first. */
export async function listDigisacTickets(
  deps: DigisacDeps,
  tenantTx: TenantTx,
  tenantId: string,
  query: DigisacTicketsQuery,
): Promise<DigisacTicketList> {
  // Another tenant's id answers as an unknown one does.
  if (tenantId !== tenantTx.tenantId) throw tenantNotFound();
  const credentials = await storedCredentials(deps, tenantTx);
  const digisacQuery = {
    include: [{ model: 'contact' }, { model: 'user' }, { model: 'department' }],
    order: [['createdAt', 'DESC']],
    page: query.page,
    perPage: query.per_page,
  };
  const body = await call(deps, credentials, '/api/v1/tickets', { query: JSON.stringify(digisacQuery) });
  return toTicketList(deps, body, query);
}

const notOk = (message: string): DigisacConnectionTest => ({ ok: false, user_name: null, message });

/**
 * The typed host, checked as saving would (syntax, https, port, address); undefined when blank or
 * absent. Syntax, scheme and port errors are field-named 400s (they say nothing about the
 * network); a refusal by the address check (a private literal, `localhost`, a name resolving to a
 * private address) is `refused`: the test answers it where a call's failure would be answered,
 * ok:false with the one sentence of a name that does not resolve or does not answer, so neither
 * its status nor its message can tell internal names apart.
 */
async function typedHost(
  deps: DigisacDeps,
  tenantId: string,
  host: string | undefined,
): Promise<{ host?: string; refused?: true }> {
  if (host === undefined || host.trim() === '') return {};
  const parsed = updateTenantSettingsSchema.shape.digisac_host.safeParse(host);
  if (!parsed.success || !parsed.data) {
    const message = parsed.error?.issues[0]?.message ?? tenantSettingsMessages.hostInvalid;
    throw new AppError('validation_error', message, [{ field: 'body.digisac_host', message }]);
  }
  try {
    await settings.checkDigisacHost(deps.config, tenantId, parsed.data);
  } catch (err) {
    if (err instanceof settings.DigisacAddressRefusedError) return { host: parsed.data, refused: true };
    throw err;
  }
  return { host: parsed.data };
}

/**
 * The test's outcome for a host the user typed (not the stored one): with private hosts refused,
 * a refused address, a name that does not resolve, a refused connection and no answer in time all
 * answer the one sentence of the address check, so the test cannot be used to tell internal
 * names, or open ports, apart. DIGISAC_ALLOW_PRIVATE_HOSTS (development) keeps each reason.
 */
function typedHostFailure(deps: DigisacDeps, failure: DigisacFailure, detail: string) {
  if (deps.config.DIGISAC_ALLOW_PRIVATE_HOSTS) return detail;
  return failure.kind === 'blocked' || failure.kind === 'unreachable' || failure.kind === 'timeout'
    ? digisacMessages.privateHost
    : detail;
}

/**
 * POST /tenants/settings/digisac/test: DigiSac's GET /api/v1/me with the typed host and token, or
 * the stored ones where absent. A stored token is only sent to the stored host. Malformed input is
 * a field-named 400; everything about the connection itself (not configured, bad token, timeout,
 * unreachable, blocked address, upstream errors) is a 200 with ok:false and a pt-BR message, since
 * the form shows the outcome of a test, not an error of the request.
 */
export async function testDigisacConnection(
  deps: DigisacDeps,
  tenantTx: TenantTx,
  body: DigisacConnectionTestBody,
): Promise<DigisacConnectionTest> {
  const { tenantId } = tenantTx;
  const typed = await typedHost(deps, tenantId, body?.digisac_host);
  const host = typed.host;
  const token = body?.digisac_token?.trim() ? body.digisac_token.trim() : undefined;
  const stored = await tenantTx(settings.findDigisacSettings);

  const useHost = host ?? stored.host;
  if (!useHost) return notOk(digisacMessages.notConfigured);
  if (!host) {
    const problem = storedHostProblem(deps, useHost);
    if (problem) return notOk(problem);
  }
  let useToken = token;
  if (useToken === undefined) {
    if (host !== undefined && host !== stored.host) return notOk(digisacMessages.tokenForNewHost);
    if (!stored.token) return notOk(digisacMessages.notConfigured);
    try {
      useToken = readToken(deps, tenantId, { token: stored.token, tokenKeyId: stored.tokenKeyId });
    } catch (err) {
      if (err instanceof AppError) return notOk(err.detail);
      throw err;
    }
  }

  // Where the call would have failed to connect: the same answer as an unreachable typed name.
  if (typed.refused) return notOk(digisacMessages.privateHost);
  let me: unknown;
  try {
    me = await call(deps, { tenantId, host: useHost, token: useToken }, '/api/v1/me');
  } catch (err) {
    if (!(err instanceof DigisacFailureError)) throw err;
    // The server's own limit is the request's answer (429), not the test's outcome.
    if (err.failure.kind === 'busy') throw err;
    const typedNew = host !== undefined && host !== stored.host;
    return notOk(typedNew ? typedHostFailure(deps, err.failure, err.detail) : err.detail);
  }
  const user = objectOf(me);
  const name = textOf(user?.name) ?? textOf(user?.email);
  if (!user) return notOk(digisacMessages.upstreamError);
  return {
    ok: true,
    user_name: name,
    message: name ? `Conectado como ${name}.` : 'Conectado ao DigiSac.',
  };
}

// ── Ingestion: the webhook at DigiSac, the intake, the status, the inbox's events ──────────────

export interface DigisacWebhookDeps extends DigisacDeps {
  config: DigisacDeps['config'] & Pick<Config, 'PUBLIC_URL' | 'DIGISAC_MAX_REQUESTS_PER_SECOND'>;
  /** Where digisac.remote.ts counts the tenant's calls. */
  db: Db;
}

/** Where DigiSac posts a tenant's events: the secret is the last segment. */
export const webhookPathPrefix = '/webhooks/digisac/';
/** The webhook's name in DigiSac's screen. */
const webhookName = 'Atende';

/** The secret as stored: only its SHA-256 (hex); 256 random bits need no slow hash. */
export const hashWebhookSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A call through digisac.remote.ts, its failure answered as the proxy's are (pt-BR 502/504/429). */
async function upstream<T>(deps: DigisacDeps, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (!(err instanceof DigisacCallError)) throw err;
    logFailure(deps.log, err.failure); // remote.ts removed the token already
    throw failureError(err.failure);
  }
}

/** Turns a webhook off at DigiSac where nothing waits on it: a failure is logged, not answered. */
async function deactivateQuietly(deps: DigisacWebhookDeps, access: remote.DigisacAccess, webhookId: string) {
  try {
    await remote.deactivateWebhook(deps, access, webhookId);
  } catch (err) {
    if (!(err instanceof DigisacCallError)) throw err;
    deps.log.warn({ digisac: err.failure }, 'DigiSac webhook left active (its deliveries get 404 here)');
  }
}

/**
 * POST /tenants/settings/digisac/webhook: registers Atende's webhook at the tenant's DigiSac with
 * a fresh 256-bit secret in its URL (stored here as its hash). A webhook registered before is
 * replaced (its secret stops working at once) and turned off at DigiSac, best effort.
 */
export async function registerDigisacWebhook(
  deps: DigisacWebhookDeps,
  tenantTx: TenantTx,
  actor: Actor,
): Promise<DigisacWebhookState> {
  // DigiSac would post customers' conversations to it in clear text.
  if (
    !deps.config.DIGISAC_ALLOW_PRIVATE_HOSTS &&
    !deps.config.PUBLIC_URL.toLowerCase().startsWith('https://')
  ) {
    throw new AppError('conflict', digisacIngestionMessages.publicUrlNotHttps);
  }
  const access = await storedCredentials(deps, tenantTx);
  const secret = randomBytes(32).toString('base64url');
  const url = `${deps.config.PUBLIC_URL}${webhookPathPrefix}${secret}`;
  const { id } = await upstream(deps, remote.registerWebhook(deps, access, { url, name: webhookName }));
  let replaced: string | null | undefined;
  try {
    replaced = await tenantTx(async (scope) => {
      const { tx, tenantId } = scope;
      const link = await repo.lockLink(tx, tenantId);
      await repo.saveWebhook(tx, tenantId, { secretHash: hashWebhookSecret(secret), webhookId: id });
      await recordAudit(scope, actor, {
        action: 'digisac.realtime_enabled',
        details: { rotated: link?.webhookSecretHash != null },
      });
      return link?.webhookId;
    });
  } catch (err) {
    // Not saved: nobody here knows its secret, so DigiSac must not keep it.
    await deactivateQuietly(deps, access, id);
    throw err;
  }
  if (replaced && replaced !== id) await deactivateQuietly(deps, access, replaced);
  return { active: true };
}

/**
 * DELETE /tenants/settings/digisac/webhook: turns the webhook off at DigiSac, then here. Without a
 * usable DigiSac (not configured, token unreadable) only here: its secret stops working, and what
 * DigiSac still posts is answered 404. A DigiSac failure answers its error and changes nothing.
 */
export async function removeDigisacWebhook(
  deps: DigisacWebhookDeps,
  tenantTx: TenantTx,
  actor: Actor,
): Promise<DigisacWebhookState> {
  const link = await tenantTx(({ tx, tenantId }) => repo.findLink(tx, tenantId));
  if (!link?.webhookSecretHash) return { active: false };
  if (link.webhookId) {
    const access = await storedCredentials(deps, tenantTx).catch((err) => {
      if (err instanceof AppError && err.code === 'conflict') return undefined;
      throw err;
    });
    if (access) await upstream(deps, remote.deactivateWebhook(deps, access, link.webhookId));
  }
  return tenantTx(async (scope) => {
    const { tx, tenantId } = scope;
    const current = await repo.lockLink(tx, tenantId);
    // A POST that rotated the secret meanwhile keeps its new webhook.
    if (current?.webhookId !== link.webhookId) return { active: current?.webhookSecretHash != null };
    await repo.saveWebhook(tx, tenantId, null);
    await recordAudit(scope, actor, { action: 'digisac.realtime_disabled' });
    return { active: false };
  });
}

export interface DigisacIntakeDeps {
  db: Db;
  config: Pick<Config, 'DIGISAC_INTAKE_EVENTS_PER_SECOND' | 'DIGISAC_INTAKE_BURST'>;
}

/** The intake's verdict on a delivery: stored (or seen before), an unknown secret, or over the limit. */
export type WebhookDelivery = { stored: boolean } | 'unknown' | 'limited';

/**
 * System, in one statement as the owner (the tenant is not known before it): the tenant whose
 * webhook secret this is, a token of its intake limit (shared by every process: rows in the
 * database, split in shards so one tenant's deliveries do not all wait on one row lock held until
 * the commit), and the event into its inbox. One round trip besides the transaction's own; the
 * commit waits for the disk, so a 202 means the event is kept.
 */
export function receiveWebhookDelivery(
  deps: DigisacIntakeDeps,
  secret: string,
  entry: InboxEntry,
): Promise<WebhookDelivery> {
  const hash = hashWebhookSecret(secret);
  const { DIGISAC_INTAKE_EVENTS_PER_SECOND: perSecond, DIGISAC_INTAKE_BURST: burst } = deps.config;
  return withSystem(deps.db, 'digisac-intake', async (tx) => {
    const result = await repo.admitAndStore(tx, { hash, perSecond, burst, event: entry });
    if (!result.tenantId) return 'unknown';
    return result.admitted ? { stored: result.stored } : 'limited';
  });
}

/** Seconds until a limited tenant's bucket shard holds a token again (at least 1). */
export const intakeRetryAfterSeconds = (config: DigisacIntakeDeps['config']) =>
  Math.max(
    1,
    Math.ceil(
      repo.intakeBucketShards(config.DIGISAC_INTAKE_EVENTS_PER_SECOND) /
        config.DIGISAC_INTAKE_EVENTS_PER_SECOND,
    ),
  );

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * What stands in the way of turning real time on, as registerDigisacWebhook would refuse it
 * (without calling DigiSac: a bad token shows only when it is called), or null.
 */
async function setupProblem(
  deps: Pick<DigisacWebhookDeps, 'config'>,
  scope: TenantScope,
): Promise<string | null> {
  // In registerDigisacWebhook's order: the server's address first, then the tenant's settings.
  if (
    !deps.config.DIGISAC_ALLOW_PRIVATE_HOSTS &&
    !deps.config.PUBLIC_URL.toLowerCase().startsWith('https://')
  ) {
    return digisacIngestionMessages.publicUrlNotHttps;
  }
  const stored = await settings.findDigisacSettings(scope);
  if (!stored.host || !stored.token) return digisacIngestionMessages.notConfiguredForRealtime;
  return storedHostProblem(deps, stored.host) ?? null;
}

/**
 * GET /tenants/settings/digisac/status: the webhook, the last day's events by state, the sync,
 * the newest import and what keeps real time from being turned on.
 */
export async function getDigisacStatus(
  deps: Pick<DigisacWebhookDeps, 'config'>,
  scope: TenantScope,
): Promise<DigisacStatus> {
  const { tx, tenantId } = scope;
  const link = await repo.findLink(tx, tenantId);
  const counts = await repo.eventCounts24h(tx);
  const lastEventAt = await repo.lastWebhookEventAt(tx);
  const latestImport = await repo.latestImport(tx);
  const countOf = (state: string) => counts.find((c) => c.state === state)?.n ?? 0;
  return {
    webhook: {
      active: link?.webhookSecretHash != null,
      registered_at: iso(link?.webhookRegisteredAt),
      last_event_at: iso(lastEventAt),
    },
    events_24h: {
      received: counts.reduce((sum, c) => sum + c.n, 0),
      processed: countOf('processed'),
      failed: countOf('failed'),
      ignored: countOf('ignored'),
    },
    last_sync_at: iso(link?.lastSyncAt),
    setup_problem: await setupProblem(deps, scope),
    import: latestImport ? importStatusOf(latestImport) : null,
  };
}

/** GET /tenants/settings/digisac/events: the inbox's events in one state, newest first, without payloads. */
export async function listDigisacEvents(
  { tx }: TenantScope,
  query: DigisacEventsQuery,
): Promise<DigisacEventList> {
  const { rows, total } = await repo.listEvents(tx, query.state, query.page, query.per_page);
  return {
    events: rows.map((row) => ({
      id: row.id,
      event: row.event,
      received_at: row.receivedAt.toISOString(),
      attempts: row.attempts,
      error: row.error,
    })),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

/** POST /tenants/settings/digisac/events/{id}/retry: a failed event goes back to the workers, now. */
export async function retryDigisacEvent({ tx }: TenantScope, id: string): Promise<void> {
  if (await repo.retryEvent(tx, id)) return;
  const state = await repo.eventState(tx, id);
  if (state === undefined) throw notFound(digisacIngestionMessages.eventNotFound);
  throw new AppError('conflict', digisacIngestionMessages.eventNotFailed);
}

// --- The history import's routes (its pages are read by digisac.pull.ts) ---

/** Starts importing the tickets updated in the last `days` days: 409 while one runs. */
export async function startImport(scope: TenantScope, actor: Actor, days: number) {
  const { tenantId, tx } = scope;
  const latest = await repo.latestImport(tx);
  if (latest?.state === 'running') {
    throw new AppError('conflict', 'Uma importação do DigiSac já está em andamento. Aguarde ou cancele-a.');
  }
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const row = await repo.insertImport(tx, { tenantId, days, since });
  await recordAudit(scope, actor, { action: 'digisac.import_started', details: { days } });
  return { import_id: row.id };
}

/** Cancels the running import: 409 when none runs. */
export async function cancelImport({ tx }: TenantScope) {
  if (!(await repo.cancelImport(tx))) {
    throw new AppError('conflict', 'Nenhuma importação do DigiSac em andamento.');
  }
}

/** The newest import as the settings screen shows it (`idle` before the first). */
export async function importStatus({ tx }: TenantScope) {
  return importStatusOf(await repo.latestImport(tx));
}

function importStatusOf(row: repo.DigisacImport | undefined) {
  if (!row) {
    return {
      state: 'idle' as const,
      started_at: null,
      finished_at: null,
      tickets: 0,
      messages: 0,
      progress: 0,
      error: null,
    };
  }
  return {
    state: row.state as 'running' | 'done' | 'failed' | 'cancelled',
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    tickets: row.tickets,
    messages: row.messages,
    progress: importProgress(row),
    error: row.error,
  };
}

/** An import's progress 0..1: how far its cursor went between its start of window and its start. */
function importProgress(row: repo.DigisacImport) {
  if (row.state === 'done') return 1;
  const span = row.startedAt.getTime() - row.since.getTime();
  const gone = (row.cursor ?? row.since).getTime() - row.since.getTime();
  return span > 0 ? Math.min(0.99, Math.max(0, gone / span)) : 0;
}
