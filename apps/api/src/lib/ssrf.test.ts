import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../test/fake-dns.ts';
import { DnsBusyError, HostResolver, isPrivateAddress } from './ssrf.ts';

describe('isPrivateAddress', () => {
  it('judges IPv4-compatible (::a.b.c.d) and IPv4-mapped IPv6 by the IPv4 address they carry', () => {
    // The URL parser writes [::127.0.0.1] as [::7f00:1]: both forms, and the mapped ones.
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '[::7f00:1]',
      '::a9fe:a9fe',
      '::10.0.0.5',
      '::ffff:7f00:1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['::8.8.8.8', '::808:808', '::ffff:8.8.8.8', '8.8.8.8', '2606:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
    expect(isPrivateAddress('::1')).toBe(true);
    expect(isPrivateAddress('::')).toBe(true);
    expect(isPrivateAddress('loja.digisac.chat')).toBe(false); // a name: judged once resolved
  });
});

describe('HostResolver (c-ares, a deadline, a cap on concurrent look-ups)', () => {
  let dns: FakeDns;
  beforeAll(async () => {
    dns = await startFakeDns({
      'publico.teste': ['203.0.114.7', '2606:4700::1111'],
      'interno.teste': ['10.1.2.3'],
      'nunca-responde.teste': 'hang',
    });
  });
  afterAll(() => dns.close());

  const resolver = (maxConcurrent = 4, timeoutMs = 400) =>
    new HostResolver({ servers: [dns.server], timeoutMs, maxConcurrent });

  it("asks the configured name server, not the system's, and answers every address", async () => {
    expect(await resolver().addresses('publico.teste')).toEqual([
      { address: '203.0.114.7', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    expect(
      dns.queries
        .filter((q) => q.name === 'publico.teste')
        .map((q) => q.type)
        .sort(),
    ).toEqual(['A', 'AAAA']);
    expect(await resolver().addresses('nao-existe.teste')).toEqual([]);
    // IP literals and localhost are never sent to DNS.
    const before = dns.queries.length;
    expect(await resolver().addresses('[::1]')).toEqual([{ address: '::1', family: 6 }]);
    expect((await resolver().addresses('LOCALHOST')).map((a) => a.address)).toEqual(['127.0.0.1', '::1']);
    expect(dns.queries.length).toBe(before);
  });

  it('gives up on a name server that never answers within the deadline', async () => {
    const started = performance.now();
    expect(await resolver(4, 300).addresses('nunca-responde.teste')).toEqual([]);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3000);
  });

  it('refuses a look-up beyond the cap at once instead of queueing it', async () => {
    const r = resolver(3, 500);
    const hanging = Array.from({ length: 3 }, () => r.addresses('nunca-responde.teste'));
    const started = performance.now();
    await expect(r.addresses('publico.teste')).rejects.toBeInstanceOf(DnsBusyError);
    expect(performance.now() - started).toBeLessThan(100);
    expect(r.running).toBe(3);
    await Promise.all(hanging);
    // Slots are given back at the deadline (the queries are cancelled then).
    expect(r.running).toBe(0);
    expect((await r.addresses('publico.teste')).length).toBe(2);
  });

  it('gives its slot back when a look-up cannot even start (issue 26, item 4 review)', async () => {
    const r = resolver(1, 500);
    // A channel that cannot be made (c-ares out of sockets, a bad server list): the look-up fails…
    const failing = r as unknown as { channel: () => unknown };
    const channel = failing.channel;
    failing.channel = () => {
      throw new Error('no channel');
    };
    await expect(r.addresses('publico.teste')).rejects.toThrow('no channel');
    failing.channel = channel;
    // …and the only slot is free again: the next look-up is not refused as busy.
    expect(r.running).toBe(0);
    expect((await r.addresses('publico.teste')).length).toBe(2);
  });

  it("gives net a lookup that connects to the resolver's address and refuses private ones", async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const names = await startFakeDns({ 'aqui.teste': ['127.0.0.1'] });
    try {
      const r = new HostResolver({ servers: [names.server], timeoutMs: 400, maxConcurrent: 4 });
      const get = (refusePrivate: boolean) =>
        new Promise<string>((resolve, reject) => {
          const request = http.get(
            {
              host: 'aqui.teste',
              port,
              path: '/',
              agent: false,
              // biome-ignore lint/suspicious/noExplicitAny: net's lookup type is overloaded
              lookup: r.lookupFunction(refusePrivate) as any,
            },
            (res) => {
              res.resume();
              resolve(String(res.statusCode));
            },
          );
          request.on('error', (err: NodeJS.ErrnoException) => reject(err));
        });
      expect(await get(false)).toBe('200');
      await expect(get(true)).rejects.toMatchObject({ code: 'EADDRREFUSED' });
    } finally {
      await names.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
