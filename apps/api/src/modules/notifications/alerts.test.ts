import type { MessageAnalysis, TicketAnalysis } from '@atende/analyzer';
import { foldText } from '@atende/analyzer';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flaggedTerms, notifications, ticketAnalyses } from '../../db/schema/index.ts';
import { createTestUser, type Json, signedInClient, twoTenants } from '../../test/helpers.ts';
import { alertConditions, ticketLabel } from './alerts.ts';

const calmTicket: TicketAnalysis = {
  overall_sentiment: 'positive',
  sentiment: 'positive',
  complexity_score: 0.2,
  confidence_score: 0.9,
  csat_score: 9.1,
  solved_status: 'solved',
  analysis_explanation: 'ok',
  contains_red_flags: false,
  red_flag_words: [],
  requires_escalation: false,
  escalation_reasons: [],
  urgency_level: 'low',
};

describe('alertConditions', () => {
  it('reads every ticket rule with its threshold and a pt-BR reason', () => {
    const holding = (a: TicketAnalysis) =>
      Object.fromEntries(
        alertConditions(a)
          .filter((c) => c.holds)
          .map((c) => [c.type, c.reason]),
      );
    expect(holding(calmTicket)).toEqual({});
    expect(
      holding({
        ...calmTicket,
        overall_sentiment: 'negative',
        complexity_score: 0.85,
        csat_score: 4.2,
        contains_red_flags: true,
        red_flag_words: ['procon', 'advogado'],
        requires_escalation: true,
        escalation_reasons: ['legal_threat', 'churn_risk'],
      }),
    ).toEqual({
      red_flags: 'Termos detectados: procon, advogado.',
      escalation_required: 'Escalonamento necessário: ameaça de ação judicial, risco de cancelamento.',
      negative_sentiment: 'Sentimento negativo na conversa: o cliente demonstra insatisfação.',
      low_csat_prediction: 'CSAT previsto 4,2/10, abaixo de 7: o cliente tende a sair insatisfeito.',
      high_complexity: 'Alta complexidade (85%): o chamado pode exigir um especialista.',
    });
    // Boundaries: CSAT 7 is not low, complexity 0.8 is high.
    expect(Object.keys(holding({ ...calmTicket, csat_score: 7, complexity_score: 0.8 }))).toEqual([
      'high_complexity',
    ]);
    expect(Object.keys(holding({ ...calmTicket, csat_score: 6.9, complexity_score: 0.79 }))).toEqual([
      'low_csat_prediction',
    ]);
  });

  it('reads only red flags and sentiment from a message', () => {
    const message: MessageAnalysis = {
      sentiment: 'negative',
      intent: 'complaint',
      urgency_level: 'high',
      confidence_score: 0.8,
      language_detected: 'pt-BR',
      contains_red_flags: true,
      red_flag_words: ['procon'],
      suggested_responses: [],
    };
    expect(alertConditions(message).map((c) => [c.type, c.holds])).toEqual([
      ['red_flags', true],
      ['negative_sentiment', true],
    ]);
  });

  it('names a ticket by its title, or the start of its content', () => {
    expect(ticketLabel({ title: 'Cobrança indevida', content: 'x' })).toBe('Cobrança indevida');
    expect(ticketLabel({ title: null, content: 'Curto\n  demais' })).toBe('Curto demais');
    const long = ticketLabel({ title: null, content: 'palavra '.repeat(20) });
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long.endsWith('palavra…')).toBe(true);
  });
});

