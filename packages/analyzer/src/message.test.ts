import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './message.ts';

describe('analyzeMessage', () => {
  it('returns every field of the API, snake_case', () => {
    const result = analyzeMessage('Estou sem internet desde ontem e ninguém resolve, vou no Procon!', {
      tenantTerms: ['internet'],
    });
    expect(Object.keys(result).sort()).toEqual([
      'confidence_score',
      'contains_red_flags',
      'intent',
      'language_detected',
      'red_flag_words',
      'sentiment',
      'suggested_responses',
      'urgency_level',
    ]);
    expect(result.sentiment).toBe('negative');
    expect(result.language_detected).toBe('pt-BR');
    expect(result.red_flag_words).toEqual(['internet', 'procon']);
    expect(result.contains_red_flags).toBe(true);
  });

  it('suggests 2–3 replies that fit the situation', () => {
    const legal = analyzeMessage('Meu advogado vai entrar com uma ação judicial').suggested_responses;
    expect(legal.length).toBeGreaterThanOrEqual(2);
    expect(legal.join(' ')).toMatch(/supervis/);
    const praise = analyzeMessage('Vocês foram maravilhosos, obrigado pelo carinho').suggested_responses;
    expect(praise.join(' ')).toMatch(/elogio|obrigad/i);
    const complaint = analyzeMessage('O entregador foi grosseiro comigo').suggested_responses;
    expect(complaint.join(' ')).toMatch(/desculpas|Lamentamos/);
  });

  it('answers in the message language (pt-BR default, en and es supported)', () => {
    expect(analyzeMessage('My package arrived broken, this is unacceptable').suggested_responses[0]).toMatch(
      /^We /,
    );
    expect(analyzeMessage('Mi paquete llegó roto, es inaceptable').suggested_responses[0]).toMatch(
      /Pedimos|Lamentamos/,
    );
    expect(analyzeMessage('Il pacco è arrivato rotto, inaccettabile').language_detected).toBe('it');
    expect(analyzeMessage('Il pacco è arrivato rotto, inaccettabile').suggested_responses[0]).toMatch(
      /desculpas/,
    );
  });

  it('uses the default language for texts too short to tell', () => {
    expect(analyzeMessage('ok').language_detected).toBe('pt-BR');
    expect(analyzeMessage('ok', { defaultLanguage: 'es' }).language_detected).toBe('es');
  });

  it('derives confidence from the evidence found', () => {
    const clear = analyzeMessage('Péssimo atendimento, absurdo, vou cancelar tudo!').confidence_score;
    const vague = analyzeMessage('hmm talvez').confidence_score;
    const plain = analyzeMessage('Comprei uma geladeira ontem').confidence_score;
    expect(clear).toBeGreaterThan(plain);
    expect(plain).toBeGreaterThan(vague);
    for (const value of [clear, vague, plain]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('is deterministic', () => {
    const text = 'Oi! O app travou de novo e preciso pagar a conta hoje, me ajudem';
    expect(analyzeMessage(text, { tenantTerms: ['app'] })).toEqual(
      analyzeMessage(text, { tenantTerms: ['app'] }),
    );
  });

  // Issue 32, seventh pass: the model reads "não" as a complaint; a negative it alone read (no
  // complaint word found) does not rule out a hand-over of information.
  it.each([
    'a luz voltou aqui na vila, não oscilou mais desde ontem',
    'o nome no boleto não é o meu, é da minha esposa, cpf 987.654.321-00',
  ])('news and data told with negation stay information: %s', (text) => {
    expect(analyzeMessage(text).intent).toBe('information');
  });

  // Eighth pass: a message that is only a hello, however it is spelt, is a greeting.
  it.each(['oiee', 'bdia', 'alguém aí?', '👋', '🙋‍♀️ boa tarde'])(
    'a hello alone is a greeting: %s',
    (text) => {
      expect(analyzeMessage(text).intent).toBe('greeting');
    },
  );

  it.each([
    'parabéns, conseguiram perder minha encomenda de novo',
    'excelente serviço, o técnico marcou de manhã e até agora nada',
    'incrível como vcs conseguem piorar a cada mês',
    'até o correio é mais rápido q vcs kkkk',
  ])('praise opening a bad fact, with no "mas", is irony: %s', (text) => {
    expect(analyzeMessage(text)).toMatchObject({ sentiment: 'negative', intent: 'complaint' });
  });

  it.each([
    'adorei, quero marcar de novo com a mesma cabeleireira',
    'nota 10 pra Bianca, migrou meu site inteiro sem perder nada',
  ])('praise with "de novo" or "sem perder" stays praise: %s', (text) => {
    expect(analyzeMessage(text).sentiment).toBe('positive');
  });

  it.each([
    'qual o nome do rapaz q me atendeu ontem? quero deixar um elogio pra ele',
    'qual o email da ouvidoria? quero elogiar o pessoal da agência 0452',
    'pode anotar aí: Marcelo, turno da noite, merece promoção',
  ])('praise handed on is a compliment: %s', (text) => {
    expect(analyzeMessage(text).intent).toBe('compliment');
  });

  // Eighth pass review.
  it.each([
    ['ótimo, até agora não tive nenhum problema', 'positive'],
    ['excelente, não quero perder esse desconto, como renovo?', 'positive'],
    ['muito bom... chegou em 2 dias, obrigado!', 'positive'],
    ['não fui tão bem atendida dessa vez, demoraram muito', 'negative'],
    ['ninguém merece ser tratado como vocês me trataram', 'negative'],
  ])('no irony or praise read into: %s → %s', (text, sentiment) => {
    expect(analyzeMessage(text).sentiment).toBe(sentiment);
  });

  it.each([
    'gostaria de agradecer desde já e pedir a segunda via do boleto',
    'amei o perfume, qual o nome dele? quero comprar outro',
    'gostei muito da camiseta, qual o nome da cor?',
  ])('thanks in advance or a product name asked is no compliment: %s', (text) => {
    expect(analyzeMessage(text).intent).not.toBe('compliment');
  });

  it.each(['👀', 'nada não, esquece'])('a lone emoji or a "never mind" is no greeting: %s', (text) => {
    expect(analyzeMessage(text).intent).toBe('unknown');
  });

  // Ninth pass: harm told as over is a grievance, harm going on is an emergency.
  it.each([
    'mês passado clonaram meu cartão e a central só me enrolou, péssimo atendimento',
    'semana passada caí num golpe com o nome de vocês e ninguém me ajudou até hoje',
  ])('harm told as over is no emergency: %s', (text) => {
    expect(analyzeMessage(text).intent).not.toBe('urgent');
  });

  it.each([
    'clonaram meu cartão, tem compras que eu não fiz agora de manhã, bloqueia por favor',
    'o sistema de vocês caiu e a loja está sem vender nada agora',
    'mês passado clonaram meu cartão e continuam aparecendo compras que eu não fiz',
  ])('harm going on is urgent: %s', (text) => {
    expect(analyzeMessage(text).intent).toBe('urgent');
  });

  // Tenth pass: a stopped business told with a threat, a long wait or a repeat is a grievance,
  // unless it goes on now; a question about a harm that may happen stays a question.
  it.each([
    'vou entrar com processo pelo prejuízo, minha padaria ficou sem sistema o sábado inteiro',
    'faz nove dias que a maquininha da minha loja não passa cartão e ninguém resolve',
  ])('a stopped business told as a grievance is a complaint: %s', (text) => {
    expect(analyzeMessage(text).intent).toBe('complaint');
  });

  it.each([
    'se o sistema do caixa cair no meio do expediente, quem eu chamo?',
    'esse sms pedindo pra atualizar meus dados é golpe? não cliquei em nada',
  ])('a question about harm is a question: %s', (text) => {
    expect(['question', 'inquiry']).toContain(analyzeMessage(text).intent);
  });

  // Tenth pass review: harm going on is urgent even asked as a question or beside a threat.
  it.each([
    'acabei de cair num golpe do falso atendente, dá pra estornar o pix?',
    'a luz caiu e tenho insulina na geladeira, quando volta?',
    'minha loja tá parada neste momento, vou abrir reclamação na anatel',
    'o sistema caiu agora e estou perdendo vendas, já vou reclamar no procon',
  ])('harm going on is urgent, asked or threatened: %s', (text) => {
    expect(analyzeMessage(text).intent).toBe('urgent');
  });
});
