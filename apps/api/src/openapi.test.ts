import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, json, startTestServer, type TestServer } from './test/helpers.ts';

describe('the OpenAPI document', () => {
  let server: TestServer;
  let doc: Json;
  beforeAll(async () => {
    server = await startTestServer();
    doc = await json(await fetch(`${server.url}/api/openapi.json`));
  });
  afterAll(() => server.close());

  /** Served routes a client calls (not the docs UI's assets, HEAD twins or hidden plumbing). */
  const publicRoutes = () =>
    server.app.routeInventory.filter(
      (r) =>
        !r.hidden &&
        r.method !== 'HEAD' &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '*' &&
        !r.url.startsWith('/assets'),
    );

  it('lists every served route with its method', () => {
    const routes = publicRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, url } of routes) {
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
    }
  });

  it('documents the request and response schemas of every /api/v1 operation', () => {
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      if (!path.startsWith('/api/v1')) continue;
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(op.summary, name).toBeTruthy();
        expect(op.security, name).toEqual([{ bearer: [] }]);
        const success = Object.keys(op.responses).filter((code) => code.startsWith('2'));
        expect(success, name).toHaveLength(1);
        // A JSON answer, or a file download that says its type (the tickets' CSV export).
        const content = op.responses[success[0] ?? '']?.content;
        if (success[0] !== '204')
          expect(content?.['application/json']?.schema ?? content?.['text/csv']?.schema, name).toBeDefined();
        expect(op.responses['401'], `${name} documents 401`).toBeDefined();
        for (const param of path.match(/\{\w+\}/g) ?? []) {
          expect(
            op.parameters?.some((p: Json) => `{${p.name}}` === param && p.in === 'path'),
            `${name} ${param}`,
          ).toBe(true);
        }
        if (['post', 'put'].includes(method) && !path.endsWith('/analyze')) {
          expect(op.requestBody?.content?.['application/json']?.schema, `${name} body`).toBeDefined();
        }
      }
    }
  });
});
