import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulk } from '../cli/seed-bulk.ts';
import { analysisFeedback, ticketAnalyses, tickets } from '../db/schema/index.ts';
import {
  type ApiCall,
  createTestUser,
  signedInClient,
  signInIdToken,
  startTestServer,
  type TestServer,
} from '../test/helpers.ts';

// Issue 26, item 2: exports over real HTTP against a client that stops reading, and many at once.
// Each big tenant's export is ~10 MB (300 tickets of 32,000 characters; ~400 feedback lines of
// 20,000), more than the kernel's socket buffers hold, so a client that stops reading stalls it.

const bigTickets = 300;
const longText = 'Texto longo de teste. '.repeat(1_500).slice(0, 32_000);

interface Stalled {
  /** Bytes received before the client stopped reading (the status line and headers at least). */
  head: string;
  /** Resolves when the connection closed (reset or ended), however it was seen. */
  closed: Promise<void>;
  /** Reads what is left: every byte, and whether the chunked body ended properly. */
  drain(): Promise<{ bytes: number; complete: boolean; error?: string }>;
  socket: net.Socket;
}

/**
 * A raw HTTP/1.1 client that requests `path`, reads the first bytes (the answer started) and then
 * never reads again: the kernel's buffers fill and the server's writes stall.
 */
