import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './notifications.repo.ts';
import { toNotificationDto, toViewer, viewerOf } from './notifications.service.ts';

/**
 * GET /notifications/stream (ARCHITECTURE "Notifications"): Server-Sent Events of the caller's new
 * notifications. The `notifications.created` domain event reaches every process on commit and
 * wakes the tenant's streams there (reactions.ts); each process reads what is new for all its open
 * streams of that tenant in one short
 * tenant transaction (none is held while streaming), filters it per viewer and writes
 * `id: n1-<tenant_seq>` events. A tenant's notifications are numbered 1, 2, 3… in commit order
 * (migration 0015), so a stream only remembers the last number it has read: whatever commits
 * later has a higher one, and nothing is lost. A user's streams end when their sessions do
 * (`user.sessions_ended`: disabled, password changed; `endUser`).
 *
 * Limits (issue 26; config, per process since a stream is a socket of one process): at most
 * NOTIFICATION_STREAMS_PER_USER open streams per user and NOTIFICATION_STREAMS_PER_TENANT per
 * tenant — beyond them a 429 with Retry-After (the oldest is not closed instead: the web
 * reconnects a second after a close, so a user's devices would evict each other in a loop).
 */

/** Events replayed after Last-Event-ID, and rows read per wake-up before reading again. */
export const replayLimit = 200;
export const heartbeatMs = 25_000;
/** What a refused stream is told to wait (the web polls meanwhile, every 30 s). */
export const refusedRetryAfterSeconds = 30;
/** Wake-ups of a tenant within this window make one read per stream. */
const coalesceMs = 20;
/**
 * Reads at once per app: a tenant with many open streams (or a resync waking every stream) must
 * not take every pooled connection from the API's requests.
 */
const maxConcurrentReads = 8;
/** Unsent bytes a stream may hold for a client that does not read before it is ended. */
const maxBufferedBytes = 1024 * 1024;
const maxReadFailures = 5;

/** The id of an event: the version of the format, and the tenant's number of the notification. */
const eventId = (tenantSeq: number) => `n1-${tenantSeq}`;

interface Stream {
  tenantId: string;
  userId: string;
  raw: ServerResponse;
  /** The tenant's number of the last notification read for this stream (sent, or not visible). */
  lastSeq: number;
  timers: NodeJS.Timeout[];
  closed: boolean;
}

const shuttingDown = () => new AppError('unavailable', 'O servidor está reiniciando. Tente novamente.');

