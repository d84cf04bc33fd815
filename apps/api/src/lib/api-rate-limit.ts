import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { apiRequestCounts } from '../db/schema/security.ts';
import { AppError } from './errors.ts';

/** Fixed windows: every process agrees on them without talking (clocks within a second or so). */
export const windowMs = 60_000;
/** Keys one process tracks at most (two per active user): ~100 bytes each, so ~10 MB at worst. */
export const maxTrackedKeys = 100_000;
/** Keys near their limit whose shared count one flush re-reads at most. */
const maxRefreshedKeys = 1_000;
/** Rows of windows older than this are deleted (once a minute per process). */
const keepWindowsMs = 5 * windowMs;

interface Counter {
  key: string;
  limit: number;
  /** Start of the window (ms) the counts belong to. */
  window: number;
  /** The shared count (every process) as of our last read or flush, our flushed share included. */
  known: number;
  /** Requests this process admitted and has not yet added to the shared count. */
  pending: number;
  /** The first request of the window reads the shared count; the others wait for that read. */
  loading: Promise<void> | undefined;
  loaded: boolean;
  /** A 429 for this key is logged once per window. */
  logged: boolean;
}

const secondsLeft = (window: number, now: number) => Math.max(1, Math.ceil((window + windowMs - now) / 1000));
const inSeconds = (s: number) => (s === 1 ? '1 segundo' : `${s} segundos`);

/**
 * The /api/v1 request limit per user and per tenant (429 with Retry-After beyond it), shared by
 * every server process through the database without a write per request.
 *
 * Fixed one-minute windows per key (`user:<sub>`, `tenant:<id>`). Each process counts in memory:
 * the first request of a key in a window reads the shared count (one query for both keys), and a
 * request is admitted while shared + not-yet-shared < limit. Every API_RATE_LIMIT_SYNC_MS one
 * multi-row upsert adds every key's new requests to `api_request_counts` and returns the totals,
 * which is how a process learns of the others' traffic; keys past half their limit that had no
 * traffic here are re-read in the same flush. A request that would make a key's unshared count
 * exceed half of what it had left waits for a flush first (bursts only: 300 calls between two
 * syncs at the default limit), so a burst spread over several processes is seen
 * within a round trip or two, not a sync period. Refused requests are not counted. The database
 * failing (down, slow) never fails a request: the limit then holds per process until it answers.
 */