function stalledDownload(server: TestServer, path: string, token: string): Promise<Stalled> {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let closedResolve: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    closedResolve = resolve;
  });
  let error: string | undefined;
  socket.on('error', (err: NodeJS.ErrnoException) => {
    error = err.code ?? err.message;
  });
  socket.on('close', () => closedResolve());
  socket.write(
    `GET /api/v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
  );
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', (first: Buffer) => {
      socket.pause();
      const head = first.toString('latin1');
      let bytes = first.length;
      let tail = head.slice(-16);
      resolve({
        head,
        closed,
        socket,
        drain: () =>
          new Promise((done) => {
            socket.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              tail = (tail + chunk.toString('latin1')).slice(-16);
            });
            socket.resume();
            closed.then(() => done({ bytes, complete: tail.endsWith('\r\n0\r\n\r\n'), error }));
          }),
      });
    });
  });
}

const statusOf = (head: string) => Number(head.slice(9, 12));

describe('exports: stalled clients and concurrent exports (issue 26, item 2)', () => {
  let server: TestServer;
  const idleMs = 1_000;
  const big = {
    tenantId: '',
    tenant: undefined as unknown as Awaited<ReturnType<typeof createTestUser>>['tenant'],
  };
  type Who = { token: string; api: ApiCall };
  let u1: Who;
  let u2: Who;
  let u3: Who;
  const other = { token: '' };

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        EXPORT_IDLE_TIMEOUT_MS: String(idleMs),
        // Small pages by bytes, so the export crosses many of them (~130 KB: ~4 tickets a page).
        EXPORT_PAGE_MAX_BYTES: String(131_072),
      },
    });
    const first = await createTestUser(server.database);
    big.tenant = first.tenant;
    big.tenantId = first.tenant.id;
    await seedBulk(server.database, {
      tenantSlug: first.tenant.slug,
      tickets: bigTickets,
      customers: 5,
      messagesPerTicket: 0,
    });
    await server.database.db
      .update(tickets)
      .set({ content: longText })
      .where(eq(tickets.tenantId, big.tenantId));
    // 👎 with a correction on every analysis's sentiment and intent: ~420 lines of 20,000 characters.
    const analyses = await server.database.db
      .select({ id: ticketAnalyses.id })
      .from(ticketAnalyses)
      .where(eq(ticketAnalyses.tenantId, big.tenantId));
    for (const field of ['sentiment', 'intent']) {
      await server.database.db.insert(analysisFeedback).values(
        analyses.map((a) => ({
          tenantId: big.tenantId,
          userId: first.user.id,
          analysisType: 'ticket',
          analysisId: a.id,
          field,
          verdict: 'down',
          correction: field === 'sentiment' ? 'negative' : 'complaint',
        })),
      );
    }
    const signIn = async (user: { email: string; password: string }) => ({
      token: await signInIdToken(server.url, user),
      api: await signedInClient(server, user),
    });
    u1 = await signIn(first);
    u2 = await signIn(await createTestUser(server.database, { tenant: big.tenant }));
    u3 = await signIn(await createTestUser(server.database, { tenant: big.tenant }));
    other.token = await signInIdToken(server.url, await createTestUser(server.database));
  });
  afterAll(() => server.close());

  /**
   * Waits, the client not reading, until the server has let go of the answer (its export slot is
   * released when the answer closes), then reads what is left: the server must have ended the
   * answer (a cut file, no end of the chunked body), so the client gets only what sat in the
   * socket buffers. Before, the server waited forever and the client, once it read again, got the
   * whole ~10 MB. (A fixed wait was not enough: on a loaded machine the server could take longer
   * to fill the buffers than the wait, and the client read again before it stalled.)
   */
  async function expectCutOff(stalled: Stalled) {
    await expect
      .poll(() => server.app.exportSlots.running(big.tenantId), { timeout: 20_000, interval: 100 })
      .toBe(0);
    const rest = await Promise.race([
      stalled.drain(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000)),
    ]);
    expect(rest, 'the connection was still open 10 s after the client read again').toBeDefined();
    expect(rest?.complete).toBe(false); // a cut file, never a false end
    expect(rest?.bytes).toBeLessThan(3_000_000);
    // The server let go of it: no export counted, nothing held.
    expect(server.app.exportSlots.running(big.tenantId)).toBe(0);
  }

  it('cuts off a client that stops reading the CSV export after EXPORT_IDLE_TIMEOUT_MS', async () => {
    const stalled = await stalledDownload(server, '/tickets/export.csv', u1.token);
    expect(statusOf(stalled.head)).toBe(200);
    await expectCutOff(stalled);
    // The database keeps answering.
    const list = await u1.api('GET', '/tickets?per_page=1');
    expect(list.body.total).toBe(bigTickets);
  });

  it('cuts off a client that stops reading the JSONL export after EXPORT_IDLE_TIMEOUT_MS', async () => {
    const stalled = await stalledDownload(server, '/analysis-feedback/export.jsonl', u1.token);
    expect(statusOf(stalled.head)).toBe(200);
    await expectCutOff(stalled);
  });

  it('keeps a slow reader that keeps taking the file, and exports every row across pages cut by bytes', async () => {
    const res = await fetch(`${server.url}/api/v1/tickets/export.csv`, {
      headers: { authorization: `Bearer ${u1.token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      // Pauses shorter than the idle timeout: the client is slow, not gone.
      if (++reads % 40 === 0) await new Promise((resolve) => setTimeout(resolve, idleMs / 3));
    }
    const titles = [...text.matchAll(/Chamado de carga (\d+)/g)].map((m) => Number(m[1]));
    expect(titles).toEqual(Array.from({ length: bigTickets }, (_, x) => bigTickets - x));
    expect(text.split(longText).length - 1).toBe(bigTickets);
  });

  it('exports every JSONL line across pages cut by bytes', async () => {
    const res = await fetch(`${server.url}/api/v1/analysis-feedback/export.jsonl`, {
      headers: { authorization: `Bearer ${u1.token}` },
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n').filter(Boolean);
    // Every analysed ticket's sentiment and intent: 7 of each 10 tickets are analysed (seedBulk).
    expect(lines).toHaveLength((2 * (bigTickets * 7)) / 10);
    const texts = lines.map((line) => JSON.parse(line) as { text: string });
    for (const line of texts) expect(line.text).toBe(longText.slice(0, 20_000));
  });

  it('stops reading pages for a HEAD request, whose answer has no body', async () => {
    for (const path of ['/tickets/export.csv', '/analysis-feedback/export.jsonl']) {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${u1.token}` },
      });
      expect(res.status, path).toBe(200);
      await expect.poll(() => server.app.exportSlots.running(big.tenantId)).toBe(0);
    }
  });

  it('gives back the slot of a client that left before the handler ran (or while the first page was read)', async () => {
    // A raw client that sends the request and goes away at once: its 'close' fires while the
    // onRequest hooks (authentication, the rate limit's database) still run. Before, the slot
    // taken afterwards by the handler waited for a 'close' that had already fired: 2 such
    // cancels locked the user out of exporting (429) for the life of the process, 4 the tenant.
    const { port } = new URL(server.url);
    const cancel = (path: string, reset: boolean, delayMs: number) =>
      new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `GET /api/v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${u1.token}\r\n\r\n`,
          );
          setTimeout(() => (reset ? socket.resetAndDestroy() : socket.destroy()), delayMs);
        });
        socket.on('error', () => {});
        socket.on('close', () => resolve());
      });
    for (const path of ['/tickets/export.csv', '/analysis-feedback/export.jsonl']) {
      for (const delayMs of [0, 0, 0, 5, 20, 50]) {
        await Promise.all([cancel(path, false, delayMs), cancel(path, true, delayMs)]);
      }
    }
    // Every cancelled export let go of its slot (the handlers that still ran have finished).
    await expect.poll(() => server.app.exportSlots.running(big.tenantId), { timeout: 15_000 }).toBe(0);
    // The same user still exports, both files (never a 429). On PGlite the pages the cancelled
    // handlers were reading ran on this thread: a 503 of the overload guard (Retry-After) may
    // answer until they are done, and is asked again as a client would.
    const exportOf = async (path: string) => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${server.url}/api/v1${path}`, {
          headers: { authorization: `Bearer ${u1.token}` },
        });
        if (res.status !== 503 || attempt === 10) return res;
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    const csv = await exportOf('/tickets/export.csv');
    expect(csv.status).toBe(200);
    expect((await csv.text()).split(longText).length - 1).toBe(bigTickets);
    const jsonl = await exportOf('/analysis-feedback/export.jsonl');
    expect(jsonl.status).toBe(200);
    await jsonl.text();
    expect(server.app.exportSlots.running(big.tenantId)).toBe(0);
  });

  it('answers 429 with Retry-After beyond 2 exports at once per user and 4 per tenant, in pt-BR', async () => {
    // Long enough for the whole test: the stalled exports stay open until the sockets are closed.
    const slow = await startTestServer({
      database: server.database,
      env: { EXPORT_IDLE_TIMEOUT_MS: '120000' },
    });
    try {
      const open: Stalled[] = [];
      for (const who of [u1, u1]) {
        const s = await stalledDownload(slow, '/tickets/export.csv', who.token);
        expect(statusOf(s.head)).toBe(200);
        open.push(s);
      }
      // A third export of the same user, CSV or JSONL: 429, Retry-After, the limit named.
      for (const path of ['/tickets/export.csv', '/analysis-feedback/export.jsonl']) {
        const third = await fetch(`${slow.url}/api/v1${path}`, {
          headers: { authorization: `Bearer ${u1.token}` },
        });
        expect(third.status, path).toBe(429);
        expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
        const body = (await third.json()) as { code: string; detail: string };
        expect(body.code).toBe('rate_limited');
        expect(body.detail).toMatch(/Você já tem 2 exportações em andamento \(o limite por usuário\)/);
      }
      // Other users of the tenant share 4 at once; then the tenant's limit answers.
      for (const who of [u2, u3]) {
        const s = await stalledDownload(slow, '/tickets/export.csv', who.token);
        expect(statusOf(s.head)).toBe(200);
        open.push(s);
      }
      const fifth = await fetch(`${slow.url}/api/v1/tickets/export.csv`, {
        headers: { authorization: `Bearer ${u2.token}` },
      });
      expect(fifth.status).toBe(429);
      expect(fifth.headers.get('retry-after')).toBe('5');
      expect(((await fifth.json()) as { detail: string }).detail).toMatch(
        /Sua organização já tem 4 exportações em andamento/,
      );
      // Another tenant is not affected.
      const elsewhere = await fetch(`${slow.url}/api/v1/tickets/export.csv`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(elsewhere.status).toBe(200);
      await elsewhere.text();
      // A refused export holds nothing, and a client that leaves frees its slot at once.
      expect(slow.app.exportSlots.running(big.tenantId)).toBe(4);
      open[0]?.socket.destroy();
      await open[0]?.closed;
      await expect.poll(() => slow.app.exportSlots.running(big.tenantId), { timeout: 10_000 }).toBe(3);
      const again = await fetch(`${slow.url}/api/v1/analysis-feedback/export.jsonl`, {
        headers: { authorization: `Bearer ${u1.token}` },
      });
      expect(again.status).toBe(200);
      expect((await again.text()).split('\n').length).toBeGreaterThan(400);
      for (const s of open) s.socket.destroy();
      await Promise.all(open.map((s) => s.closed));
      await expect.poll(() => slow.app.exportSlots.running(big.tenantId), { timeout: 10_000 }).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
