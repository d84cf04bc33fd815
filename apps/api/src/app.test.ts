import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyLimitBytes } from './app.ts';
import { AppError } from './lib/errors.ts';
import { freshDatabase, json, startTestServer, type TestServer, testDatabase } from './test/helpers.ts';

const bigAsset = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"linha ${i}"`).join(',')}];`;

describe('the app over HTTP', () => {
  let server: TestServer;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="pt-BR"><div id="root"></div></html>',
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("push", () => {});');
    // As apps/web/precompress.ts leaves a text asset: beside it, its brotli and gzip encodings.
    const big = path.join(webDist, 'assets', 'index-def456.js');
    fs.writeFileSync(big, bigAsset);
    fs.writeFileSync(`${big}.br`, zlib.brotliCompressSync(bigAsset));
    fs.writeFileSync(`${big}.gz`, zlib.gzipSync(bigAsset));
    server = await startTestServer({
      webDist,
      extend: (app) => {
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ name: z.string().min(1), age: z.number().int().min(0) }) } },
          async (request) => request.body,
        );
        app.get('/api/test/conflict', async () => {
          throw new AppError('conflict', 'Já existe.');
        });
        app.get('/api/test/nul', async () => {
          // A value the schemas would have refused, reaching PostgreSQL anyway.
          await (await testDatabase()).db.execute(sql`select ${'a\u0000b'}::text`);
        });
        app.get('/api/test/crash', async () => {
          throw new Error('secret internal detail');
        });
      },
    });
  });
  afterAll(() => server.close());

  const get = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, init);
  const post = (p: string, body: string, type = 'application/json') =>
    fetch(`${server.url}${p}`, { method: 'POST', body, headers: { 'content-type': type } });

  it('answers /healthz and /readyz', async () => {
    expect(await json(await get('/healthz'))).toEqual({ status: 'ok' });
    expect(await json(await get('/readyz'))).toEqual({ status: 'ready' });
  });

  it("answers /readyz with 503 when the database doesn't answer", async () => {
    const database = await freshDatabase();
    const broken = await startTestServer({ database });
    await database.close();
    const res = await fetch(`${broken.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ status: 'unavailable' });
    await broken.close();
  });

  it('serves the runtime config for the SPA', async () => {
    const res = await get('/config.json');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.idp).toMatchObject({ region: 'sa-east-1' });
    expect(body.idp.endpoint).toMatch(/^http/);
    expect(body.idp.userPoolId).toBeTruthy();
    expect(body.idp.clientId).toBeTruthy();
  });

  it('publishes OpenAPI and a docs page', async () => {
    const doc = await json(await get('/api/openapi.json'));
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/config.json']));
    const docs = await get('/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
  });

  it('serves the SPA for client routes and assets with long caching', async () => {
    for (const route of ['/', '/tickets/123', '/esqueci-minha-senha?x=1']) {
      const res = await get(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const asset = await get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it("sends the build's precompressed encodings to browsers that accept them", async () => {
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await get('/assets/index-def456.js', { headers: { 'accept-encoding': accepted } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('accept-encoding');
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await res.text()).toBe(bigAsset); // fetch decodes it: the same file
    }
  });

  it('serves the service worker for the whole site, revalidated on every load', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers unknown API paths and missing files with a JSON 404, not the SPA', async () => {
    for (const route of ['/api/v1/nada', '/assets/missing.js']) {
      const res = await get(route);
      expect(res.status).toBe(404);
      expect((await json(res)).code).toBe('not_found');
    }
    expect((await post('/tickets', '{}')).status).toBe(404);
  });

  it('sets a request id and security headers on every answer', async () => {
    const res = await get('/healthz');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  describe('the error handler', () => {
    it('names the invalid field with a pt-BR message', async () => {
      const res = await post('/api/test/echo', JSON.stringify({ name: '', age: -1 }));
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.code).toBe('validation_error');
      expect(body.fields.map((f: { field: string }) => f.field)).toEqual(['body.name', 'body.age']);
      expect(body.detail).toBe(body.fields[0].message); // readable as is; fields say where
      expect(body.request_id).toBeTruthy();
    });

    it('answers wrong types and malformed JSON with 400', async () => {
      const wrongType = await post('/api/test/echo', JSON.stringify({ name: 'Ana', age: 'dez' }));
      expect(wrongType.status).toBe(400);
      expect((await json(wrongType)).fields[0].field).toBe('body.age');
      const malformed = await post('/api/test/echo', '{"name": ');
      expect(malformed.status).toBe(400);
      expect(await json(malformed)).toMatchObject({
        code: 'bad_request',
        detail: 'O corpo da requisição não é um JSON válido.',
      });
    });

    it('refuses oversize bodies and unknown content types', async () => {
      const big = await post('/api/test/echo', JSON.stringify({ name: 'x'.repeat(bodyLimitBytes), age: 1 }));
      expect(big.status).toBe(413);
      expect((await json(big)).code).toBe('payload_too_large');
      const xml = await post('/api/test/echo', '<a/>', 'application/xml');
      expect(xml.status).toBe(415);
    });

    it('answers data the database refuses with 400, not 500', async () => {
      const res = await get('/api/test/nul');
      expect(res.status).toBe(400);
      expect((await json(res)).code).toBe('bad_request');
    });

    it('maps AppError codes to their status', async () => {
      const res = await get('/api/test/conflict');
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ code: 'conflict', detail: 'Já existe.' });
    });

    it('hides the internals of a 500 and gives the request id to quote', async () => {
      const res = await get('/api/test/crash');
      expect(res.status).toBe(500);
      const body = await json(res);
      expect(JSON.stringify(body)).not.toContain('secret');
      expect(body).toMatchObject({ code: 'internal_error' });
      expect(body.request_id).toBe(res.headers.get('x-request-id'));
    });
  });
});
