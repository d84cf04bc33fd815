import { describe, expect, it } from 'vitest';
import { parseConversation } from './conversation.ts';
import { ESCALATION_REASONS } from './enums.ts';
import { analyzeTicket } from './ticket.ts';

describe('parseConversation', () => {
  it('splits turns by speaker prefix and keeps continuation lines', () => {
    const turns = parseConversation(
      'Cliente: a conta veio alta\nveio o dobro do normal\nAtendente Júlia: vou verificar\n[09:10] Customer: thanks\nAgente (Bot): ok',
    );
    expect(turns).toEqual([
      { speaker: 'customer', text: 'a conta veio alta\nveio o dobro do normal' },
      { speaker: 'agent', text: 'vou verificar' },
      { speaker: 'customer', text: 'thanks' },
      { speaker: 'agent', text: 'ok' },
    ]);
  });

  it('reads text without prefixes as the customer speaking', () => {
    expect(parseConversation('O produto veio trocado.')).toEqual([
      { speaker: 'customer', text: 'O produto veio trocado.' },
    ]);
  });
});

describe('analyzeTicket: solved status', () => {
  it('solved when the customer confirms it works', () => {
    const result = analyzeTicket(
      'Cliente: O leitor não lê o cartão.\nAtendente: Pode limpar o chip e tentar de novo?\nCliente: Agora funcionou, obrigado!',
    );
    expect(result.solved_status).toBe('solved');
    expect(result.overall_sentiment).toBe('positive');
    expect(result.csat_score).toBeGreaterThanOrEqual(7);
  });

  it.each([
    'Cliente: já tenho quatro números de protocolo e nada resolvido',
    'Cliente: liguei ontem e hoje, e nada foi resolvido',
  ])('not solved when the solved word sits inside "nada resolvido": %s', (text) => {
    const result = analyzeTicket(text);
    expect(result.solved_status).toBe('not_solved');
    expect(result.sentiment).toBe('negative');
  });

  it('in progress when the agent promises a follow-up', () => {
    const result = analyzeTicket(
      'Cliente: A segunda via não chegou no meu e-mail.\nAgente: Encaminhei para o financeiro, retornaremos em até 2 dias úteis.',
    );
    expect(result.solved_status).toBe('in_progress');
  });

  it('not solved when the customer is still complaining at the end', () => {
    const result = analyzeTicket(
      'Cliente: Meu pedido atrasou.\nAtendente: Já está com a transportadora.\nCliente: Isso vocês disseram semana passada, continua sem chegar. Péssimo.',
    );
    expect(result.solved_status).toBe('not_solved');
    expect(result.overall_sentiment).toBe('negative');
  });

  it('weighs the last customer turns more', () => {
    const result = analyzeTicket(
      'Cliente: Estou muito irritado, o sinal sumiu.\nAtendente: Reiniciamos sua linha.\nCliente: Voltou ao normal, excelente atendimento, obrigado!',
    );
    expect(result.overall_sentiment).toBe('positive');
  });
});

