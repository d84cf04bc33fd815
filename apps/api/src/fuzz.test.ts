import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, json, twoTenants } from './test/helpers.ts';

// Random bodies, query strings and ids thrown at every /api/v1 route of the OpenAPI document:
// whatever a client sends, the answer is never a 5xx.
describe('every product route under random input', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let doc: Json;
  const ids: string[] = [];

  beforeAll(async () => {
    // Hundreds of calls a minute as one user: the /api/v1 limit would answer some with 429.
    t = await twoTenants({ API_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000' });
    doc = await json(await fetch(`${t.server.url}/api/openapi.json`));
    const customer = await t.a.api('POST', '/customers', { name: 'Alvo', document: '52998224725' });
    const ticket = await t.a.api('POST', '/tickets', { content: 'Alvo', customer_id: customer.body.id });
    const message = await t.a.api('POST', '/messages', { content: 'Alvo', ticket_id: ticket.body.id });
    const foreign = await t.b.api('POST', '/tickets', { content: 'Do outro tenant' });
    ids.push(customer.body.id, ticket.body.id, message.body.id, foreign.body.id);
  });
  afterAll(() => t.server.close());

  const scalar = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      '',
      ' ',
      'true',
      'false',
      '-1',
      '0',
      '11',
      '1e309',
      'NaN',
      '2026-02-30',
      '%00',
      '\u0000',
      'Ação ç',
    ),
  );
  const value = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }),
    fc.dictionary(fc.string(), scalar, { maxKeys: 3 }),
  );
  const pathValue = () =>
    fc.oneof(fc.constantFrom(...ids, randomUUID(), 'abc', '0', '%20', 'x'.repeat(300)), fc.string());

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, Json>>)
      .filter(([path]) => path.startsWith('/api/v1'))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      )
      // A stream (Server-Sent Events) answers 200 and stays open: stream.test.ts covers it.
      .filter(({ op }) => !op.responses?.['200']?.content?.['text/event-stream']);

  it('answers NUL bytes and other control characters with 400 on every text input', async () => {
    for (const [method, path, body] of [
      ['GET', '/customers?search=%00', undefined],
      ['GET', '/tickets?search=a%00b&red_flag_term=%01', undefined],
      ['GET', '/messages?search=%00', undefined],
      ['POST', '/customers', { name: 'A\u0000', document: '52998224725' }],
      ['POST', '/tickets', { content: 'x\u0000y', title: '\u0007' }],
      ['POST', '/messages', { content: 'oi', channel: 'w\u0000' }],
    ] as const) {
      const res = await t.a.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
    }
  });

  it('never answers 5xx', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(10);
    for (const { path, method, op } of ops) {
      const known = (op.parameters ?? [])
        .filter((p: Json) => p.in === 'query')
        .map((p: Json) => p.name as string);
      const bodyKeys = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      const request = fc.record({
        params: fc.array(pathValue(), { minLength: 3, maxLength: 3 }),
        query: fc.dictionary(
          fc.oneof(fc.constantFrom(...known, 'x'), fc.string({ maxLength: 5 })),
          fc.oneof(scalar.map(String), fc.string()),
          {
            maxKeys: 4,
          },
        ),
        body: fc.oneof(
          fc.dictionary(fc.constantFrom(...bodyKeys, 'extra'), value, { maxKeys: bodyKeys.length + 1 }),
          value,
          fc.constantFrom('{"a":', '[', 'null', '"texto"'),
        ),
        raw: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body, raw }) => {
          let i = 0;
          const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(params[i++] ?? ''));
          const qs = new URLSearchParams(query).toString();
          const payload = ['GET', 'DELETE'].includes(method)
            ? undefined
            : raw && typeof body === 'string'
              ? body
              : JSON.stringify(body);
          const res = await t.a.api(method, `${url.replace('/api/v1', '')}${qs ? `?${qs}` : ''}`, payload);
          if (res.status >= 500)
            throw new Error(`${method} ${url}?${qs} ${payload} → ${res.status} ${JSON.stringify(res.body)}`);
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
  }, 180_000);
});
