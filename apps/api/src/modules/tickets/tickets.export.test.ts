import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulk } from '../../cli/seed-bulk.ts';
import { type ticketAnalyses, tickets } from '../../db/schema/index.ts';
import { tenantTxOf } from '../../db/tenant.ts';
import {
  type ApiCall,
  createTestUser,
  type Json,
  signedInClient,
  signInIdToken,
  startTestServer,
  storeTicketAnalysis,
  type TestServer,
} from '../../test/helpers.ts';
import { exportColumns, readPage } from './tickets.export.ts';

// GET /tickets/export.csv over real HTTP. Pages of 7 rows (TICKETS_EXPORT_CHUNK_ROWS), so every
// export here crosses several keyset pages. The bulk tenant holds seedBulk's tickets, whose every
// field follows from the row number i (its header comment gives the formulas).
const chunkRows = 7;
const N = 98; // 14 full pages: the last read finds nothing
const M = 10;
const numbers = Array.from({ length: N }, (_, x) => N - x); // newest first
const analysed = (i: number) => i % 10 < 7;

/** The file as the client gets it: status, headers, raw bytes, text without the BOM, parsed rows. */
interface Download {
  status: number;
  type: string | null;
  disposition: string | null;
  bytes: Uint8Array;
  text: string;
  rows: string[][];
  json: Json;
}

