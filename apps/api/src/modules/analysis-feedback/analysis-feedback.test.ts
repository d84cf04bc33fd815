import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisFeedback, messageAnalyses, messages } from '../../db/schema/index.ts';
import { createTestUser, type Json, signInIdToken, twoTenants } from '../../test/helpers.ts';
import { builtInClientId, builtInPoolId } from '../identity/idp-config.ts';
import { loadSigningKey } from '../identity/keys.ts';

describe('analysis feedback API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  type Api = typeof t.a.api;

  /** A ticket with its first analysis (the analysis's id, the ticket's texts). */
  async function analysedTicket(api: Api, content: string, conversation?: string) {
    const ticket = (await api('POST', '/tickets', { content, conversation_text: conversation ?? null })).body;
    const analysed = await api('POST', `/tickets/${ticket.id}/analyze`, {});
    expect(analysed.status).toBe(200);
    return { ticketId: ticket.id as string, analysisId: analysed.body.analysis.id as string };
  }

  /** An inbound message, analysed as it is written. */
  async function analysedMessage(api: Api, content: string) {
    const message = (await api('POST', '/messages', { content })).body;
    expect(message.analysis).not.toBeNull();
    return { messageId: message.id as string, analysisId: message.analysis.id as string };
  }

  /** A caller of /api/v1 with its raw token (the export is read as text, not JSON). */
  async function client(user: { email: string; password: string }) {
    const token = await signInIdToken(t.server.url, user);
    const api: Api = async (method, path, body) => {
      const res = await fetch(`${t.server.url}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
    };
    return Object.assign(api, { token });
  }

  /** A tenant of its own with two users (summary and export tests count only their own rows). */
  async function freshTenant() {
    const first = await createTestUser(t.server.database);
    const second = await createTestUser(t.server.database, { tenant: first.tenant });
    return { tenant: first.tenant, api1: await client(first), api2: await client(second) };
  }

  /** The export as the caller downloads it: status, headers and the parsed lines. */
  async function exportOf(api: { token: string }) {
    const res = await fetch(`${t.server.url}/api/v1/analysis-feedback/export.jsonl`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      lines: text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Json),
    };
  }

  it('records feedback (201), replaces the caller’s own on the same field, and lists only the caller’s', async () => {
    const { tenant, api1, api2 } = await freshTenant();
    const { analysisId } = await analysedTicket(api1, 'Cliente: O pedido chegou quebrado, quero trocar.');

    const created = await api1('POST', '/analysis-feedback', {
      analysis_type: 'ticket',
      analysis_id: analysisId,
      field: 'sentiment',
      verdict: 'down',
      correction: 'negative',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      analysis_type: 'ticket',
      analysis_id: analysisId,
      field: 'sentiment',
      verdict: 'down',
      correction: 'negative',
    });
    expect(created.body.created_at).toBe(created.body.updated_at);

    // The same field again: the row is replaced (same id), the correction cleared.
    const replaced = await api1('POST', '/analysis-feedback', {
      analysis_type: 'ticket',
      analysis_id: analysisId,
      field: 'sentiment',
      verdict: 'up',
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ id: created.body.id, verdict: 'up', correction: null });
    expect(replaced.body.created_at).toBe(created.body.created_at);
    expect(Date.parse(replaced.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));

    const escalation = await api1('POST', '/analysis-feedback', {
      analysis_type: 'ticket',
      analysis_id: analysisId,
      field: 'escalation',
      verdict: 'down',
      correction: 'financial_harm',
    });
    expect(escalation.status).toBe(201);
    // A colleague's feedback on the same field is their own row.
    const colleague = await api2('POST', '/analysis-feedback', {
      analysis_type: 'ticket',
      analysis_id: analysisId,
      field: 'sentiment',
      verdict: 'down',
      correction: null,
    });
    expect(colleague.status).toBe(201);
    expect(colleague.body.id).not.toBe(created.body.id);

    const mine = await api1('GET', `/analysis-feedback?analysis_type=ticket&analysis_id=${analysisId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.feedback.map((f: Json) => [f.field, f.verdict, f.correction])).toEqual([
      ['sentiment', 'up', null],
      ['escalation', 'down', 'financial_harm'],
    ]);
    const theirs = await api2('GET', `/analysis-feedback?analysis_type=ticket&analysis_id=${analysisId}`);
    expect(theirs.body.feedback).toHaveLength(1);
    // The same id as a message analysis: nothing.
    expect(
      (await api1('GET', `/analysis-feedback?analysis_type=message&analysis_id=${analysisId}`)).body,
    ).toEqual({ feedback: [] });

    const rows = await t.server.database.db
      .select()
      .from(analysisFeedback)
      .where(eq(analysisFeedback.tenantId, tenant.id));
    expect(rows).toHaveLength(3);
  });

  it('answers 400 naming the field for bad bodies and queries', async () => {
    const { analysisId } = await analysedMessage(
      t.a.api,
      'Meu boleto veio com valor errado, podem corrigir?',
    );
    const base = { analysis_type: 'message', analysis_id: analysisId, field: 'sentiment', verdict: 'down' };
    const cases: [unknown, string][] = [
      [{ ...base, field: 'escalation' }, 'body.field'], // not rated on messages
      [{ ...base, analysis_type: 'ticket', field: 'intent' }, 'body.field'], // nor intent on tickets
      [{ ...base, field: 'humor' }, 'body.field'],
      [{ ...base, verdict: 'up', correction: 'negative' }, 'body.correction'],
      [{ ...base, correction: 'furious' }, 'body.correction'],
      [{ ...base, field: 'red_flags', correction: 'sim' }, 'body.correction'],
      [{ ...base, correction: 'x'.repeat(61) }, 'body.correction'],
      [{ ...base, analysis_type: 'chat' }, 'body.analysis_type'],
      [{ ...base, analysis_id: 'abc' }, 'body.analysis_id'],
      [{ ...base, verdict: 'meh' }, 'body.verdict'],
      [{ ...base, verdict: undefined }, 'body.verdict'],
    ];
    for (const [body, field] of cases) {
      const res = await t.a.api('POST', '/analysis-feedback', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.fields.map((f: Json) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const badJson = await t.a.api('POST', '/analysis-feedback', '{"analysis_type":');
    expect(badJson.status).toBe(400);

    for (const [query, field] of [
      ['', 'querystring.analysis_type'],
      [`analysis_type=ticket`, 'querystring.analysis_id'],
      [`analysis_type=ticket&analysis_id=1`, 'querystring.analysis_id'],
      [`analysis_type=x&analysis_id=${analysisId}`, 'querystring.analysis_type'],
    ] as const) {
      const res = await t.a.api('GET', `/analysis-feedback?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.fields.map((f: Json) => f.field),
        query,
      ).toContain(field);
    }
  });

  it("answers 404 for an unknown analysis, one of another type, and another tenant's", async () => {
    const ticketOfA = await analysedTicket(t.a.api, 'Cliente: Não consigo acessar minha conta.');
    const messageOfA = await analysedMessage(t.a.api, 'Não consigo acessar minha conta.');
    const post = (api: Api, type: string, id: string) =>
      api('POST', '/analysis-feedback', {
        analysis_type: type,
        analysis_id: id,
        field: 'sentiment',
        verdict: 'up',
      });
    for (const [api, type, id] of [
      [t.a.api, 'ticket', randomUUID()],
      [t.a.api, 'message', ticketOfA.analysisId],
      [t.a.api, 'ticket', messageOfA.analysisId],
      [t.b.api, 'ticket', ticketOfA.analysisId],
      [t.b.api, 'message', messageOfA.analysisId],
    ] as const) {
      const res = await post(api, type, id);
      expect(res.status, `${type} ${id}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await post(t.a.api, 'message', messageOfA.analysisId)).status).toBe(201);
  });

  it('isolates tenants on every endpoint', async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    const { analysisId } = await analysedMessage(a.api1, 'Quero cancelar, cobraram duas vezes no cartão!');
    for (const [field, correction] of [
      ['sentiment', 'negative'],
      ['intent', 'request'],
      ['red_flags', 'true'],
    ]) {
      const res = await a.api1('POST', '/analysis-feedback', {
        analysis_type: 'message',
        analysis_id: analysisId,
        field,
        verdict: 'down',
        correction,
      });
      expect(res.status).toBe(201);
    }
    expect(
      (await a.api1('GET', '/analysis-feedback/summary')).body.fields.some((f: Json) => f.down > 0),
    ).toBe(true);
    expect((await exportOf(a.api1)).lines).toHaveLength(3);

    expect(
      (await b.api1('GET', `/analysis-feedback?analysis_type=message&analysis_id=${analysisId}`)).body,
    ).toEqual({ feedback: [] });
    const summary = await b.api1('GET', '/analysis-feedback/summary');
    expect(summary.status).toBe(200);
    for (const f of summary.body.fields) expect(f).toMatchObject({ up: 0, down: 0, agreement: null });
    const exported = await exportOf(b.api1);
    expect(exported.status).toBe(200);
    expect(exported.lines).toEqual([]);
  });

  it("answers 403 when the token's user is not a user of its tenant", async () => {
    // A token of the server's own key naming tenant A but a user of tenant B (e.g. a user moved).
    const key = await loadSigningKey(t.server.database.db);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      sub: t.b.user.id,
      aud: builtInClientId,
      iss: `${t.server.config.PUBLIC_URL}/idp/${builtInPoolId}`,
      token_use: 'id',
      'custom:tenant_id': t.a.tenant.id,
      'atende:gen': 0,
      iat: now,
      exp: now + 600,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .sign(key.privateKey);
    const { analysisId } = await analysedMessage(t.a.api, 'Olá, bom dia');
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${t.server.url}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    for (const res of [
      await call('POST', '/analysis-feedback', {
        analysis_type: 'message',
        analysis_id: analysisId,
        field: 'sentiment',
        verdict: 'up',
      }),
      await call('GET', `/analysis-feedback?analysis_type=message&analysis_id=${analysisId}`),
      await call('GET', '/analysis-feedback/summary'),
      await call('GET', '/analysis-feedback/export.jsonl'),
    ]) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as Json).code).toBe('forbidden');
    }
  });

  it('summarises the last 30 days per field: up, down and agreement, every field listed', async () => {
    const { tenant, api1, api2 } = await freshTenant();
    const ticket = await analysedTicket(api1, 'Cliente: Obrigado, resolveram rápido!');
    const message = await analysedMessage(api1, 'Obrigado, resolveram rápido!');
    const give = (api: Api, type: string, id: string, field: string, verdict: string) =>
      api('POST', '/analysis-feedback', { analysis_type: type, analysis_id: id, field, verdict });
    await give(api1, 'ticket', ticket.analysisId, 'sentiment', 'up');
    await give(api2, 'ticket', ticket.analysisId, 'sentiment', 'up');
    await give(api1, 'message', message.analysisId, 'sentiment', 'down');
    await give(api1, 'message', message.analysisId, 'intent', 'up');
    await give(api1, 'ticket', ticket.analysisId, 'red_flags', 'down');
    // Older than 30 days: not counted.
    const old = await give(api2, 'message', message.analysisId, 'intent', 'down');
    await t.server.database.db
      .update(analysisFeedback)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(analysisFeedback.id, old.body.id));

    const res = await api1('GET', '/analysis-feedback/summary');
    expect(res.status).toBe(200);
    const since = Date.parse(res.body.since);
    expect(Math.abs(Date.now() - 30 * 24 * 60 * 60 * 1000 - since)).toBeLessThan(60_000);
    expect(res.body.fields).toEqual([
      { field: 'sentiment', up: 2, down: 1, agreement: 2 / 3 },
      { field: 'intent', up: 1, down: 0, agreement: 1 },
      { field: 'escalation', up: 0, down: 0, agreement: null },
      { field: 'red_flags', up: 0, down: 1, agreement: 0 },
    ]);
    expect(tenant.id).toBeTruthy();
  });

  it('exports the 👎 with a correction as JSON lines in the dev-set formats, newest first', async () => {
    const { api1, api2 } = await freshTenant();
    const conversation = 'Cliente: Cobraram duas vezes no meu cartão.\nAtendente: Vamos verificar.';
    const ticket = await analysedTicket(api1, 'Cobrança em dobro', conversation);
    const bare = await analysedTicket(api1, 'Sem conversa, só o conteúdo.');
    const message = await analysedMessage(api1, 'Quero cancelar meu plano hoje.');
    const give = (api: Api, type: string, id: string, field: string, verdict: string, correction?: string) =>
      api('POST', '/analysis-feedback', { analysis_type: type, analysis_id: id, field, verdict, correction });
    // Oldest first; the export answers newest first.
    expect(
      (await give(api1, 'ticket', ticket.analysisId, 'escalation', 'down', 'financial_harm')).status,
    ).toBe(201);
    await give(api2, 'ticket', ticket.analysisId, 'escalation', 'down', 'false');
    await give(api1, 'ticket', bare.analysisId, 'red_flags', 'down', 'false');
    await give(api1, 'message', message.analysisId, 'intent', 'down', 'request');
    await give(api1, 'message', message.analysisId, 'sentiment', 'down', 'negative');
    // Not exported: 👍, and 👎 without a correction.
    await give(api2, 'message', message.analysisId, 'sentiment', 'up');
    await give(api2, 'message', message.analysisId, 'red_flags', 'down');

    const res = await exportOf(api1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="feedback-analises.jsonl"');
    expect(res.lines).toEqual([
      { text: 'Quero cancelar meu plano hoje.', sentiment: 'negative' },
      { text: 'Quero cancelar meu plano hoje.', intent: 'request' },
      { text: 'Sem conversa, só o conteúdo.', red_flags: false },
      { text: conversation, escalate: false },
      { text: conversation, escalate: true, why: 'financial_harm' },
    ]);
    // The colleague downloads the same tenant-wide file.
    expect((await exportOf(api2)).lines).toEqual(res.lines);

    // A deleted ticket takes its analyses with it: its feedback has no text and is left out.
    expect((await api1('DELETE', `/tickets/${bare.ticketId}`)).status).toBe(204);
    expect((await exportOf(api1)).lines).toHaveLength(4);
  });

  it('exports across pages (more rows than one read) without losing or repeating any', async () => {
    const { tenant, api1 } = await freshTenant();
    const { user } = await createTestUser(t.server.database, { tenant });
    const db = t.server.database.db;
    // 300 messages with an analysis each and a 👎 on each (owner connection, in bulk); created_at
    // shared by three rows at a time and a microsecond apart, so page edges fall inside ties.
    const n = 300;
    const inserted = await db
      .insert(messages)
      .values(
        Array.from({ length: n }, (_, i) => ({
          tenantId: tenant.id,
          content: `Mensagem ${i}`,
          direction: 'inbound',
          sender: 'customer',
          searchText: `mensagem ${i}`,
        })),
      )
      .returning({ id: messages.id, content: messages.content });
    const analyses = await db
      .insert(messageAnalyses)
      .values(
        inserted.map((m) => ({
          tenantId: tenant.id,
          messageId: m.id,
          version: 1,
          provider: 'local',
          sentiment: 'neutral',
          intent: 'question',
          urgencyLevel: 'low',
          confidenceScore: 0.5,
          languageDetected: 'pt',
          containsRedFlags: false,
          redFlagWords: [],
          suggestedResponses: [],
        })),
      )
      .returning({ id: messageAnalyses.id, messageId: messageAnalyses.messageId });
    const contentOf = new Map(inserted.map((m) => [m.id, m.content]));
    const textOfAnalysis = new Map(analyses.map((a) => [a.id, contentOf.get(a.messageId)]));
    await db.insert(analysisFeedback).values(
      analyses.map((a, i) => ({
        tenantId: tenant.id,
        userId: user.id,
        analysisType: 'message',
        analysisId: a.id,
        field: 'sentiment',
        verdict: 'down',
        correction: 'negative',
        createdAt: sql`now() - interval '1 hour' + ${Math.floor(i / 3)} * interval '1 microsecond'`,
      })),
    );
    const expected = await db
      .select({ analysisId: analysisFeedback.analysisId })
      .from(analysisFeedback)
      .where(eq(analysisFeedback.tenantId, tenant.id))
      .orderBy(desc(analysisFeedback.createdAt), desc(analysisFeedback.id));

    const res = await exportOf(api1);
    expect(res.status).toBe(200);
    expect(res.lines).toHaveLength(n);
    expect(res.lines.map((l: Json) => l.text)).toEqual(expected.map((e) => textOfAnalysis.get(e.analysisId)));
    expect(res.lines[0]).toEqual({ text: expect.stringMatching(/^Mensagem \d+$/), sentiment: 'negative' });
  });
});