/** The token's `exp` (seconds), already verified by the auth hook. */
function tokenExpiry(request: FastifyRequest): number | undefined {
  const token = (request.headers.authorization ?? '').split(' ')[1] ?? '';
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/** `n1-<number>`; anything else (an old numeric seq of every tenant, garbage) counts as absent. */
function parseLastEventId(value: string | string[] | undefined) {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  const match = text ? /^n1-(\d{1,15})$/.exec(text) : null;
  return match ? Number(match[1]) : undefined;
}

export type NotificationStreams = ReturnType<typeof notificationStreams>;

/**
 * The streams of one app, ended when it closes: `open` is the route's handler; `wake` and
 * `endUser` are what the domain events' after-commit reactions call (reactions.ts).
 */
export function notificationStreams(app: FastifyInstance) {
  const perUser = app.config.NOTIFICATION_STREAMS_PER_USER;
  const perTenant = app.config.NOTIFICATION_STREAMS_PER_TENANT;
  const replayWindow = app.config.NOTIFICATION_REPLAY_WINDOW;
  const byTenant = new Map<string, Set<Stream>>();
  /** Streams held per tenant and per `tenant:user`, from the check until they end (or fail to open). */
  const heldByTenant = new Map<string, number>();
  const heldByUser = new Map<string, number>();
  const pendingTenants = new Set<string>();
  let coalesceTimer: NodeJS.Timeout | undefined;
  let closing = false;

  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const release = (tenantId: string, userId: string) => {
    add(heldByTenant, tenantId, -1);
    add(heldByUser, `${tenantId}:${userId}`, -1);
  };

  /** Takes a place for a new stream of the user, or answers 429 naming the limit reached. */
  const hold = (reply: FastifyReply, tenantId: string, userId: string) => {
    const user = `${tenantId}:${userId}`;
    let detail: string | undefined;
    if ((heldByUser.get(user) ?? 0) >= perUser) {
      detail =
        `Limite de ${perUser} conexões de notificações em tempo real por usuário atingido. ` +
        `Feche outra aba ou dispositivo, ou tente novamente em ${refusedRetryAfterSeconds} segundos.`;
    } else if ((heldByTenant.get(tenantId) ?? 0) >= perTenant) {
      detail =
        `Limite de ${perTenant} conexões de notificações em tempo real da sua organização neste ` +
        `servidor atingido. Tente novamente em ${refusedRetryAfterSeconds} segundos.`;
    }
    if (detail) {
      reply.header('retry-after', String(refusedRetryAfterSeconds));
      // The refused client comes back in Retry-After seconds on a new connection: this one is
      // closed now rather than held idle until the keep-alive timeout (a burst of refused opens
      // would otherwise keep their sockets against HTTP_MAX_CONNECTIONS for seconds).
      reply.header('connection', 'close');
      throw new AppError('rate_limited', detail);
    }
    add(heldByUser, user, 1);
    add(heldByTenant, tenantId, 1);
  };

  const end = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    for (const timer of stream.timers) clearTimeout(timer);
    const set = byTenant.get(stream.tenantId);
    set?.delete(stream);
    if (set?.size === 0) byTenant.delete(stream.tenantId);
    release(stream.tenantId, stream.userId);
    stream.raw.end();
  };

  let activeReads = 0;
  const queued: (() => void)[] = [];
  const takeSlot = async () => {
    while (activeReads >= maxConcurrentReads) await new Promise<void>((resolve) => queued.push(resolve));
    activeReads++;
  };
  const releaseSlot = () => {
    activeReads--;
    queued.shift()?.();
  };

  type Row = Awaited<ReturnType<typeof repo.listTenantAfter>>[number];
  type Numbered = Row & { tenantSeq: number };
  const eventOf = (row: Numbered) =>
    `id: ${eventId(row.tenantSeq)}\nevent: notification\ndata: ${JSON.stringify(toNotificationDto(row))}\n\n`;
  /** Committed rows always have their number (the trigger sets it at commit). */
  const numbered = (rows: Row[]) => rows.filter((r): r is Numbered => r.tenantSeq !== null);

  /** Writes the rows as events (`events`: rows already serialised once for many streams). */
  const write = (stream: Stream, rows: Numbered[], events?: Map<number, string>) => {
    if (rows.length === 0) return;
    let out = '';
    for (const row of rows) {
      out += events?.get(row.tenantSeq) ?? eventOf(row);
      stream.lastSeq = Math.max(stream.lastSeq, row.tenantSeq);
    }
    stream.raw.write(out);
    // A client that stopped reading: end it rather than buffer for it (it reconnects with
    // Last-Event-ID and gets what it missed).
    if (stream.raw.writableLength > maxBufferedBytes) end(stream);
  };

  const readingTenants = new Set<string>();
  const tenantAgain = new Set<string>();
  const tenantFailures = new Map<string, number>();

  /**
   * What is new for every open stream of a tenant: ONE read for all of them (and their viewers'
   * preferences), filtered per viewer in memory — a tenant with 200 open streams costs one query
   * per alert, not 200. Reads from the lowest number a stream has read; as numbers follow commit
   * order, whatever commits later is above it.
   */
  const readTenant = async (tenantId: string) => {
    if (readingTenants.has(tenantId)) {
      tenantAgain.add(tenantId);
      return;
    }
    const streams = [...(byTenant.get(tenantId) ?? [])];
    if (streams.length === 0) return;
    readingTenants.add(tenantId);
    // A loop, not Math.min(...): spreading more than ~100,000 arguments throws a RangeError, and
    // NOTIFICATION_STREAMS_PER_TENANT may allow more streams than that.
    let after = Number.POSITIVE_INFINITY;
    for (const stream of streams) if (stream.lastSeq < after) after = stream.lastSeq;
    await takeSlot();
    try {
      for (;;) {
        const { rows, viewers } = await withTenant(app.database.db, tenantId, async ({ tx }) => ({
          rows: numbered(await repo.listTenantAfter(tx, after, replayLimit)),
          viewers: await repo.findViewers(tx, [...new Set(streams.map((s) => s.userId))]),
        }));
        const byUser = new Map(viewers.map((v) => [v.userId, toViewer(v)]));
        const events = new Map(rows.map((r) => [r.tenantSeq, eventOf(r)])); // one serialisation per row
        const last = rows.at(-1)?.tenantSeq;
        for (const stream of streams) {
          if (stream.closed) continue;
          const viewer = byUser.get(stream.userId);
          if (!viewer) {
            end(stream); // disabled, or gone
            continue;
          }
          const visible = repo.visibleTo(viewer);
          write(
            stream,
            rows.filter((r) => r.tenantSeq > stream.lastSeq && visible(r)),
            events,
          );
          // Read, shown or not (muted): the next read starts after them.
          if (last !== undefined) stream.lastSeq = Math.max(stream.lastSeq, last);
        }
        if (rows.length < replayLimit || last === undefined) break;
        after = last;
      }
      tenantFailures.delete(tenantId);
    } catch (err) {
      if (!byTenant.has(tenantId)) {
        tenantFailures.delete(tenantId); // nobody is listening any more
        return;
      }
      // A busy database: try again shortly, a few times; then the streams end (clients reconnect).
      const failures = (tenantFailures.get(tenantId) ?? 0) + 1;
      if (failures >= maxReadFailures) {
        tenantFailures.delete(tenantId);
        app.log.warn({ err, tenantId }, 'notification streams ended: reads failed');
        for (const stream of streams) end(stream);
      } else {
        tenantFailures.set(tenantId, failures);
        setTimeout(() => wake(tenantId), 500 + Math.random() * 1000 * failures).unref();
      }
    } finally {
      releaseSlot();
      readingTenants.delete(tenantId);
      if (tenantAgain.delete(tenantId)) void readTenant(tenantId);
    }
  };

  const wakeTenants = () => {
    coalesceTimer = undefined;
    const pending = [...pendingTenants];
    pendingTenants.clear();
    for (const tenantId of pending) {
      const tenants = tenantId === '*' ? [...byTenant.keys()] : [tenantId];
      for (const id of tenants) void readTenant(id);
    }
  };

  /** Wakes the tenant's streams ('*': all of them) to read what is new. */
  const wake = (tenantId: string) => {
    if (tenantId !== '*' && !byTenant.has(tenantId)) return;
    pendingTenants.add(tenantId);
    coalesceTimer ??= setTimeout(wakeTenants, coalesceMs);
  };

  // preClose: the server waits for open connections before onClose runs, so end the streams first.
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(coalesceTimer);
    for (const set of [...byTenant.values()]) for (const stream of [...set]) end(stream);
  });
  /** Ends the user's streams (their sessions ended). */
  const endUser = (tenantId: string, userId: string) => {
    for (const stream of [...(byTenant.get(tenantId) ?? [])]) if (stream.userId === userId) end(stream);
  };

  /** The route handler: opens the stream (replaying after Last-Event-ID) and keeps it registered. */
  async function open(request: FastifyRequest, reply: FastifyReply) {
    if (closing) throw shuttingDown();
    const { sub, tenantId } = request.auth;
    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    // Counted from here (before any await), so concurrent opens cannot all pass the check.
    hold(reply, tenantId, sub);
    let registered = false;
    try {
      // Before anything is written: a caller who is not a user of the tenant gets 403 as JSON.
      const initial = await request.tenantTx(async (scope) => {
        const { tx } = scope;
        const viewer = await viewerOf(scope, sub);
        const newest = await repo.newestTenantSeq(tx);
        if (lastEventId === undefined) return { newest, rows: [] };
        // The replay's cost is bounded: it reads only the tenant's newest `replayWindow`
        // notifications (an index range of at most that many rows), however many the viewer
        // muted and however old Last-Event-ID is — never the 90 days kept. Older ones are left
        // to the lists (the web polls them). An id from the future (another database, a made-up
        // header) counts as the newest.
        const after = Math.max(Math.min(lastEventId, newest), newest - replayWindow);
        const rows = await repo.listReplay(tx, viewer, { after, newest, limit: replayLimit });
        return { newest, rows: numbered(rows) };
      });

      if (closing) throw shuttingDown();
      reply.hijack();
      const raw = reply.raw;
      // The client left during the first read: its 'close' has fired already, nobody would end it.
      if (raw.destroyed || !raw.socket || raw.socket.destroyed) {
        raw.destroy();
        return;
      }
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(': connected\n\n');
      // The replay covered everything up to `newest` (shown or not): reads go on after it.
      const stream: Stream = {
        tenantId,
        userId: sub,
        raw,
        lastSeq: initial.newest,
        timers: [],
        closed: false,
      };
      registered = true; // from here end() releases its place
      const set = byTenant.get(tenantId) ?? new Set<Stream>();
      byTenant.set(tenantId, set);
      set.add(stream);
      write(stream, initial.rows);
      if (stream.closed) return;

      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      stream.timers.push(heartbeat);
      const exp = tokenExpiry(request);
      if (exp !== undefined) {
        const ms = Math.max(0, Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1));
        stream.timers.push(setTimeout(() => end(stream), ms));
      }
      raw.on('close', () => end(stream));
      raw.on('error', () => end(stream));
      // Anything committed between the initial read and registering: read once more.
      void readTenant(tenantId);
    } finally {
      if (!registered) release(tenantId, sub);
    }
  }

  return { open, wake, endUser };
}