// A "solved" word that is not the customer's confirmation must not drop the escalation reasons
// (a solved ticket keeps only regulator, legal and public-exposure ones).
describe('analyzeTicket: the customer\'s own, last word decides "solved"', () => {
  it.each([
    ['someone else closed it', 'fecharam meu chamado como resolvido mas a tv continua sem sinal nenhum'],
    ['the later word wins', 'consegui falar com alguém finalmente, mas o problema continua'],
    ['something else arrived', 'chegou a fatura com uma cobrança de um serviço que eu nunca contratei'],
    ['someone arrived', 'o técnico chegou bêbado aqui no restaurante, tive que mandar embora'],
    ['closing an account', 'perderam um cliente de 8 anos, pode encerrar meu plano de celular'],
  ])('not solved when %s', (_, text) => {
    expect(analyzeTicket(text).solved_status).not.toBe('solved');
  });

  it.each([
    ['consegui entrar no app e vi um pix de 2 mil que eu não fiz', 'financial_harm'],
    ['a internet voltou a funcionar mas a loja ficou parada o dia todo e perdemos vendas', 'business_impact'],
    ['chegou certinho, mas vi no extrato que cobraram duas vezes no cartão', 'financial_harm'],
  ])('a new problem told after it keeps it open: %s', (text, reason) => {
    const result = analyzeTicket(text, { engine: 'rules' });
    expect(result.solved_status).toBe('not_solved');
    expect(result.escalation_reasons).toContain(reason);
  });

  it.each(['chegou tudo errado', 'Pode encerrar o meu plano.', 'O pedido chegou hoje errado'])(
    'not solved: %s',
    (text) => {
      expect(analyzeTicket(text).solved_status).not.toBe('solved');
    },
  );

  it.each([
    'Pensei que ia demorar mas deu certo, obrigada',
    'recebi o reembolso, valeu. mas foi a terceira vez que precisei ligar',
    'tudo certo com a entrega, mas o motoboy foi meio grosso',
  ])('how the solved problem went does not reopen it: %s', (text) => {
    expect(analyzeTicket(text).solved_status).toBe('solved');
  });

  it.each([
    'chegou certinho, obrigada!',
    'ainda não tinha chegado ontem, mas agora chegou. valeu',
    'Cliente: meu pix não caiu\nAtendente: verifiquei, foi estornado hoje\nCliente: caiu o pix aqui, obrigado',
    'o técnico disse que tinha resolvido e eu testei: funcionou, obrigada',
  ])('solved when the customer confirms it last: %s', (text) => {
    expect(analyzeTicket(text).solved_status).toBe('solved');
  });
});

describe('analyzeTicket: escalation', () => {
  it('names stable reasons from the exported list', () => {
    const result = analyzeTicket(
      'Cliente: É a terceira vez que cobram errado. Vou cancelar, processar vocês e abrir queixa na Anatel!',
      { tenantTerms: ['cobram errado'] },
    );
    expect(result.requires_escalation).toBe(true);
    expect(result.escalation_reasons).toEqual([
      'repeated_contact',
      'churn_threat',
      'regulator_complaint',
      'legal_action',
      'financial_harm',
    ]);
    for (const reason of result.escalation_reasons) expect(ESCALATION_REASONS).toContain(reason);
    expect(result.red_flag_words).toEqual(['cobram errado', 'cancelar', 'processar', 'anatel']);
    expect(result.urgency_level).toBe('critical');
    expect(result.csat_score).toBeLessThan(4);
  });

  it('does not escalate a calm, answered question', () => {
    const result = analyzeTicket(
      'Cliente: Vocês abrem no feriado?\nAtendente: Sim, das 9h às 14h.\nCliente: Perfeito, obrigado!',
    );
    expect(result.requires_escalation).toBe(false);
    expect(result.escalation_reasons).toEqual([]);
    expect(result.solved_status).toBe('solved');
  });
});

