import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostResolver } from '../../lib/ssrf.ts';
import { pushMaxResponseBytes, sendPush } from './push.client.ts';

// The bounded client of Web Push over real sockets: a local server plays a push service that
// answers slowly, endlessly or not at all. http:// and 127.0.0.1 only because allowPrivateHosts
// says so; without it the same calls are refused before anything is sent.

const resolver = new HostResolver({ timeoutMs: 1_000, maxConcurrent: 8 });
const request = (endpoint: string) => ({ endpoint, headers: { TTL: 86400 }, body: Buffer.from('x') });

describe('push client', () => {
  let base: string;
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume();
    if (req.url === '/huge') {
      res.writeHead(500);
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      pump();
      req.socket.on('close', () => res.destroy());
    } else if (req.url === '/slow') {
      res.writeHead(201);
      res.write('a');
      // never ends
    } else if (req.url === '/gone') {
      res.writeHead(410).end();
    } else res.writeHead(201).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const open = { allowPrivateHosts: true, timeoutMs: 1_000, resolver };

  it('answers sent for a 201 and gone for a 410', async () => {
    expect(await sendPush(request(`${base}/ok`), open)).toEqual({ kind: 'sent', status: 201 });
    expect(await sendPush(request(`${base}/gone`), open)).toEqual({ kind: 'gone', status: 410 });
  });

  it('reads at most 64 kB of an endless answer, and stops there', async () => {
    const started = Date.now();
    const outcome = await sendPush(request(`${base}/huge`), open);
    expect(outcome).toMatchObject({ kind: 'failed', status: 500 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(pushMaxResponseBytes).toBe(65_536);
  });

  it('ends a call that trickles at its deadline', async () => {
    const started = Date.now();
    const outcome = await sendPush(request(`${base}/slow`), { ...open, timeoutMs: 300 });
    expect(outcome).toEqual({ kind: 'failed', reason: 'sem resposta em 300 ms' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('without allowPrivateHosts refuses http:, private and loopback addresses before sending', async () => {
    const before = hits;
    const strict = { ...open, allowPrivateHosts: false };
    for (const endpoint of [`${base}/ok`, 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://[::1]/x']) {
      expect((await sendPush(request(endpoint), strict)).kind, endpoint).toBe('failed');
    }
    // A name resolving to loopback is refused when the socket would connect.
    const named = await sendPush(request('https://localhost:1/x'), strict);
    expect(named).toEqual({ kind: 'failed', reason: 'endereço recusado (não público)' });
    expect(hits).toBe(before);
  });
});