describe('alert generation over HTTP', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
    await t.server.database.db
      .insert(flaggedTerms)
      .values([{ tenantId: t.a.tenant.id, term: 'Reclame Aqui', termFolded: foldText('Reclame Aqui') }]);
  });
  afterAll(() => t.server.close());

  const angry =
    'Cliente: Comprei há 20 dias e até agora nada. Péssimo atendimento, estou furioso! Vou reclamar no Reclame Aqui e no Procon!\nAtendente: Vamos verificar.';
  const happy = 'Cliente: Muito obrigado, resolveram rapidinho! Atendimento nota 10, adorei.';

  /** The notifications of a ticket, oldest first, read as the owner (bypassing RLS). */
  const alertsOf = (ticketId: string) =>
    t.server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.ticketId, ticketId))
      .orderBy(asc(notifications.seq));
  const typesOf = async (ticketId: string) => (await alertsOf(ticketId)).map((n) => n.alertType).sort();

  /** The alert types an analysis should raise, read from the answer (thresholds per the rules). */
  const expectedFrom = (analysis: Json) =>
    [
      analysis.contains_red_flags && 'red_flags',
      analysis.requires_escalation && 'escalation_required',
      analysis.overall_sentiment === 'negative' && 'negative_sentiment',
      analysis.csat_score < 7 && 'low_csat_prediction',
      analysis.complexity_score >= 0.8 && 'high_complexity',
    ].filter(Boolean) as string[];

  const newTicket = async (body: Record<string, unknown>, api = t.a.api) =>
    (await api('POST', '/tickets', body)).body;
  const analyse = async (id: string, api = t.a.api) => {
    const res = await api('POST', `/tickets/${id}/analyze`, { force_reanalysis: true });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('raises each rule of a ticket analysis once, in pt-BR, and flags the ticket for red flags', async () => {
    const ticket = await newTicket({ title: 'Cobrança indevida', content: angry, conversation_text: angry });
    const analysed = await analyse(ticket.id);
    expect(analysed.flagged).toBe(true); // automatic flag: the analysis has red flags
    const expected = expectedFrom(analysed.analysis);
    expect(expected).toEqual(
      expect.arrayContaining([
        'red_flags',
        'escalation_required',
        'negative_sentiment',
        'low_csat_prediction',
      ]),
    );
    const rows = await alertsOf(ticket.id);
    expect(rows.map((r) => r.alertType).sort()).toEqual([...expected, 'ticket_notifiable'].sort());
    const by = Object.fromEntries(rows.map((r) => [r.alertType, r]));
    expect(by.red_flags).toMatchObject({
      tenantId: t.a.tenant.id,
      priority: 'high',
      title: 'Sinais de alerta no chamado «Cobrança indevida»',
      ticketId: ticket.id,
      messageId: null,
    });
    expect(by.red_flags?.message).toMatch(/^Termos detectados: .*Reclame Aqui/);
    expect(by.escalation_required).toMatchObject({
      priority: 'high',
      title: 'Escalonamento necessário no chamado «Cobrança indevida»',
    });
    expect(by.escalation_required?.message).toMatch(/^Escalonamento necessário: /);
    expect(by.negative_sentiment).toMatchObject({
      priority: 'medium',
      title: 'Sentimento negativo no chamado «Cobrança indevida»',
    });
    const csat = String(analysed.analysis.csat_score.toFixed(1)).replace('.', ',');
    expect(by.low_csat_prediction).toMatchObject({
      priority: 'medium',
      message: `CSAT previsto ${csat}/10, abaixo de 7: o cliente tende a sair insatisfeito.`,
    });
    expect(by.ticket_notifiable).toMatchObject({
      priority: 'low',
      title: 'Chamado sinalizado: «Cobrança indevida»',
    });
    expect(by.ticket_notifiable?.message).toMatch(
      /^Chamado sinalizado automaticamente por sinais de alerta: /,
    );

    // Re-analysing while the conditions still hold creates nothing new.
    await analyse(ticket.id);
    await analyse(ticket.id);
    expect(await alertsOf(ticket.id)).toHaveLength(rows.length);
  });

  it('re-arms a condition that turns false and fires again when it turns true', async () => {
    const ticket = await newTicket({ content: angry, conversation_text: angry });
    await analyse(ticket.id);
    const first = (await alertsOf(ticket.id)).filter((r) => r.alertType === 'red_flags');
    expect(first).toHaveLength(1);
    // No title: the label is the start of the content.
    expect(first[0]?.title).toBe(
      `Sinais de alerta no chamado «${angry.slice(0, 60).split(' ').slice(0, -1).join(' ')}…»`,
    );

    await t.a.api('PUT', `/tickets/${ticket.id}`, { conversation_text: happy });
    const calm = await analyse(ticket.id);
    expect(calm.analysis.contains_red_flags).toBe(false);
    expect((await alertsOf(ticket.id)).filter((r) => r.alertType === 'red_flags')).toHaveLength(1);

    await t.a.api('PUT', `/tickets/${ticket.id}`, { conversation_text: angry });
    await analyse(ticket.id);
    expect((await alertsOf(ticket.id)).filter((r) => r.alertType === 'red_flags')).toHaveLength(2);
    // Still flagged (the calm analysis never unflags): ticket_notifiable stays at one.
    expect((await alertsOf(ticket.id)).filter((r) => r.alertType === 'ticket_notifiable')).toHaveLength(1);
  });

  it('a calm ticket raises nothing', async () => {
    const ticket = await newTicket({ title: 'Elogio', content: happy, conversation_text: happy });
    const analysed = await analyse(ticket.id);
    expect(analysed.flagged).toBe(false);
    expect(await typesOf(ticket.id)).toEqual(expectedFrom(analysed.analysis).sort());
  });

  it('raises red flags and sentiment from inbound messages of a ticket only, and auto-flags the ticket', async () => {
    const ticket = await newTicket({ title: 'Entrega atrasada', content: happy });
    const loose = await t.a.api('POST', '/messages', {
      content: 'Vou no Procon amanhã, péssimo!',
      direction: 'inbound',
      channel: 'email',
    });
    expect(loose.status).toBe(201);
    const looseRows = await t.server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.messageId, loose.body.id));
    expect(looseRows).toHaveLength(0);

    const message = await t.a.api('POST', '/messages', {
      content: 'Isso é um absurdo, péssimo serviço! Vou reclamar no Procon.',
      direction: 'inbound',
      channel: 'email',
      ticket_id: ticket.id,
    });
    expect(message.status).toBe(201);
    expect(message.body.analysis.contains_red_flags).toBe(true);
    const rows = await alertsOf(ticket.id);
    const expected = ['red_flags', 'ticket_notifiable'];
    if (message.body.analysis.sentiment === 'negative') expected.push('negative_sentiment');
    expect(rows.map((r) => r.alertType).sort()).toEqual(expected.sort());
    for (const row of rows) expect(row).toMatchObject({ ticketId: ticket.id, messageId: message.body.id });
    expect(rows.find((r) => r.alertType === 'red_flags')?.message).toBe(
      'Termos detectados em uma mensagem do cliente: procon.',
    );
    expect(rows.find((r) => r.alertType === 'red_flags')?.title).toBe(
      'Sinais de alerta no chamado «Entrega atrasada»',
    );
    expect((await t.a.api('GET', `/tickets/${ticket.id}`)).body.flagged).toBe(true);

    // Another angry message, and re-analysing the first: the ticket's state is already active.
    await t.a.api('POST', '/messages', {
      content: 'Vou reclamar no Procon de novo.',
      direction: 'inbound',
      channel: 'chat',
      ticket_id: ticket.id,
    });
    expect((await t.a.api('POST', `/messages/${message.body.id}/analyze`)).status).toBe(200);
    expect(await alertsOf(ticket.id)).toHaveLength(rows.length);

    // An outbound message is not analysed and raises nothing.
    await t.a.api('POST', '/messages', {
      content: 'Procon? Calma, vamos resolver.',
      direction: 'outbound',
      channel: 'chat',
      ticket_id: ticket.id,
    });
    expect(await alertsOf(ticket.id)).toHaveLength(rows.length);
  });

  it('re-analysing a message of a ticket raises its alerts; of no ticket, none', async () => {
    const ticket = await newTicket({ content: happy });
    // Created as outbound (not analysed), then analysed on request: red flags, but no auto flag.
    const out = await t.a.api('POST', '/messages', {
      content: 'Cliente disse que vai ao Procon.',
      direction: 'outbound',
      channel: 'chat',
      ticket_id: ticket.id,
    });
    expect(await alertsOf(ticket.id)).toHaveLength(0);
    expect((await t.a.api('POST', `/messages/${out.body.id}/analyze`)).status).toBe(200);
    const rows = await alertsOf(ticket.id);
    expect(rows.map((r) => r.alertType)).toContain('red_flags');
    expect(rows.map((r) => r.alertType)).not.toContain('ticket_notifiable');
    expect(rows.every((r) => r.messageId === out.body.id)).toBe(true);
  });

  it('a person flagging raises ticket_notifiable once; unflag and flag again raises it again', async () => {
    const ticket = await newTicket({ title: 'Dúvida', content: happy });
    const flag = (on: boolean) => t.a.api('PATCH', `/tickets/${ticket.id}/flag?flagged=${on}`);
    expect((await flag(true)).body.flagged).toBe(true);
    await flag(true);
    let rows = await alertsOf(ticket.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      alertType: 'ticket_notifiable',
      priority: 'low',
      title: 'Chamado sinalizado: «Dúvida»',
      message: 'Chamado sinalizado por um atendente para acompanhamento.',
      messageId: null,
    });
    await flag(false);
    expect(await alertsOf(ticket.id)).toHaveLength(1);
    await flag(true);
    rows = await alertsOf(ticket.id);
    expect(rows.map((r) => r.alertType)).toEqual(['ticket_notifiable', 'ticket_notifiable']);
    // Through PUT too.
    await t.a.api('PUT', `/tickets/${ticket.id}`, { flagged: false });
    await t.a.api('PUT', `/tickets/${ticket.id}`, { flagged: true });
    expect(await alertsOf(ticket.id)).toHaveLength(3);
  });

  it("never creates another tenant's notifications, and a tenant cannot reach another's ticket", async () => {
    const ticketA = await newTicket({ content: happy });
    const ticketB = await newTicket({ title: 'De B', content: angry, conversation_text: angry }, t.b.api);
    await analyse(ticketB.id, t.b.api);
    expect((await t.b.api('POST', `/tickets/${ticketA.id}/analyze`, {})).status).toBe(404);
    expect((await t.b.api('PATCH', `/tickets/${ticketA.id}/flag?flagged=true`)).status).toBe(404);
    expect(
      (
        await t.b.api('POST', '/messages', {
          content: 'Procon!',
          direction: 'inbound',
          channel: 'chat',
          ticket_id: ticketA.id,
        })
      ).status,
    ).toBe(400);
    expect(await alertsOf(ticketA.id)).toHaveLength(0);
    const rowsB = await alertsOf(ticketB.id);
    expect(rowsB.length).toBeGreaterThan(0);
    expect(rowsB.every((r) => r.tenantId === t.b.tenant.id)).toBe(true);
    // B's terms are not A's: "Reclame Aqui" is only A's term.
    expect(rowsB.find((r) => r.alertType === 'red_flags')?.message).not.toMatch(/Reclame Aqui/);
  });

  it('rolls the analysis back when its alerts cannot be written', async () => {
    const c = await createTestUser(t.server.database);
    const api = await signedInClient(t.server, c);
    const ticket = await newTicket({ content: angry, conversation_text: angry }, api);
    const db = t.server.database.db;
    // A trigger that refuses this tenant's notifications only (the database is shared per worker).
    await db.execute(
      sql.raw(`create or replace function alerts_test_refuse() returns trigger language plpgsql as $$
        begin if new.tenant_id = '${c.tenant.id}' then raise exception 'refused by test'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger alerts_test_refuse before insert on notifications for each row execute function alerts_test_refuse()',
      ),
    );
    try {
      const res = await api('POST', `/tickets/${ticket.id}/analyze`, {});
      expect(res.status).toBe(500);
      const analyses = await db.select().from(ticketAnalyses).where(eq(ticketAnalyses.ticketId, ticket.id));
      expect(analyses).toHaveLength(0);
      const after = (await api('GET', `/tickets/${ticket.id}`)).body;
      expect(after.analysis).toBeNull();
      expect(after.flagged).toBe(false);
    } finally {
      await db.execute(sql.raw('drop trigger alerts_test_refuse on notifications'));
      await db.execute(sql.raw('drop function alerts_test_refuse()'));
    }
    // Once alerts can be written, the same analysis raises them (the edge state rolled back too).
    await api('POST', `/tickets/${ticket.id}/analyze`, {});
    expect((await alertsOf(ticket.id)).map((r) => r.alertType)).toContain('red_flags');
  });
});
