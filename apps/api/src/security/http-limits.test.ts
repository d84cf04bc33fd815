import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionsCheckingIntervalMs } from '../app.ts';
import { json, startTestServer, type TestServer } from '../test/helpers.ts';

const headersTimeoutMs = 1000;
const maxConnections = 100;

interface Probe {
  socket: net.Socket;
  /** Milliseconds from connect to close. */
  closed: Promise<number>;
  received: () => string;
}

/** A raw connection to the server that records what it gets and when it is closed. */
function probe(port: number): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let data = '';
    const socket = net.connect({ port, host: '127.0.0.1' });
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    socket.on('error', () => {}); // a reset is one way of being refused
    socket.once('connect', () => resolve({ socket, closed, received: () => data }));
    socket.once('error', reject);
  });
}

describe('HTTP server limits', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(headersTimeoutMs),
        HTTP_REQUEST_TIMEOUT_MS: '2000',
        HTTP_MAX_CONNECTIONS: String(maxConnections),
      },
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
    );

  async function until(condition: () => Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('configures the Node server from the environment', () => {
    const http = server.app.server;
    expect(http.headersTimeout).toBe(headersTimeoutMs);
    expect(http.requestTimeout).toBe(2000);
    expect(http.keepAliveTimeout).toBe(5000);
    expect(http.maxConnections).toBe(maxConnections);
  });

  it('closes connections that trickle their headers once headersTimeout passes', async () => {
    const probes = await Promise.all(Array.from({ length: 50 }, () => probe(port)));
    for (const p of probes) p.socket.write('GET /api/v1/customers HTTP/1.1\r\nHost: x\r\n');
    // A header line every 200 ms: each write alone would keep an idle-timeout alive forever.
    const trickle = setInterval(() => {
      for (const p of probes) if (!p.socket.destroyed) p.socket.write('X-Lento: 1\r\n');
    }, 200);
    try {
      const times = await Promise.all(probes.map((p) => p.closed));
      const limit = headersTimeoutMs + connectionsCheckingIntervalMs + 1500;
      expect(Math.max(...times)).toBeLessThan(limit);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(headersTimeoutMs - 50);
      // Node answers 408 before closing (or just closes): never a route's answer.
      for (const p of probes) expect(p.received()).not.toMatch(/HTTP\/1\.1 (2|401)/);
    } finally {
      clearInterval(trickle);
    }
    await until(async () => (await connections()) === 0, 2000);
  });

  it('closes connections beyond the cap on arrival, and serves again once they are gone', async () => {
    const held = await Promise.all(Array.from({ length: maxConnections }, () => probe(port)));
    await until(async () => (await connections()) === maxConnections, 2000);

    const extra = await Promise.all(Array.from({ length: 10 }, () => probe(port).catch(() => null)));
    for (const p of extra) {
      if (!p) continue; // refused outright
      p.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await p.closed).toBeLessThan(1000);
      expect(p.received()).toBe('');
    }

    for (const p of held) p.socket.destroy();
    await until(async () => (await connections()) === 0, 2000);
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'ok' });
  });
});

describe('load shedding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '1000' } });
  });
  afterAll(() => server.close());

  it('answers 503 with Retry-After and a pt-BR detail when the event loop is stuck, /healthz still 200', async () => {
    // Block the loop for longer than a whole sample (the histogram then records nothing: the
    // sample's own lateness is the delay), again and again, as a really stuck process does.
    for (let i = 0; i < 4 && !server.app.isOverloaded(); i++) {
      const end = Date.now() + 2500;
      while (Date.now() < end) {
        // busy
      }
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(server.app.isOverloaded()).toBe(true);
    const [res, health] = await Promise.all([
      fetch(`${server.url}/api/v1/tenants/current`),
      fetch(`${server.url}/healthz`),
    ]);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await json(res);
    expect(body).toMatchObject({ code: 'unavailable', detail: expect.stringContaining('sobrecarregado') });
    expect(body.request_id).toEqual(expect.any(String));
    expect(health.status).toBe(200);
  });
});

describe('load shedding after one stall', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '1000' } });
  });
  afterAll(() => server.close());

  it('one stall over the threshold (a long GC, a big PGlite statement) sheds nothing once over', async () => {
    // A sample of the server's own start could be over the threshold: let one pass first.
    await new Promise((r) => setTimeout(r, 1100));
    const end = Date.now() + 2500;
    while (Date.now() < end) {
      // busy
    }
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 1));
    expect(server.app.isOverloaded()).toBe(false);
    const res = await fetch(`${server.url}/api/v1/tenants/current`);
    expect(res.status).toBe(401);
  });
});