describe('analyzeTicket: scores and explanation', () => {
  it('keeps scores in range with one decimal CSAT', () => {
    const result = analyzeTicket('Cliente: tudo errado de novo!!! nada funciona, absurdo');
    expect(result.csat_score).toBeGreaterThanOrEqual(0);
    expect(result.csat_score).toBeLessThanOrEqual(10);
    expect(Math.round(result.csat_score * 10)).toBe(result.csat_score * 10);
    expect(result.complexity_score).toBeGreaterThanOrEqual(0);
    expect(result.complexity_score).toBeLessThanOrEqual(1);
    expect(result.sentiment).toBe(result.overall_sentiment);
  });

  it('grows complexity with length, turns and subjects', () => {
    const simple = analyzeTicket('Cliente: Qual o horário?').complexity_score;
    const tangled = analyzeTicket(
      [
        'Cliente: A fatura veio com juros, o pedido não chegou e o aplicativo dá erro no login.',
        'Atendente: Vou verificar cada item.',
        'Cliente: Também quero o estorno da taxa e cancelar o plano adicional.',
        'Atendente: Certo, encaminhei ao financeiro.',
        'Cliente: Já liguei de novo ontem e ninguém resolveu.',
      ].join('\n'),
    ).complexity_score;
    expect(tangled).toBeGreaterThan(simple + 0.3);
  });

  it('explains in pt-BR what was detected', () => {
    const result = analyzeTicket('Cliente: O atendimento foi péssimo e não resolveram nada. Vou ao Procon.');
    expect(result.analysis_explanation).toMatch(/^Sentimento geral negativo/);
    expect(result.analysis_explanation).toContain('"péssimo"');
    expect(result.analysis_explanation).toContain('Termos de alerta: procon');
    expect(result.analysis_explanation).toMatch(/Escalonamento recomendado por: .*órgão regulador/);
  });

  it('derives confidence from the evidence', () => {
    const rich = analyzeTicket(
      'Cliente: Péssimo, absurdo, não funciona.\nAtendente: Vamos verificar.\nCliente: Continua horrível, vou cancelar.',
    ).confidence_score;
    const thin = analyzeTicket('teste').confidence_score;
    expect(rich).toBeGreaterThan(thin);
  });

  it('is deterministic', () => {
    const text = 'Cliente: o boleto não gera\nAtendente: vou verificar\nCliente: ok, aguardo';
    expect(analyzeTicket(text)).toEqual(analyzeTicket(text));
    expect(analyzeTicket(text).solved_status).toBe('in_progress');
  });
});

// Issue 32, eighth pass: a person who came is no awaited thing that arrived.
describe('a person arriving solves nothing', () => {
  it.each([
    'o técnico chegou aqui com bafo de cachaça, nem deixei entrar',
    'Na compra me garantiram instalação grátis. Agora o instalador chegou aqui pedindo 250 reais.',
  ])('%s', (text) => {
    const ticket = analyzeTicket(text);
    expect(ticket.solved_status).not.toBe('solved');
    expect(ticket.requires_escalation).toBe(true);
  });

  it('a problem told after the solved word reopens it', () => {
    expect(analyzeTicket('deu certo o pagamento mas o pedido não saiu').solved_status).not.toBe('solved');
    expect(analyzeTicket('o pedido não chegou ontem, mas hoje chegou certinho').solved_status).toBe('solved');
  });

  it('the order that arrived still does', () => {
    expect(analyzeTicket('o pedido chegou aqui, tudo certo').solved_status).toBe('solved');
  });
});

// Issue 32, ninth pass: money already given back is solved; staying a customer is no problem left.
describe('refunds made and loyalty', () => {
  it.each([
    'vi duas cobranças iguais no cartão, mas vocês já estornaram uma, obrigado',
    'no ano passado invadiram minha conta e vocês resolveram no mesmo dia, continuo cliente por isso',
  ])('%s', (text) => {
    const ticket = analyzeTicket(text);
    expect(ticket.solved_status).toBe('solved');
    expect(ticket.requires_escalation).toBe(false);
  });

  it('a refund made wrongly is no refund', () => {
    const ticket = analyzeTicket('me cobraram duas vezes e já estornaram só metade do valor, absurdo');
    expect(ticket.solved_status).not.toBe('solved');
    expect(ticket.escalation_reasons).toContain('financial_harm');
  });
});

describe('ninth pass review: solved words asked or partial', () => {
  it.each([
    'Cliente: vocês já estornaram?\nAtendente: vou verificar',
    'Cliente: já devolveram o dinheiro pela metade',
    'Cliente: continuo usando o 4G porque o wifi não volta',
  ])('%s', (text) => {
    expect(analyzeTicket(text).solved_status).not.toBe('solved');
  });
});