/**
 * Parses the CSV this export writes (`;`, CRLF, `"` quoting with `""`): a CR or LF outside quotes
 * that is not a CRLF record end stays in the cell, so a stray one shows as a wrong cell count.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0)
    throw new Error(`the file does not end with CRLF: ${JSON.stringify(cell)}`);
  return rows;
}

describe('tickets CSV export', () => {
  let server: TestServer;
  /** seedBulk's N tickets. */
  const bulk = { token: '', api: undefined as unknown as ApiCall, tenantId: '' };
  /** Hand-made tickets: formulas, long content, line breaks, an analysis with decimals, ties. */
  const crafted = { token: '', api: undefined as unknown as ApiCall, tenantId: '' };
  /** No tickets at all. */
  const empty = { token: '' };

  beforeAll(async () => {
    server = await startTestServer({ env: { TICKETS_EXPORT_CHUNK_ROWS: String(chunkRows) } });
    for (const who of [bulk, crafted, empty] as { token: string; api?: ApiCall; tenantId?: string }[]) {
      const user = await createTestUser(server.database);
      who.token = await signInIdToken(server.url, user);
      who.api = await signedInClient(server, user);
      who.tenantId = user.tenant.id;
      if (who === bulk) {
        await seedBulk(server.database, {
          tenantSlug: user.tenant.slug,
          tickets: N,
          customers: M,
          messagesPerTicket: 0,
        });
      }
    }
  });
  afterAll(() => server.close());

  async function download(who: { token: string }, query = '', headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/api/v1/tickets/export.csv${query ? `?${query}` : ''}`, {
      headers: who.token ? { authorization: `Bearer ${who.token}`, ...headers } : headers,
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const all = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const type = res.headers.get('content-type');
    const isCsv = res.status === 200;
    const text = isCsv ? all.replace(/^\uFEFF/, '') : all;
    return {
      status: res.status,
      type,
      disposition: res.headers.get('content-disposition'),
      bytes,
      text,
      rows: isCsv ? parseCsv(text) : [],
      json: type?.includes('json') ? JSON.parse(all) : undefined,
    } satisfies Download;
  }

  /** Every id of the list for the same filters, in the list's order (newest first). */
  async function listIds(api: ApiCall, query: string) {
    const ids: string[] = [];
    let total = -1;
    for (let page = 1; ; page++) {
      const res = await api('GET', `/tickets?${query}${query ? '&' : ''}per_page=100&page=${page}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(...res.body.tickets.map((t: { id: string }) => t.id));
      total = res.body.total;
      if (res.body.tickets.length < 100) break;
    }
    expect(ids).toHaveLength(total);
    return ids;
  }

  /** The data rows as objects keyed by the header's names. */
  const records = (file: Download) =>
    file.rows.slice(1).map((cells) => Object.fromEntries(cells.map((cell, c) => [file.rows[0]?.[c], cell])));

  /** Stores the ticket's next analysis version (the trigger makes it the newest). */
  const analyse = (ticketId: string, fields: Partial<typeof ticketAnalyses.$inferInsert> = {}) =>
    storeTicketAnalysis(server.database, crafted.tenantId, ticketId, fields);

  const create = async (body: Json) => {
    const res = await crafted.api('POST', '/tickets', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };

  it('answers a UTF-8 file with BOM, `;` and CRLF, named for today in São Paulo, header row first', async () => {
    const file = await download(bulk);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    const today = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10); // UTC-3 all year
    expect(file.disposition).toBe(`attachment; filename="chamados-${today}.csv"`);
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const header =
      'ID;Título;Cliente;Criado em;Atualizado em;Marcado;Origem;Protocolo;Sentimento;CSAT;Situação;Complexidade;' +
      'Urgência;Sinais de alerta;Termos de alerta;Requer escalonamento;Motivos de escalonamento;Conteúdo\r\n';
    expect(file.text.startsWith(header)).toBe(true);
    expect(file.rows[0]).toEqual([...exportColumns]);
    expect(file.text.split('\r\n')).toHaveLength(N + 2); // header, N rows, '' after the last CRLF
    for (const cells of file.rows) expect(cells).toHaveLength(exportColumns.length);
  });

  it('exports every ticket once across keyset pages, newest first, in the list order', async () => {
    const file = await download(bulk);
    const rows = records(file);
    expect(rows.map((r) => r.Título)).toEqual(numbers.map((i) => `Chamado de carga ${i}`));
    expect(rows.map((r) => r.ID)).toEqual(await listIds(bulk.api, ''));
    expect(new Set(rows.map((r) => r.ID)).size).toBe(N);
  });

  it("writes each ticket's newest analysis in pt-BR: labels, Sim/Não, comma decimals, São Paulo times", async () => {
    const byNumber = new Map(
      records(await download(bulk)).map((r) => [Number(r.Título.split(' ').at(-1)), r]),
    );
    // i = 14: analysed (14 mod 10 = 4), a Procon threat (mod 7 = 0), sentiment [14 mod 4 = 2] neutral,
    // CSAT 1.4, status [14 mod 3 = 2] not_solved, complexity (14 mod 5)/4 = 1, customer 1 + 14 mod 10.
    expect(byNumber.get(14)).toEqual({
      ID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      Título: 'Chamado de carga 14',
      Cliente: 'Cliente de carga 5',
      'Criado em': '01/06/2025 00:56:00', // 2025-06-01T00:00-03:00 + 4·14 minutes
      'Atualizado em': '01/06/2025 00:56:00',
      Marcado: 'Não',
      Origem: 'Interno',
      Protocolo: '',
      Sentimento: 'Neutro',
      CSAT: '1,4',
      Situação: 'Não Resolvido',
      Complexidade: '1',
      Urgência: 'Média',
      'Sinais de alerta': 'Sim',
      'Termos de alerta': 'procon',
      'Requer escalonamento': 'Sim',
      'Motivos de escalonamento': 'Queixa a órgão regulador (Procon, Anatel…)',
      Conteúdo: 'Cliente relata problema número 14. Vou registrar reclamação no Procon.',
    });
    // i = 75: CSAT 7.5, complexity 0 (75 mod 5), mixed (75 mod 4 = 3), solved (75 mod 3 = 0).
    expect(byNumber.get(75)).toMatchObject({
      CSAT: '7,5',
      Complexidade: '0',
      Sentimento: 'Misto',
      Situação: 'Resolvido',
      'Sinais de alerta': 'Não',
      'Termos de alerta': '',
      'Requer escalonamento': 'Não',
      'Motivos de escalonamento': '',
      'Criado em': '01/06/2025 05:00:00',
    });
    expect(byNumber.get(2)?.Complexidade).toBe('0,5');
    expect(byNumber.get(50)?.Marcado).toBe('Sim');
    // i = 8: no analysis (8 mod 10 ≥ 7): its analysis cells are empty.
    const unanalysed = byNumber.get(8);
    expect(unanalysed).toMatchObject({ Título: 'Chamado de carga 8', Marcado: 'Não' });
    for (const column of exportColumns.slice(8, 17)) expect(unanalysed?.[column], column).toBe('');
    expect(numbers.filter((i) => byNumber.get(i)?.Sentimento !== '')).toHaveLength(
      numbers.filter(analysed).length,
    );
  });

  it("applies the list's filters: the same tickets, in the same order, as GET /tickets", async () => {
    const customer = (
      await bulk.api('GET', `/customers?search=${encodeURIComponent('Cliente de carga 3')}`)
    ).body.customers.find((c: { name: string }) => c.name === 'Cliente de carga 3');
    const queries = [
      'sentiment=negative',
      'contains_red_flags=true',
      'requires_escalation=false',
      'csat_lt=5',
      'csat_gte=9&solved_status=solved',
      'flagged=true',
      'analyzed=false',
      'red_flag_term=PROCON',
      `customer_id=${customer.id}`,
      `search=${encodeURIComponent('carga 4')}`,
      'start_date=2025-06-01T02:00:00-03:00&end_date=2025-06-01T05:00:00-03:00',
      'start_date=2025-06-01&end_date=2025-06-01',
      // Paging and sorting of the list mean nothing here: ignored.
      'sentiment=positive&page=3&per_page=1&sort=csat_score&order=asc',
    ];
    for (const query of queries) {
      const rows = records(await download(bulk, query));
      const listQuery = query.replace(/&page=.*$/, '');
      expect(
        rows.map((r) => r.ID),
        query,
      ).toEqual(await listIds(bulk.api, listQuery));
    }
    // A few counts from the formulas, so an empty list cannot pass the comparison above.
    expect(records(await download(bulk, 'contains_red_flags=true'))).toHaveLength(
      numbers.filter((i) => analysed(i) && i % 7 === 0).length,
    );
    expect(records(await download(bulk, 'analyzed=false'))).toHaveLength(N - numbers.filter(analysed).length);
    expect(records(await download(bulk, `customer_id=${customer.id}`))).toHaveLength(
      numbers.filter((i) => 1 + (i % M) === 3).length,
    );
  });

  it('neutralises formulas, quotes separators, quotes and line breaks, and keeps the text', async () => {
    const titles = [
      '=HYPERLINK("http://exemplo.com";"clique")',
      '+55 11 99999-0000',
      '-2+3',
      '@SOMA(A1:A9)',
      'Normal; com "aspas"',
    ];
    const ids = [];
    for (const title of titles) ids.push(await create({ title, content: 'Linha 1\nLinha 2\r\nLinha 3' }));
    // Leading tab and CR: the API trims them away, the database may still hold them (imports).
    const [tab, cr] = [await create({ content: 'x' }), await create({ content: 'y' })];
    await server.database.db.update(tickets).set({ title: '\tTab' }).where(eq(tickets.id, tab));
    await server.database.db
      .update(tickets)
      .set({ title: '\rCR', content: '=1+1' })
      .where(eq(tickets.id, cr));

    const rows = records(await download(crafted));
    const byId = new Map(rows.map((r) => [r.ID, r]));
    expect(ids.map((id) => byId.get(id)?.Título)).toEqual([
      `'=HYPERLINK("http://exemplo.com";"clique")`,
      "'+55 11 99999-0000",
      "'-2+3",
      "'@SOMA(A1:A9)",
      'Normal; com "aspas"',
    ]);
    expect(byId.get(ids[0])?.Conteúdo).toBe('Linha 1\nLinha 2\r\nLinha 3');
    expect(byId.get(tab)?.Título).toBe("'\tTab");
    expect(byId.get(cr)).toMatchObject({ Título: "'\rCR", Conteúdo: "'=1+1" });
  });

  it('cuts the content to 32,000 characters (Excel holds 32,767), never inside a surrogate pair', async () => {
    const long = await create({ title: 'Longo', content: 'a'.repeat(100_000) });
    // 31,999 characters and an emoji (two UTF-16 units) across the limit: the emoji goes.
    const emoji = await create({ title: 'Emoji', content: `${'b'.repeat(31_999)}😀${'c'.repeat(10)}` });
    const fits = await create({ title: 'Cabe', content: `${'d'.repeat(31_998)}😀` });
    const byId = new Map(records(await download(crafted)).map((r) => [r.ID, r]));
    expect(byId.get(long)?.Conteúdo).toBe('a'.repeat(32_000));
    expect(byId.get(emoji)?.Conteúdo).toBe('b'.repeat(31_999));
    expect(byId.get(fits)?.Conteúdo).toBe(`${'d'.repeat(31_998)}😀`);
  });

  it('writes the newest analysis with comma decimals and dates in São Paulo', async () => {
    const id = await create({ title: 'Decimais', content: 'Cliente pede reembolso.' });
    await analyse(id, { csatScore: 9, overallSentiment: 'negative' });
    await analyse(id, {
      csatScore: 7.5,
      complexityScore: 0.85,
      overallSentiment: 'positive',
      solvedStatus: 'solved',
      urgencyLevel: 'critical',
      containsRedFlags: true,
      redFlagWords: ['procon', 'advogado'],
      requiresEscalation: true,
      escalationReasons: ['legal_action', 'ombudsman_or_misconduct', 'codigo_novo'],
    });
    // 02:30 UTC is 23:30 of the day before in São Paulo.
    await server.database.db
      .update(tickets)
      .set({ createdAt: new Date('2026-01-15T02:30:00Z'), updatedAt: new Date('2026-01-15T15:04:05.999Z') })
      .where(eq(tickets.id, id));
    const row = records(await download(crafted)).find((r) => r.ID === id);
    expect(row).toMatchObject({
      'Criado em': '14/01/2026 23:30:00',
      'Atualizado em': '15/01/2026 12:04:05',
      Sentimento: 'Positivo',
      CSAT: '7,5',
      Complexidade: '0,85',
      Situação: 'Resolvido',
      Urgência: 'Crítica',
      'Sinais de alerta': 'Sim',
      'Termos de alerta': 'procon, advogado',
      'Requer escalonamento': 'Sim',
      'Motivos de escalonamento':
        'Ameaça de ação judicial (advogado, justiça); ' +
        'Pedido de supervisor ou ouvidoria, ou conduta inadequada da equipe; codigo_novo',
    });
  });

  it('pages through tickets created at the same instant, or microseconds apart, without loss or repeat', async () => {
    const ids: string[] = [];
    for (let k = 0; k < 2 * chunkRows + 3; k++)
      ids.push(await create({ title: `Empate ${k}`, content: 'x' }));
    const db = server.database.db;
    // Half at one instant (the id decides), half a microsecond apart (a JavaScript Date cannot say).
    const [same, apart] = [ids.slice(0, 9), ids.slice(9)];
    await db
      .update(tickets)
      .set({ createdAt: sql`'2024-03-01 12:00:00.000001+00'::timestamptz` })
      .where(inArray(tickets.id, same));
    for (const [k, id] of apart.entries()) {
      await db
        .update(tickets)
        .set({
          createdAt: sql`'2024-03-01 12:00:00.000001+00'::timestamptz - ${k + 1} * interval '1 microsecond'`,
        })
        .where(eq(tickets.id, id));
    }
    const rows = records(await download(crafted, 'start_date=2024-03-01&end_date=2024-03-01'));
    expect(rows.map((r) => r.ID)).toEqual([...[...same].sort().reverse(), ...apart]);
    expect(rows.map((r) => r.ID)).toEqual(
      await listIds(crafted.api, 'start_date=2024-03-01&end_date=2024-03-01'),
    );
  });

  it('answers a bad filter with 400 in JSON, before any CSV', async () => {
    const backwards = await download(bulk, 'start_date=2026-02-01&end_date=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.type).toContain('application/json');
    expect(backwards.disposition).toBeNull();
    expect(backwards.json).toMatchObject({
      code: 'validation_error',
      fields: [{ field: 'querystring.start_date' }],
    });
    for (const query of ['sentiment=furioso', 'csat_lt=11', 'start_date=ontem', 'customer_id=abc']) {
      const res = await download(bulk, query);
      expect(res.status, query).toBe(400);
      expect(res.json?.code, query).toBe('validation_error');
    }
  });

  it("answers 401 in JSON without a token, 403 when X-Tenant-ID is not the token's tenant", async () => {
    const anonymous = await download({ token: '' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json?.code).toBe('unauthorized');
    const mismatch = await download(bulk, '', { 'x-tenant-id': crafted.tenantId });
    expect(mismatch.status).toBe(403);
    expect(mismatch.json?.code).toBe('forbidden');
  });

  it("never shows another tenant's tickets", async () => {
    const bulkIds = new Set(records(await download(bulk)).map((r) => r.ID));
    const craftedIds = records(await download(crafted)).map((r) => r.ID);
    expect(bulkIds.size).toBe(N);
    expect(craftedIds.length).toBeGreaterThan(0);
    expect(craftedIds.filter((id) => bulkIds.has(id))).toEqual([]);
    // Another tenant's customer as a filter: nothing (row-level security hides its tickets).
    const foreignCustomer = (await bulk.api('GET', '/customers?per_page=1')).body.customers[0].id;
    expect(records(await download(crafted, `customer_id=${foreignCustomer}`))).toEqual([]);
  });

  it('answers the header row alone when nothing matches', async () => {
    const header = `${exportColumns.join(';')}\r\n`;
    for (const file of [await download(empty), await download(bulk, 'search=inexistente')]) {
      expect(file.status).toBe(200);
      expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(file.text).toBe(header);
    }
  });

  it('stops reading when the client goes away, and the database keeps answering', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/v1/tickets/export.csv`, {
      headers: { authorization: `Bearer ${bulk.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    await reader?.read();
    controller.abort();
    await reader?.cancel().catch(() => {});
    // No transaction was left open (PGlite has one connection: the next request would wait).
    const list = await bulk.api('GET', '/tickets?per_page=1');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(N);
    expect(records(await download(bulk))).toHaveLength(N);
  });
  it('reads pages of at most EXPORT_PAGE_MAX_BYTES of text, whatever their rows (issue 26, item 2)', async () => {
    // The page reader has no endpoint of its own: called in a real tenant transaction.
    const long = await createTestUser(server.database);
    await seedBulk(server.database, {
      tenantSlug: long.tenant.slug,
      tickets: 30,
      customers: 2,
      messagesPerTicket: 0,
    });
    await server.database.db
      .update(tickets)
      .set({ content: 'x'.repeat(32_000) })
      .where(eq(tickets.tenantId, long.tenant.id));
    const pages = async (tenantId: string, paging: { chunkRows: number; maxBytes: number }) => {
      const read = tenantTxOf(server.database.db, tenantId);
      const sizes: { rows: number; chars: number }[] = [];
      const titles: string[] = [];
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const page = await readPage(read, {}, after, paging);
        sizes.push({ rows: page.rows.length, chars: page.rows.reduce((n, r) => n + r.content.length, 0) });
        titles.push(...page.rows.map((r) => r.title ?? ''));
        const last = page.rows.at(-1);
        if (!last || !page.more) return { sizes, titles };
        after = { createdAt: last.cursor, id: last.id };
      }
    };
    // 7 rows of 32,000 characters (the cut content) would be ~224 kB: pages of 3 within 100,000 bytes.
    const cut = await pages(long.tenant.id, { chunkRows: 7, maxBytes: 100_000 });
    expect(cut.titles).toEqual(Array.from({ length: 30 }, (_, x) => `Chamado de carga ${30 - x}`));
    for (const size of cut.sizes) expect(size.chars).toBeLessThanOrEqual(100_000);
    expect(cut.sizes.map((size) => size.rows)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(
      (await pages(long.tenant.id, { chunkRows: 7, maxBytes: 65_536 })).sizes.map((size) => size.rows),
    ).toEqual(Array(15).fill(2));
    // A row larger than the budget is still read, alone; short rows fill the page's row count.
    expect(
      (await pages(long.tenant.id, { chunkRows: 7, maxBytes: 65_536 / 4 })).sizes.map((size) => size.rows),
    ).toEqual(Array(30).fill(1));
    const short = await pages(bulk.tenantId, { chunkRows, maxBytes: 4_194_304 });
    expect(short.sizes.map((size) => size.rows)).toEqual([...Array(N / chunkRows).fill(chunkRows), 0]);
  });
});
