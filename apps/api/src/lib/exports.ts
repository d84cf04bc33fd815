// Exports (the tickets' CSV, the analysis feedback's JSONL) hold a socket, a page of rows and
// stream buffers for as long as the client takes to read them. Three limits keep one client from
// holding the server (docs/SECURITY.md, issue 26):
// - pages sized by bytes as well as rows (EXPORT_PAGE_MAX_BYTES; the repos cut a page there);
// - streamExport: the answer is written with backpressure, and a client that has not drained it
//   for EXPORT_IDLE_TIMEOUT_MS is cut off (Node has no send timeout of its own: a client that stops
//   reading would hold its page, its buffers and its socket forever);
// - ExportSlots: at most EXPORT_MAX_PER_USER exports at once per user and EXPORT_MAX_PER_TENANT
//   per tenant, in each process (429 with Retry-After beyond).
//
// The slots are counted per process, in memory, not in the database: what they protect is one
// process's memory and sockets (N processes may rightly hold N times as many exports), a slot is
// held for seconds to minutes, and a process that crashes cannot leave a count behind that would
// lock a user out of exporting (a database counter would need leases and sweeping for that).

import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** What a refused export tells the client to wait (an export usually takes seconds). */
export const exportRetryAfterSeconds = 5;

/** Concurrent exports per user and per tenant, in this process. */
export class ExportSlots {
  readonly #users = new Map<string, number>();
  readonly #tenants = new Map<string, number>();

  constructor(readonly limits: { perUser: number; perTenant: number }) {}

  /** Exports running now for the tenant (for tests and logs). */
  running(tenantId: string) {
    return this.#tenants.get(tenantId) ?? 0;
  }

  /**
   * Takes a slot for the user, or says which limit is full. The release is idempotent: call it
   * when the answer is over, however it ended.
   */
  take(tenantId: string, userId: string): { release: () => void } | { full: 'user' | 'tenant' } {
    const userKey = `${tenantId}/${userId}`;
    const ofUser = this.#users.get(userKey) ?? 0;
    const ofTenant = this.#tenants.get(tenantId) ?? 0;
    if (ofUser >= this.limits.perUser) return { full: 'user' };
    if (ofTenant >= this.limits.perTenant) return { full: 'tenant' };
    this.#users.set(userKey, ofUser + 1);
    this.#tenants.set(tenantId, ofTenant + 1);
    let released = false;
    const decrement = (map: Map<string, number>, key: string) => {
      const left = (map.get(key) ?? 1) - 1;
      if (left > 0) map.set(key, left);
      else map.delete(key);
    };
    return {
      release: () => {
        if (released) return;
        released = true;
        decrement(this.#users, userKey);
        decrement(this.#tenants, tenantId);
      },
    };
  }
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** Whether the answer is over already: sent, or its client gone (the socket closed or reset). */
const answerClosed = (res: ServerResponse) => res.closed || res.destroyed;

/**
 * Takes an export slot for the caller until the answer closes (finished, failed or cut off), or
 * throws a 429 with Retry-After naming the limit. Call it after the input is checked (a 400 holds
 * no slot) and before the first page is read. False when the client has already gone — it may
 * leave while the onRequest hooks run, and Fastify still runs the handler, after the answer's
 * 'close' has fired: no slot is taken, nothing is to be answered, and the handler just returns.
 */
export function takeExportSlot(slots: ExportSlots, request: FastifyRequest, reply: FastifyReply): boolean {
  if (answerClosed(reply.raw)) {
    reply.hijack(); // nobody to answer: Fastify sends nothing for this request
    return false;
  }
  const { limits } = slots;
  const slot = slots.take(request.auth.tenantId, request.auth.sub);
  if ('full' in slot) {
    reply.header('retry-after', String(exportRetryAfterSeconds));
    const wait = `Aguarde uma delas terminar e tente novamente em ${exportRetryAfterSeconds} segundos.`;
    throw new AppError(
      'rate_limited',
      slot.full === 'user'
        ? `Você já tem ${plural(limits.perUser, 'exportação', 'exportações')} em andamento (o limite por usuário). ${wait}`
        : `Sua organização já tem ${plural(limits.perTenant, 'exportação', 'exportações')} em andamento (o limite por organização). ${wait}`,
    );
  }
  reply.raw.once('close', slot.release);
  if (answerClosed(reply.raw)) slot.release(); // a 'close' already fired is not seen again
  return true;
}

class ClientStalled extends Error {}

/**
 * Resolves when `stream` drains; undefined when it closed first (the client went away); rejects
 * with ClientStalled when it has not drained within `idleMs`.
 */
function drained(stream: Duplex, idleMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done();
    const timer = setTimeout(() => done(new ClientStalled()), idleMs);
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/**
 * Writes `chunks` into `into` — a PassThrough, or a transform such as the CSV stringifier — whose
 * readable side is the answer (Fastify pipes it to the client), and returns `into` for
 * `reply.send`. Whenever `into` is full (the client is not taking the answer as fast as it is
 * made) the next chunk waits for 'drain'; after `idleMs` without one the client is cut off: its
 * socket is reset (the kernel's buffers for it are freed at once), the source stops (no more pages
 * are read) and the slot is released with the answer. A failure of the source ends the answer
 * with the error (the client gets a cut file, never a false end) and is logged.
 */
export function streamExport<T>(
  chunks: AsyncIterable<T>,
  into: Duplex,
  options: { res: ServerResponse; idleMs: number; log: FastifyBaseLogger; what: string },
): Duplex {
  const { res, idleMs, log, what } = options;
  const pump = async () => {
    for await (const chunk of chunks) {
      if (into.destroyed) return; // the client went away: stop reading pages
      if (!into.write(chunk)) await drained(into, idleMs);
    }
    if (!into.destroyed) into.end();
  };
  // However the answer ends — finished, the client gone, or never sent (HEAD: Fastify resumes
  // the stream and sends nothing) — nothing more is read for it.
  // The client may also have left while the first page was read: its 'close' has fired already.
  if (answerClosed(res)) into.destroy();
  else
    res.once('close', () => {
      if (!into.writableFinished) into.destroy();
    });
  pump().catch((err: unknown) => {
    if (err instanceof ClientStalled) {
      log.warn({ idleMs }, `${what}: the client took nothing for ${idleMs} ms; its connection was reset`);
      into.destroy();
      if (res.socket) res.socket.resetAndDestroy();
      else res.destroy();
      return;
    }
    log.error({ err }, `${what} failed while streaming`);
    into.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return into;
}
