import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './notifications.repo.ts';
import { toNotificationDto, toViewer, viewerOf } from './notifications.service.ts';

/**
 * GET /notifications/stream (ARCHITECTURE "Notifications"): Server-Sent Events of the caller's new
 * notifications. The `notifications.created` domain event reaches every process on commit
 * (app.events); each reads what is new for all its open streams of that tenant in one short
 * tenant transaction (none is held while streaming), filters it per viewer and writes
 * `id: <seq>` events. A user's
 * streams end when their sessions do (`user.sessions_ended`: disabled, password changed).
 */

/** Events replayed after Last-Event-ID, and read per wake-up before reading again. */
export const replayLimit = 200;
export const heartbeatMs = 25_000;
/** Wake-ups of a tenant within this window make one read per stream. */
const coalesceMs = 20;
/** Seqs a stream remembers having sent (to catch a lower seq committed after a higher one). */
const sentMemory = 256;
/**
 * Reads at once per app: a tenant with many open streams (or a resync waking every stream) must
 * not take every pooled connection from the API's requests.
 */
const maxConcurrentReads = 8;
/** Unsent bytes a stream may hold for a client that does not read before it is ended. */
const maxBufferedBytes = 1024 * 1024;
const maxReadFailures = 5;

interface Stream {
  tenantId: string;
  userId: string;
  raw: ServerResponse;
  tenantTx: FastifyRequest['tenantTx'];
  lastSeq: number;
  sent: Set<number>;
  /** Never read below this: the start (nothing old) or seqs no longer in `sent`. */
  floor: number;
  reading: boolean;
  again: boolean;
  /** Reads that failed in a row (a busy database): retried a few times before giving up. */
  failures: number;
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

function parseLastEventId(value: string | string[] | undefined) {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

/** The streams of one app: registered per app, ended when it closes. */
export function notificationStreams(app: FastifyInstance) {
  const byTenant = new Map<string, Set<Stream>>();
  const pendingTenants = new Map<string, number | undefined>();
  let coalesceTimer: NodeJS.Timeout | undefined;
  let closing = false;

  const end = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    for (const timer of stream.timers) clearTimeout(timer);
    const set = byTenant.get(stream.tenantId);
    set?.delete(stream);
    if (set?.size === 0) byTenant.delete(stream.tenantId);
    stream.raw.end();
  };

  const remember = (stream: Stream, seq: number) => {
    stream.sent.add(seq);
    if (stream.sent.size > sentMemory) {
      const oldest = stream.sent.values().next().value;
      if (oldest !== undefined) {
        stream.sent.delete(oldest);
        stream.floor = Math.max(stream.floor, oldest + 1);
      }
    }
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

  /** A stream's own catch-up when it opens (with its viewer's full view); one read at a time. */
  const read = async (stream: Stream) => {
    if (stream.closed) return;
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = true;
    await takeSlot();
    try {
      do {
        stream.again = false;
        const from = Math.max(stream.lastSeq + 1, stream.floor);
        const rows = await stream.tenantTx(async (tx: Tx) =>
          repo.listSince(tx, await viewerOf(tx, stream.userId, stream.tenantId), from, {
            limit: replayLimit,
          }),
        );
        if (stream.closed) return;
        stream.failures = 0;
        const fresh = rows.filter((r) => !stream.sent.has(r.seq));
        write(stream, fresh);
        if (rows.length === replayLimit) stream.again = true;
      } while (stream.again && !stream.closed);
    } catch (err) {
      // The user is gone (403), or the database keeps failing: the stream ends (the client
      // reconnects with back-off). A passing failure (a busy pool) is retried shortly.
      stream.failures++;
      if ((err instanceof AppError && err.code === 'forbidden') || stream.failures >= maxReadFailures) {
        app.log.warn({ err }, 'notification stream ended: read failed');
        end(stream);
      } else {
        stream.timers.push(setTimeout(() => void read(stream), 500 + Math.random() * 1000 * stream.failures));
      }
    } finally {
      stream.reading = false;
      releaseSlot();
    }
  };

  type Row = Awaited<ReturnType<typeof repo.listSince>>[number];
  const eventOf = (row: Row) =>
    `id: ${row.seq}\nevent: notification\ndata: ${JSON.stringify(toNotificationDto(row))}\n\n`;

  /** Writes the rows as events (`events`: rows already serialised once for many streams). */
  const write = (stream: Stream, rows: Row[], events?: Map<number, string>) => {
    if (rows.length === 0) return;
    let out = '';
    for (const row of rows) {
      out += events?.get(row.seq) ?? eventOf(row);
      remember(stream, row.seq);
      stream.lastSeq = Math.max(stream.lastSeq, row.seq);
    }
    stream.raw.write(out);
    // A client that stopped reading: end it rather than buffer for it (it reconnects with
    // Last-Event-ID and gets what it missed).
    if (stream.raw.writableLength > maxBufferedBytes) end(stream);
  };

  const readingTenants = new Set<string>();
  const tenantAgain = new Map<string, number | undefined>();
  const tenantFailures = new Map<string, number>();
  /** The lower announced seq; undefined means "from where each stream is" and loses to a number. */
  const lowest = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : Math.min(a, b);

  /**
   * What is new for every open stream of a tenant: ONE read for all of them (and their viewers'
   * preferences), filtered per viewer in memory — a tenant with 1,000 open streams costs one
   * query per alert, not 1,000. `announced`: the lowest seq announced (it may be below what a
   * stream has seen, when transactions committed out of seq order).
   */
  const readTenant = async (tenantId: string, announced: number | undefined) => {
    if (readingTenants.has(tenantId)) {
      tenantAgain.set(
        tenantId,
        tenantAgain.has(tenantId) ? lowest(tenantAgain.get(tenantId), announced) : announced,
      );
      return;
    }
    const streams = [...(byTenant.get(tenantId) ?? [])];
    if (streams.length === 0) return;
    readingTenants.add(tenantId);
    let from = Number.POSITIVE_INFINITY;
    for (const s of streams) from = Math.min(from, Math.max(s.lastSeq + 1, s.floor));
    if (announced !== undefined) from = Math.min(from, announced);
    await takeSlot();
    try {
      for (;;) {
        const { rows, viewers } = await withTenant(app.database.db, tenantId, async (tx) => ({
          rows: await repo.listTenantSince(tx, from, replayLimit),
          viewers: await repo.findViewers(tx, [...new Set(streams.map((s) => s.userId))]),
        }));
        const byUser = new Map(viewers.map((v) => [v.userId, toViewer(v)]));
        const events = new Map(rows.map((r) => [r.seq, eventOf(r)])); // one serialisation per row
        const last = rows.at(-1)?.seq;
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
            rows.filter((r) => r.seq >= stream.floor && !stream.sent.has(r.seq) && visible(r)),
            events,
          );
          // Seen, shown or not (muted): the next read starts after them.
          if (last !== undefined) stream.lastSeq = Math.max(stream.lastSeq, last);
        }
        if (rows.length < replayLimit || last === undefined) break;
        from = last + 1;
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
        setTimeout(() => wake(tenantId, from), 500 + Math.random() * 1000 * failures).unref();
      }
    } finally {
      releaseSlot();
      readingTenants.delete(tenantId);
      if (tenantAgain.has(tenantId)) {
        const again = tenantAgain.get(tenantId);
        tenantAgain.delete(tenantId);
        void readTenant(tenantId, again);
      }
    }
  };

