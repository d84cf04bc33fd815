import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flaggedTerms } from '../db/schema/index.ts';
import { createTestUser, type Json, signedInClient, twoTenants } from '../test/helpers.ts';
import { floodText, percentile, realisticTerms } from './term-flood.data.ts';

// Security issue, item 2: "one tenant can freeze every tenant". Red flags were one regex per term
// on the event loop and terms had no cap: 500 terms froze the server 7 s on one long text. Now a
// tenant has at most 1,000 terms, matching is one automaton (linear in the text) and the offline
// analyses run on the CPU pool, outside any transaction.

const capReached = 'Limite de 1.000 termos sinalizados atingido. Exclua termos antes de adicionar outros.';
const overCap = 'Há mais de 1.000 termos sinalizados. Exclua termos antes de alterar outros.';
const messageMax = 10_000; // the longest message content (createMessageSchema)
const ticketMax = 100_000; // the longest ticket content (createTicketSchema)
const lanes = Number(process.env.FLOOD_LANES ?? 3); // A's texts in flight at once
const rounds = Number(process.env.FLOOD_ROUNDS ?? 20);

describe('term flood: one tenant at the cap cannot stall the others', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    // The API rate limits are not what this test is about: the flood stays under a real one.
    t = await twoTenants({
      API_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_TENANT_PER_MINUTE: '1000000',
    });
    const made = await t.a.api('POST', '/flagged-terms/bulk', { terms: realisticTerms(1000) });
    expect(made.status).toBe(200);
    expect(made.body.created).toBe(1000);
  }, 60_000);
  afterAll(() => t.server.close());

  it("keeps the other tenant's requests flowing while texts of maximum size are analysed", async () => {
    // Tickets of 100,000 characters (the longest), created beforehand: what is timed is analysis.
    const tickets: string[] = [];
    for (let i = 0; i < Math.ceil((lanes * rounds) / 2); i++) {
      const ticket = await t.a.api('POST', '/tickets', { content: floodText(ticketMax, i) });
      expect(ticket.status).toBe(201);
      tickets.push(ticket.body.id);
    }
    // Warm up: worker thread started, A's matcher compiled, B's first requests served.
    await t.a.api('POST', '/messages', { content: floodText(messageMax) });
    for (let i = 0; i < 5; i++) await t.b.api('GET', '/customers');

    const perA: number[] = [];
    const results: Json[] = [];
    let running = true;
    const attacker = (async () => {
      // 60 texts, 3 at a time (enough requests of B for a p99 that is not just its slowest): messages of the maximum size, and the 100,000-character tickets.
      for (let round = 0; round < rounds; round++) {
        await Promise.all(
          Array.from({ length: lanes }, (_, lane) => lane).map(async (lane) => {
            const started = performance.now();
            const n = round * lanes + lane;
            if (n % 2 === 0) {
              const res = await t.a.api('POST', '/messages', {
                content: floodText(messageMax, round + lane),
              });
              expect(res.status).toBe(201);
              results.push(res.body);
            } else {
              const id = tickets[n >> 1];
              const res = await t.a.api('POST', `/tickets/${id}/analyze`, { force_reanalysis: true });
              expect(res.status).toBe(200);
              results.push(res.body);
            }
            perA.push(performance.now() - started);
          }),
        );
      }
      running = false;
    })();

    const perB: number[] = [];
    while (running) {
      const started = performance.now();
      const res = await t.b.api('GET', '/customers');
      perB.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    await attacker;

    const p50 = percentile(perB, 50);
    const p99 = percentile(perB, 99);
    console.log(
      `term flood: tenant B GET /customers ×${perB.length}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `slowest ${[...perB]
          .sort((x, y) => y - x)
          .slice(0, 3)
          .map((x) => x.toFixed(0))
          .join('/')} ms; ` +
        `tenant A ×${perA.length} (messages of 10,000 and tickets of 100,000 characters, 1,000 terms): ` +
        `${percentile(perA, 50).toFixed(0)} ms p50 per text (${lanes} in parallel)`,
    );
    expect(perB.length).toBeGreaterThan(10);
    // A guard against stalls, not a speed target: analysis on the event loop would hold B for
    // whole texts (several hundred ms each). The figure printed above is the one to read (~50 ms
    // on a quiet machine; CI's two cores running other test files push it past 100 ms).
    expect(p99).toBeLessThanOrEqual(250);

    expect(results).toHaveLength(lanes * rounds);
    for (const body of results) {
      expect(body.analysis.contains_red_flags).toBe(true);
      // Tenant terms (as written), found anywhere in the text, next to the built-in ones.
      expect(body.analysis.red_flag_words).toEqual(expect.arrayContaining(['cobrança indevida', 'procon']));
    }
    for (const body of results.filter((b) => 'flagged' in b && 'direction' in b))
      expect(body.flagged).toBe(true);
  }, 180_000);

  it('reads the terms again when they change (terms_version)', async () => {
    const word = `xablau${Date.now()}`;
    const before = await t.b.api('POST', '/messages', { content: `Oi, tudo ${word} por aqui` });
    expect(before.body.analysis.red_flag_words).toEqual([]);
    const term = await t.b.api('POST', '/flagged-terms', { term: word });
    const flagged = await t.b.api('POST', '/messages', { content: `Oi, tudo ${word} por aqui` });
    expect(flagged.body.analysis.red_flag_words).toEqual([word]);
    expect((await t.b.api('PATCH', `/flagged-terms/${term.body.id}/toggle`)).body.is_active).toBe(false);
    const off = await t.b.api('POST', '/messages', { content: `Oi, tudo ${word} por aqui` });
    expect(off.body.analysis.red_flag_words).toEqual([]);
  });

  it('refuses the 1,001st term (create, bulk) with a pt-BR 409; renames and toggles at the cap still work', async () => {
    const create = await t.a.api('POST', '/flagged-terms', { term: 'termo mil e um' });
    expect(create.status).toBe(409);
    expect(create.body).toMatchObject({ code: 'conflict', detail: capReached });

    const bulk = await t.a.api('POST', '/flagged-terms/bulk', { terms: ['novo um', 'novo dois'] });
    expect(bulk.status).toBe(409);
    expect(bulk.body.detail).toBe(capReached);
    // Only duplicates: nothing new, so nothing over the cap.
    const dup = await t.a.api('POST', '/flagged-terms/bulk', { terms: ['reembolso indevida'] });
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({ created: 0, duplicates: 1 });

    const all = (await t.a.api('GET', '/flagged-terms')).body as Json[];
    expect(all).toHaveLength(1000);
    const some = all[0];
    expect((await t.a.api('PUT', `/flagged-terms/${some.id}`, { term: `${some.term} x` })).status).toBe(200);
    expect((await t.a.api('PATCH', `/flagged-terms/${some.id}/toggle`)).status).toBe(200);
    expect((await t.a.api('PATCH', `/flagged-terms/${some.id}/toggle`)).status).toBe(200);
    // Room again after a delete.
    expect((await t.a.api('DELETE', `/flagged-terms/${some.id}`)).status).toBe(204);
    expect((await t.a.api('POST', '/flagged-terms', { term: 'termo mil' })).status).toBe(201);
  });

  it('refuses a term of 101 characters (400 naming body.term), on create, PUT and per bulk item', async () => {
    const long = 'a'.repeat(101);
    const message = 'O termo deve ter no máximo 100 caracteres.';
    const create = await t.b.api('POST', '/flagged-terms', { term: long });
    expect(create.status).toBe(400);
    expect(create.body.fields).toEqual([{ field: 'body.term', message }]);
    const made = await t.b.api('POST', '/flagged-terms', { term: 'b'.repeat(100) });
    expect(made.status).toBe(201);
    const put = await t.b.api('PUT', `/flagged-terms/${made.body.id}`, { term: long });
    expect(put.status).toBe(400);
    expect(put.body.fields).toEqual([{ field: 'body.term', message }]);
    const bulk = await t.b.api('POST', '/flagged-terms/bulk', { terms: [long] });
    expect(bulk.body.results[0]).toMatchObject({ status: 'invalid', message });
  });

  it('keeps exactly 1,000 terms when 20 creates race at 995; a bulk that does not fit creates nothing', async () => {
    const user = await createTestUser(t.server.database);
    const api = await signedInClient(t.server, user);
    const terms = Array.from({ length: 995 }, (_, i) => `corrida ${i}`);
    expect((await api('POST', '/flagged-terms/bulk', { terms })).body.created).toBe(995);

    const tooMany = await api('POST', '/flagged-terms/bulk', {
      terms: Array.from({ length: 6 }, (_, i) => `lote ${i}`),
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toBe(
      'Limite de 1.000 termos sinalizados: cabem mais 5 e a lista traz 6 termos novos. Nenhum foi criado; exclua termos ou envie menos.',
    );

    const creates = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', '/flagged-terms', { term: `paralelo ${i}` })),
    );
    expect(creates.filter((r) => r.status === 201)).toHaveLength(5);
    expect(creates.filter((r) => r.status === 409).every((r) => r.body.detail === capReached)).toBe(true);
    expect(creates.filter((r) => r.status === 409)).toHaveLength(15);
    expect((await api('GET', '/flagged-terms')).body).toHaveLength(1000);
  });

  it('refuses PUT and toggle (409) while a tenant is over the cap, but lets it delete', async () => {
    // Only possible for data from before the cap: written here with the trigger switched off.
    const user = await createTestUser(t.server.database);
    const api = await signedInClient(t.server, user);
    expect((await api('POST', '/flagged-terms', { term: 'primeiro' })).status).toBe(201);
    await t.server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(flaggedTerms).values(
        Array.from({ length: 1000 }, (_, i) => ({
          tenantId: user.tenant.id,
          term: `antigo ${i}`,
          termFolded: `antigo ${i}`,
        })),
      );
    });
    const all = (await api('GET', '/flagged-terms')).body as Json[];
    expect(all).toHaveLength(1000); // the list answers 1,000 of the 1,001
    const id = all[0].id;
    const put = await api('PUT', `/flagged-terms/${id}`, { is_active: false });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ code: 'conflict', detail: overCap });
    const toggle = await api('PATCH', `/flagged-terms/${id}/toggle`);
    expect(toggle.status).toBe(409);
    expect(toggle.body.detail).toBe(overCap);
    expect((await api('POST', '/flagged-terms', { term: 'mais um' })).status).toBe(409);

    expect((await api('DELETE', `/flagged-terms/${id}`)).status).toBe(204);
    expect((await api('PATCH', `/flagged-terms/${all[1].id}/toggle`)).status).toBe(200); // back at 1,000
  });
});
