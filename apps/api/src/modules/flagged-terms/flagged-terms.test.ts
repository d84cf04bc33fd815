import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.ts';
import { type ApiCall, createTestUser, type Json, signedInClient, twoTenants } from '../../test/helpers.ts';
import { activeTermsVersioned } from './flagged-terms.service.ts';

const blank = 'O termo não pode ficar em branco.';
const notText = 'O termo deve ser um texto.';
const tooLong = 'O termo deve ter no máximo 100 caracteres.';
const duplicate = 'Este termo já está cadastrado.';

describe('flagged terms API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  /** A marker no other test's term contains. */
  const tag = () => randomUUID().slice(0, 8);
  const list = async (api: ApiCall, search?: string) => {
    const res = await api(
      'GET',
      `/flagged-terms${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
    );
    expect(res.status).toBe(200);
    return res.body as Json[];
  };

  it('creates, lists, changes, toggles and deletes a term', async () => {
    const marker = tag();
    const created = await t.a.api('POST', '/flagged-terms', { term: `  Reclame \t Aqui ${marker} ` });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      term: `Reclame Aqui ${marker}`,
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const { id } = created.body;
    expect(await list(t.a.api, marker)).toEqual([created.body]);

    const renamed = await t.a.api('PUT', `/flagged-terms/${id}`, { term: `Reclame Aqui ${marker} Já` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, term: `Reclame Aqui ${marker} Já`, is_active: true });
    const respelled = await t.a.api('PUT', `/flagged-terms/${id}`, { term: `RECLAME AQUI ${marker} JA` });
    expect(respelled.body.term).toBe(`RECLAME AQUI ${marker} JA`); // same term folded: only the spelling
    const deactivated = await t.a.api('PUT', `/flagged-terms/${id}`, { is_active: false });
    expect(deactivated.body).toMatchObject({ term: `RECLAME AQUI ${marker} JA`, is_active: false });
    const unchanged = await t.a.api('PUT', `/flagged-terms/${id}`, {});
    expect(unchanged.body).toEqual(deactivated.body);

    const on = await t.a.api('PATCH', `/flagged-terms/${id}/toggle`);
    expect(on.status).toBe(200);
    expect(on.body.is_active).toBe(true);
    const off = await t.a.api('PATCH', `/flagged-terms/${id}/toggle`);
    expect(off.body).toMatchObject({ id, is_active: false });
    expect((await list(t.a.api, marker))[0].is_active).toBe(false);

    expect((await t.a.api('DELETE', `/flagged-terms/${id}`)).status).toBe(204);
    expect(await list(t.a.api, marker)).toEqual([]);
    expect((await t.a.api('DELETE', `/flagged-terms/${id}`)).status).toBe(404);
    expect((await t.a.api('PATCH', `/flagged-terms/${id}/toggle`)).status).toBe(404);
    const gone = await t.a.api('PUT', `/flagged-terms/${id}`, { is_active: true });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('Termo não encontrado.');
  });

  it('validates the term with a pt-BR message naming body.term', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'body.term', blank],
      [{ term: null }, 'body.term', blank],
      [{ term: '' }, 'body.term', blank],
      [{ term: ' \n\t ' }, 'body.term', blank],
      [{ term: '\u0301' }, 'body.term', blank], // a lone accent folds to nothing
      [{ term: 42 }, 'body.term', notText],
      [{ term: ['procon'] }, 'body.term', notText],
      [{ term: 'a'.repeat(101) }, 'body.term', tooLong],
      [{ term: 'nul\u0000byte' }, 'body.term', 'O termo contém caracteres inválidos.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.a.api('POST', '/flagged-terms', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.fields[0], JSON.stringify(body)).toEqual({ field, message });
    }
    // Exactly 100 characters after collapsing whitespace is fine; NFD input counts as NFC.
    const hundred = `${tag()}${'b'.repeat(92)}`;
    expect((await t.a.api('POST', '/flagged-terms', { term: `  ${hundred}  ` })).status).toBe(201);
    const nfd = `Açaí ${tag()} ${'x'.repeat(84)}`.normalize('NFD'); // 100 characters in NFC, 103 in NFD
    const nfdRes = await t.a.api('POST', '/flagged-terms', { term: nfd });
    expect(nfdRes.status).toBe(201);
    expect(nfdRes.body.term).toBe(nfd.normalize('NFC'));

    const { body: term } = await t.a.api('POST', '/flagged-terms', { term: `valido ${tag()}` });
    for (const [body, field, message] of [
      [{ term: '  ' }, 'body.term', blank],
      [{ term: 'a'.repeat(101) }, 'body.term', tooLong],
      [{ is_active: 'sim' }, 'body.is_active', 'Use true ou false.'],
    ] as const) {
      const res = await t.a.api('PUT', `/flagged-terms/${term.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields[0]).toEqual({ field, message });
    }

    expect((await t.a.api('POST', '/flagged-terms', '{"term": "procon",')).status).toBe(400);
    const notObject = await t.a.api('POST', '/flagged-terms', '"procon"');
    expect(notObject.status).toBe(400);
    expect(notObject.body.fields[0].field).toBe('body');
    expect((await t.a.api('PUT', `/flagged-terms/${term.id}`, '[1,')).status).toBe(400);
  });

  it('refuses a term that differs only in case or accents (409), but not in another tenant', async () => {
    const marker = tag();
    const first = await t.a.api('POST', '/flagged-terms', { term: `Procon ${marker}` });
    expect(first.status).toBe(201);
    for (const term of [`PROCÓN ${marker}`, `procon   ${marker.toUpperCase()}`, ` prócon ${marker} `]) {
      const dup = await t.a.api('POST', '/flagged-terms', { term });
      expect(dup.status, term).toBe(409);
      expect(dup.body).toMatchObject({
        code: 'conflict',
        detail: duplicate,
        fields: [{ field: 'body.term', message: duplicate }],
      });
    }
    expect((await t.b.api('POST', '/flagged-terms', { term: `PROCÓN ${marker}` })).status).toBe(201);

    const other = await t.a.api('POST', '/flagged-terms', { term: `Anatel ${marker}` });
    const clash = await t.a.api('PUT', `/flagged-terms/${other.body.id}`, { term: `procón ${marker}` });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toBe(duplicate);
    expect((await list(t.a.api, marker)).map((x) => x.term)).toEqual([
      `Anatel ${marker}`,
      `Procon ${marker}`,
    ]);
  });

  it('searches ignoring case and accents, ordered by the folded term', async () => {
    const marker = tag();
    for (const term of ['Ação judicial', 'advogado', 'Órgão de defesa', 'acionar a justiça', 'Zé da Silva']) {
      expect((await t.a.api('POST', '/flagged-terms', { term: `${term} ${marker}` })).status).toBe(201);
    }
    const terms = async (search: string) => (await list(t.a.api, search)).map((x) => x.term);
    expect(await terms(marker)).toEqual([
      `Ação judicial ${marker}`, // "acao" before "acionar"
      `acionar a justiça ${marker}`,
      `advogado ${marker}`,
      `Órgão de defesa ${marker}`,
      `Zé da Silva ${marker}`,
    ]);
    expect(await terms(`ACAO ${marker}`)).toEqual([`Ação judicial ${marker}`]);
    expect(await terms(`${marker.toUpperCase()} orgao`)).toEqual([`Órgão de defesa ${marker}`]);
    expect(await terms(`justica ${marker}`)).toEqual([`acionar a justiça ${marker}`]);
    expect(await terms(`%${marker}`)).toEqual([]); // LIKE wildcards are literal
    expect(await terms(`nada-${marker}`)).toEqual([]);
    expect((await t.a.api('GET', '/flagged-terms?search=')).status).toBe(200); // empty = no filter
    expect((await t.a.api('GET', `/flagged-terms?search=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await t.a.api('GET', '/flagged-terms?search=%00')).status).toBe(400);
    expect((await list(t.b.api, marker)).length).toBe(0);
  });

  it('adds terms in bulk, reporting each item in order', async () => {
    const marker = tag();
    const existing = await t.a.api('POST', '/flagged-terms', { term: `Cancelar ${marker}` });
    const res = await t.a.api('POST', '/flagged-terms/bulk', {
      terms: [
        `Reembolso ${marker}`,
        `  Estorno   ${marker} `,
        `REEMBOLSÓ ${marker}`, // repeats the first item
        `cancelar ${marker}`, // repeats an existing term
        '   ',
        42,
        null,
        { term: 'x' },
        'z'.repeat(101),
        `Chargeback ${marker}`,
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 3, duplicates: 2, invalid: 5 });
    const r = res.body.results;
    expect(r).toHaveLength(10);
    expect(r[0]).toEqual({ term: `Reembolso ${marker}`, status: 'created', id: expect.any(String) });
    expect(r[1]).toEqual({ term: `Estorno ${marker}`, status: 'created', id: expect.any(String) });
    expect(r[2]).toEqual({
      term: `REEMBOLSÓ ${marker}`,
      status: 'duplicate',
      id: r[0].id,
      message: 'Termo repetido nesta lista.',
    });
    expect(r[3]).toEqual({
      term: `cancelar ${marker}`,
      status: 'duplicate',
      id: existing.body.id,
      message: duplicate,
    });
    expect(r[4]).toEqual({ term: '', status: 'invalid', message: blank });
    expect(r[5]).toEqual({ term: null, status: 'invalid', message: notText });
    expect(r[6]).toEqual({ term: null, status: 'invalid', message: blank });
    expect(r[7]).toEqual({ term: null, status: 'invalid', message: notText });
    expect(r[8]).toMatchObject({ status: 'invalid', message: tooLong });
    expect(r[9]).toMatchObject({ term: `Chargeback ${marker}`, status: 'created' });

    expect((await list(t.a.api, marker)).map((x) => x.term)).toEqual([
      `Cancelar ${marker}`,
      `Chargeback ${marker}`,
      `Estorno ${marker}`,
      `Reembolso ${marker}`,
    ]);
    const again = await t.a.api('POST', '/flagged-terms/bulk', { terms: [`estorno ${marker}`] });
    expect(again.body).toMatchObject({ created: 0, duplicates: 1, invalid: 0 });
    expect(again.body.results[0].id).toBe(r[1].id);
    expect((await list(t.b.api, marker)).length).toBe(0);
  });

  it('refuses a bulk body that is not a list of 1 to 1000 items', async () => {
    const cases: [unknown, string][] = [
      [{ terms: [] }, 'Envie de 1 a 1.000 termos.'],
      [{ terms: Array.from({ length: 1001 }, (_, i) => `t${i}`) }, 'Envie de 1 a 1.000 termos.'],
      [{ terms: 'procon' }, 'Envie os termos numa lista em "terms".'],
      [{}, 'Envie os termos numa lista em "terms".'],
    ];
    for (const [body, message] of cases) {
      const res = await t.a.api('POST', '/flagged-terms/bulk', body);
      expect(res.status).toBe(400);
      expect(res.body.fields[0]).toEqual({ field: 'body.terms', message });
    }
    expect((await t.a.api('POST', '/flagged-terms/bulk', '{"terms": [')).status).toBe(400);
    // The largest body (1000 items) is accepted: see 'lists every term of a tenant at the cap'.
  });

  it("answers 404 for another tenant's term on every route, and never lists it", async () => {
    const marker = tag();
    const mine = await t.a.api('POST', '/flagged-terms', { term: `Só do A ${marker}` });
    const { id } = mine.body;
    expect(await list(t.b.api)).not.toContainEqual(expect.objectContaining({ id }));
    expect(await list(t.b.api, marker)).toEqual([]);
    expect((await t.b.api('PUT', `/flagged-terms/${id}`, { term: 'Invasor' })).status).toBe(404);
    expect((await t.b.api('PUT', `/flagged-terms/${id}`, { is_active: false })).status).toBe(404);
    expect((await t.b.api('PATCH', `/flagged-terms/${id}/toggle`)).status).toBe(404);
    expect((await t.b.api('DELETE', `/flagged-terms/${id}`)).status).toBe(404);
    expect(await list(t.a.api, marker)).toEqual([mine.body]); // untouched
  });

  it('answers 400 for ids that are not UUIDs', async () => {
    for (const [method, path, body] of [
      ['PUT', '/flagged-terms/nao-e-uuid', { is_active: true }],
      ['DELETE', '/flagged-terms/123', undefined],
      ['PATCH', '/flagged-terms/abc/toggle', undefined],
    ] as const) {
      const res = await t.a.api(method, path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.fields[0].field).toBe('params.id');
    }
  });

  it('stays consistent under concurrent requests (one create wins, toggles never get lost)', async () => {
    const marker = tag();
    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.a.api('POST', '/flagged-terms', { term: i % 2 ? `Fraude ${marker}` : `FRAÚDE ${marker}` }),
      ),
    );
    expect(creates.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);

    const terms = Array.from({ length: 20 }, (_, i) => `golpe ${marker} ${i}`);
    const bulks = await Promise.all([1, 2, 3].map(() => t.a.api('POST', '/flagged-terms/bulk', { terms })));
    expect(bulks.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bulks.reduce((sum, r) => sum + r.body.created, 0)).toBe(20);
    expect(bulks.reduce((sum, r) => sum + r.body.duplicates, 0)).toBe(40);
    for (const r of bulks) expect(r.body.results.every((x: Json) => typeof x.id === 'string')).toBe(true);

    const id = creates.find((r) => r.status === 201)?.body.id;
    const toggles = await Promise.all(
      Array.from({ length: 10 }, () => t.a.api('PATCH', `/flagged-terms/${id}/toggle`)),
    );
    expect(toggles.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(toggles.filter((r) => r.body.is_active).length).toBe(5); // each saw a different state
    expect((await list(t.a.api, `fraude ${marker}`))[0].is_active).toBe(true);
  });

  it('lists every term of a tenant at the cap of 1000', async () => {
    const user = await createTestUser(t.server.database);
    const api = await signedInClient(t.server, user);
    const terms = Array.from({ length: 1000 }, (_, i) => `termo ${String(999 - i).padStart(4, '0')}`);
    expect((await api('POST', '/flagged-terms/bulk', { terms })).body.created).toBe(1000);
    const all = await list(api);
    expect(all).toHaveLength(1000);
    expect(all[0].term).toBe('termo 0000');
    expect(all[999].term).toBe('termo 0999');
    expect((await list(api, '0999')).map((x) => x.term)).toEqual(['termo 0999']);
  });

  it('gives the analysers the active terms as written', async () => {
    // A tenant of its own, so its terms are exactly the ones written here.
    const user = await createTestUser(t.server.database);
    const api = await signedInClient(t.server, user);
    const made = await api('POST', '/flagged-terms/bulk', {
      terms: ['  Órgão   de Defesa ', 'inativo', 'Ação Judicial', 'Zangado'],
    });
    await api('PATCH', `/flagged-terms/${made.body.results[1].id}/toggle`);
    const active = async (tenantId: string) =>
      (await withTenant(t.server.database.db, tenantId, activeTermsVersioned)).terms;
    expect(await active(user.tenant.id)).toEqual(['Ação Judicial', 'Órgão de Defesa', 'Zangado']);
    expect(await active(t.b.tenant.id)).not.toContain('Ação Judicial');
  });
});