  const wakeTenants = () => {
    coalesceTimer = undefined;
    const pending = [...pendingTenants];
    pendingTenants.clear();
    for (const [tenantId, seq] of pending) {
      const tenants = tenantId === '*' ? [...byTenant.keys()] : [tenantId];
      for (const id of tenants) void readTenant(id, seq);
    }
  };

  /** Wakes the tenant's streams ('*': all of them) to read from `seq` on. */
  const wake = (tenantId: string, seq: number | undefined) => {
    if (tenantId !== '*' && !byTenant.has(tenantId)) return;
    const previous = pendingTenants.get(tenantId);
    pendingTenants.set(
      tenantId,
      pendingTenants.has(tenantId) && (previous === undefined || seq === undefined)
        ? undefined
        : Math.min(previous ?? Number.POSITIVE_INFINITY, seq ?? Number.POSITIVE_INFINITY),
    );
    coalesceTimer ??= setTimeout(wakeTenants, coalesceMs);
  };

  // preClose: the server waits for open connections before onClose runs, so end the streams first.
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(coalesceTimer);
    for (const set of [...byTenant.values()]) for (const stream of [...set]) end(stream);
  });
  app.events.onCommitted('notifications.created', ({ tenantId, data }) => wake(tenantId, data.first_seq));
  // The listening connection came back: anything may have been missed.
  app.events.onResync(() => wake('*', undefined));
  app.events.onCommitted('user.sessions_ended', ({ tenantId, data }) => {
    for (const stream of [...(byTenant.get(tenantId) ?? [])]) if (stream.userId === data.user_id) end(stream);
  });

  /** The route handler: opens the stream (replaying after Last-Event-ID) and keeps it registered. */
  return async function open(request: FastifyRequest, reply: FastifyReply) {
    if (closing) throw shuttingDown();
    const { sub, tenantId } = request.auth;
    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    // Before anything is written: a caller who is not a user of the tenant gets 403 as JSON.
    const initial = await request.tenantTx(async (tx) => {
      const viewer = await viewerOf(tx, sub, tenantId);
      const newest = await repo.maxSeq(tx);
      if (lastEventId === undefined) return { lastSeq: newest, floor: newest + 1, rows: [] };
      // An id from the future (another database, a made-up header) would silence the stream.
      const last = Math.min(lastEventId, newest);
      const rows = await repo.listSince(tx, viewer, last + 1, { limit: replayLimit, newest: true });
      // The replay covered (last, newest]: later reads start after newest (a viewer who sees none
      // of them must not make every wake page through the tenant's history).
      return { lastSeq: newest, floor: last + 1, rows };
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
    const stream: Stream = {
      tenantId,
      userId: sub,
      raw,
      tenantTx: request.tenantTx,
      lastSeq: initial.lastSeq,
      sent: new Set(),
      floor: initial.floor,
      reading: false,
      again: false,
      failures: 0,
      timers: [],
      closed: false,
    };
    write(stream, initial.rows);
    const set = byTenant.get(tenantId) ?? new Set<Stream>();
    byTenant.set(tenantId, set);
    set.add(stream);

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
    void read(stream);
  };
}
