import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signInIdToken, startTestServer, type TestServer } from '../test/helpers.ts';

function fakeWebDist() {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Atende</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  return webDist;
}

describe('response headers', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ webDist: fakeWebDist() });
    const user = await createTestUser(server.database);
    token = await signInIdToken(server.url, user);
  });
  afterAll(() => server.close());

  it('sends Cache-Control: no-store on every /api answer, errors included', async () => {
    const answers = {
      ok: await fetch(`${server.url}/api/v1/customers`, { headers: { authorization: `Bearer ${token}` } }),
      unauthorized: await fetch(`${server.url}/api/v1/customers`),
      notFound: await fetch(`${server.url}/api/v1/nada`, { headers: { authorization: `Bearer ${token}` } }),
      badRequest: await fetch(`${server.url}/api/v1/customers?page=x`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      openapi: await fetch(`${server.url}/api/openapi.json`),
    };
    expect(answers.ok.status).toBe(200);
    expect(answers.unauthorized.status).toBe(401);
    expect(answers.openapi.status).toBe(200);
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get('cache-control'), name).toBe('no-store');
    }
  });

  it('leaves the SPA and its assets to their own caching', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).not.toBe('no-store');
    const page = await fetch(`${server.url}/tickets`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).not.toBe('no-store');
  });

  it('sends no HSTS when PUBLIC_URL is http', async () => {
    for (const url of ['/healthz', '/api/openapi.json', '/tickets']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.headers.get('strict-transport-security'), url).toBeNull();
    }
  });
});

describe('HSTS over https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://atende.example.com' } });
  });
  afterAll(() => server.close());

  it('sends Strict-Transport-Security when PUBLIC_URL is https', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