export function createApiRateLimit(config: Config, database: Database, log?: FastifyBaseLogger) {
  const perUser = config.API_RATE_LIMIT_PER_USER_PER_MINUTE;
  const perTenant = config.API_RATE_LIMIT_PER_TENANT_PER_MINUTE;
  const counters = new Map<string, Counter>();
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  /** Whether the last flush reached the database (else nobody waits for the next one). */
  let shared = true;
  let cleanedWindow = 0;
  let closed = false;

  /** This window's counter for key (a fresh one, at the end of the map, when the window moved). */
  function counter(key: string, limit: number, window: number): Counter {
    const found = counters.get(key);
    if (found && found.window === window) return found;
    if (found) counters.delete(key);
    while (counters.size >= maxTrackedKeys) {
      // The least recently started window goes: at worst its unflushed requests are forgotten.
      const oldest = counters.keys().next().value;
      if (oldest === undefined) break;
      counters.delete(oldest);
    }
    const fresh: Counter = {
      key,
      limit,
      window,
      known: 0,
      pending: 0,
      loading: undefined,
      loaded: false,
      logged: false,
    };
    counters.set(key, fresh);
    return fresh;
  }

  async function load(fresh: Counter[], window: number) {
    try {
      const rows = await database.db
        .select({ key: apiRequestCounts.key, count: apiRequestCounts.count })
        .from(apiRequestCounts)
        .where(
          and(
            eq(apiRequestCounts.windowStart, new Date(window)),
            inArray(
              apiRequestCounts.key,
              fresh.map((c) => c.key),
            ),
          ),
        );
      for (const row of rows) {
        const c = fresh.find((f) => f.key === row.key);
        if (c) c.known = Math.max(c.known, row.count);
      }
    } catch (err) {
      log?.warn({ err }, 'api rate limit: could not read the shared counts; counting in this process only');
    } finally {
      for (const c of fresh) {
        c.loading = undefined;
        c.loaded = true; // even after a failure: no read per request while the database is down
      }
    }
  }

  /** Adds every key's new requests to the shared counts; the totals come back. Never throws. */
  async function flushOnce() {
    const now = Date.now();
    const current = now - (now % windowMs);
    // Sorted by key: two processes upserting overlapping keys lock them in one order (no deadlock).
    const batch = [...counters.values()]
      .filter((c) => c.pending > 0)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.window - b.window));
    const amounts = batch.map((c) => c.pending);
    try {
      if (batch.length > 0) {
        const rows = await database.db
          .insert(apiRequestCounts)
          .values(
            batch.map((c, i) => ({ key: c.key, windowStart: new Date(c.window), count: amounts[i] ?? 0 })),
          )
          .onConflictDoUpdate({
            target: [apiRequestCounts.key, apiRequestCounts.windowStart],
            set: { count: sql`api_request_counts.count + excluded.count` },
          })
          .returning({
            key: apiRequestCounts.key,
            windowStart: apiRequestCounts.windowStart,
            count: apiRequestCounts.count,
          });
        const totals = new Map(rows.map((r) => [`${r.key}@${new Date(r.windowStart).getTime()}`, r.count]));
        batch.forEach((c, i) => {
          c.pending -= amounts[i] ?? 0;
          const total = totals.get(`${c.key}@${c.window}`);
          if (total !== undefined) c.known = Math.max(c.known, total);
        });
      }
      // Keys past half their limit that this process did not use since the last flush: read what
      // the others did, so a process that sat idle does not admit on an old total.
      const flushed = new Set(batch);
      const stale = [...counters.values()].filter(
        (c) =>
          !flushed.has(c) &&
          c.window === current &&
          c.loaded &&
          c.pending === 0 &&
          c.known * 2 >= c.limit &&
          c.known < c.limit,
      );
      if (stale.length > 0) await load(stale.slice(0, maxRefreshedKeys), current);
      shared = true;
      if (cleanedWindow !== current) {
        cleanedWindow = current;
        for (const [key, c] of counters) {
          if (c.window < current && c.pending === 0) counters.delete(key);
        }
        await database.db
          .delete(apiRequestCounts)
          .where(lt(apiRequestCounts.windowStart, new Date(current - keepWindowsMs)));
      }
    } catch (err) {
      // Database down or slow: keep counting here; the pending counts go with the next flush.
      shared = false;
      log?.warn({ err }, 'api rate limit: could not share the request counts; will retry');
    }
    // Windows that ended hold nothing worth keeping once flushed (or after a failed try).
    for (const [key, c] of counters) {
      if (c.window < current - windowMs) counters.delete(key);
    }
  }

  /**
   * One flush at a time. Asking during one queues one more (shared by every asker): the promise
   * settles once a flush that started after the call has finished, two round trips at most.
   */
  function flush(): Promise<void> {
    if (!running) {
      running = flushOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = undefined;
      return flush();
    });
    return queued;
  }

  const timer = setInterval(() => void flush(), config.API_RATE_LIMIT_SYNC_MS);
  timer.unref();

  function refuse(reply: FastifyReply, request: FastifyRequest, c: Counter, now: number): never {
    const seconds = secondsLeft(c.window, now);
    reply.header('retry-after', String(seconds));
    if (!c.logged) {
      c.logged = true;
      request.log.info({ key: c.key, limit: c.limit }, 'api rate limit reached');
    }
    const who = c.key.startsWith('tenant:')
      ? 'Sua organização fez muitas requisições em pouco tempo.'
      : 'Muitas requisições em pouco tempo.';
    throw new AppError('rate_limited', `${who} Tente novamente em ${inSeconds(seconds)}.`);
  }

  return {
    /** Runs after authentication (needs request.auth). */
    hook: async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = request.auth;
      if (!auth) return;
      const now = Date.now();
      const window = now - (now % windowMs);
      const user = counter(`user:${auth.sub}`, perUser, window);
      const tenant = counter(`tenant:${auth.tenantId}`, perTenant, window);
      const fresh = [user, tenant].filter((c) => !c.loaded && !c.loading);
      if (fresh.length > 0) {
        const loading = load(fresh, window);
        for (const c of fresh) c.loading = loading;
      }
      if (user.loading || tenant.loading) {
        await Promise.all([user.loading, tenant.loading]);
      }
      for (let waited = 0; ; waited++) {
        // The tenant first: when both are full, the answer names the one that lasts for everyone.
        for (const c of [tenant, user]) {
          if (c.known + c.pending >= c.limit) refuse(reply, request, c, Date.now());
        }
        // A burst: this process would have admitted, unshared, more than half of what was left.
        // Share first (and learn what the others did) rather than admit on an old total, so
        // several processes cannot each spend the whole limit within one sync period. People
        // never wait here: it takes half the limit (300 calls by default) between two syncs.
        const hot = [user, tenant].some((c) => c.pending >= 2 && (c.pending + 1) * 2 > c.limit - c.known);
        if (!hot || waited === 2 || !shared || closed) break;
        await flush();
      }
      user.pending++;
      tenant.pending++;
    },
    /** Stops the timer and shares what is still pending (best effort). */
    close: async () => {
      closed = true;
      clearInterval(timer);
      await running;
      await queued;
      await flushOnce();
    },
  };
}
