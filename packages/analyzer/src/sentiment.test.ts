import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './message.ts';
import { prepareText } from './normalize.ts';
import { analyzeSentiment } from './sentiment.ts';

const label = (text: string, lang: Parameters<typeof analyzeSentiment>[1] = 'pt-BR') =>
  analyzeSentiment(text, lang).sentiment;

describe('analyzeSentiment: polarity words', () => {
  it('reads plain praise and plain criticism', () => {
    expect(label('O suporte foi excelente e muito atencioso')).toBe('positive');
    expect(label('Serviço horrível, estou indignada')).toBe('negative');
    expect(label('Quero atualizar o meu cadastro')).toBe('neutral');
  });

  it('matches with or without accents and in any case', () => {
    expect(analyzeSentiment('PÉSSIMO suporte').sentiment).toBe('negative');
    expect(analyzeSentiment('pessimo suporte').score).toBeLessThan(0);
    expect(analyzeSentiment('otimo retorno').sentiment).toBe('positive');
  });
});

describe('analyzeSentiment: negation', () => {
  it('flips the word a negator governs', () => {
    expect(label('Não gostei da instalação')).toBe('negative');
    expect(label('O aparelho nunca funcionou direito')).toBe('negative');
    expect(label('Nada bom esse plano novo')).toBe('negative');
    expect(label('Não fiquei nem um pouco satisfeita')).toBe('negative');
  });

  it('treats "sem resposta" and unmet expectations as complaints', () => {
    expect(label('Mandei três e-mails e continuo sem resposta')).toBe('negative');
    expect(label('Ainda não recebi o meu estorno')).toBe('negative');
  });

  it('makes a negated criticism mild praise, not a complaint', () => {
    const result = analyzeSentiment('A entrega não foi ruim');
    expect(result.score).toBeGreaterThan(0);
  });

  it('stops negation at the end of the clause', () => {
    expect(label('Não sei o número, mas o técnico foi ótimo')).toBe('positive');
  });
});

describe('analyzeSentiment: contrast', () => {
  it('calls a message mixed when the sides of "mas" disagree', () => {
    expect(label('O celular é lindo, mas a bateria é fraca')).toBe('mixed');
    expect(label('Gostei do sabor, porém o pote veio amassado')).toBe('mixed');
    expect(label('O preço é ótimo, só que a entrega atrasou')).toBe('mixed');
  });

  it('handles a concession opened by "apesar de"', () => {
    expect(label('Apesar do atraso, a mesa chegou perfeita')).toBe('mixed');
  });

  it('keeps one polarity when only one side carries opinion', () => {
    expect(label('Comprei na segunda, mas ainda não chegou')).toBe('negative');
  });
});

describe('analyzeSentiment: support idioms', () => {
  it.each([
    ['Liguei ontem e nada', 'negative'],
    ['Até agora nada do técnico', 'negative'],
    ['Vou registrar no Reclame Aqui', 'negative'],
    ['Pela terceira vez a conta veio errada', 'negative'],
    ['Que descaso com quem paga em dia', 'negative'],
    ['Atendente nota 10', 'positive'],
    ['Suporte nota zero', 'negative'],
    ['Vocês resolveram meu problema em minutos', 'positive'],
    ['Não tenho do que reclamar', 'positive'],
  ])('%s → %s', (text, expected) => {
    expect(label(text)).toBe(expected);
  });
});

describe('analyzeSentiment: chat spelling', () => {
  it('expands abbreviations before matching', () => {
    expect(label('vc n resolveu nd')).toBe('negative');
    expect(label('obg, td certo agr')).toBe('positive');
    expect(label('pq vcs n respondem?')).toBe('negative');
  });

  it('reads elongated words', () => {
    expect(label('pessimooo')).toBe('negative');
  });
});

describe('analyzeSentiment: intensity', () => {
  it('strengthens with intensifiers and weakens with diminishers', () => {
    const plain = analyzeSentiment('O aplicativo é lento').score;
    const strong = analyzeSentiment('O aplicativo é muito lento').score;
    const weak = analyzeSentiment('O aplicativo é um pouco lento').score;
    expect(strong).toBeLessThan(plain);
    expect(weak).toBeGreaterThan(plain);
  });

  it('applies a following intensifier to the word before it', () => {
    expect(analyzeSentiment('trava demais').score).toBeLessThan(analyzeSentiment('trava').score);
  });

  it('takes exclamations and capitals as intensity, never as polarity', () => {
    const calm = analyzeSentiment('Que demora').score;
    const loud = analyzeSentiment('QUE DEMORA!!!').score;
    expect(loud).toBeLessThan(calm);
    expect(label('OLÁ!!!')).toBe('neutral');
  });

  it('damps opinion words inside questions', () => {
    expect(label('Qual o melhor plano para empresas?')).toBe('neutral');
  });
});

describe('analyzeSentiment: evidence and other languages', () => {
  it('reports the evidence it used', () => {
    const result = analyzeSentiment('Não gostei do atendimento');
    expect(result.evidence).toEqual([
      expect.objectContaining({ term: 'gostei', negated: true, source: 'domain' }),
    ]);
  });

  it('falls back to the LeIA list for words the domain lexicon lacks', () => {
    const result = analyzeSentiment('Foi uma compra desastrosa, um desfecho trágico');
    expect(result.evidence.some((e) => e.source === 'leia')).toBe(true);
    expect(result.sentiment).toBe('negative');
  });

  it('has English and Spanish lexicons', () => {
    expect(label('The agent was very helpful, thanks!', 'en')).toBe('positive');
    expect(label("It still doesn't work, terrible service", 'en')).toBe('negative');
    expect(label('Muy buena atención, gracias', 'es')).toBe('positive');
    expect(label('Todavía no llegó mi pedido, pésimo', 'es')).toBe('negative');
  });

  it('is deterministic', () => {
    const text = 'Adorei o produto, mas o frete foi caro demais!';
    expect(analyzeSentiment(text)).toEqual(analyzeSentiment(text));
  });
});

// Issue 32: faults told as plain facts (no opinion word) read negative.
describe('faults told as facts', () => {
  it.each([
    'o site não mostra meus pedidos antigos',
    'a tela de extrato vem vazia desde ontem',
    'meu chip não tá pegando em lugar nenhum',
  ])('%s', (text) => {
    expect(analyzeSentiment(text).sentiment).toBe('negative');
  });
});

// Issue 32: praise then a problem told as a fact; a grave situation told plainly.
describe('mixed by a contrast fact, negative by the situation', () => {
  it.each([
    'o tênis é lindo, mas veio um número diferente do que pedi',
    'adorei o atendimento, só que o pacote chegou amassado',
  ])('%s → mixed', (text) => {
    expect(analyzeMessage(text).sentiment).toBe('mixed');
  });

  it.each(['tem um cabo da rede de vocês soltando faísca aqui na rua', 'vou levar isso pro Procon amanhã'])(
    '%s → negative',
    (text) => {
      expect(analyzeMessage(text).sentiment).toBe('negative');
    },
  );

  it('leaves plain praise alone', () => {
    expect(analyzeMessage('adorei o atendimento, muito obrigado').sentiment).toBe('positive');
  });
});

// Issue 32, eighth pass: praise told by comparison, with a negation the lexicon alone would flip.
describe('praise by comparison (the rules, on the text as analyzeMessage rewrites it)', () => {
  it.each([
    ['ninguém resolve como vcs, sério', 'positive'],
    ['olha, já fui cliente de umas 4 operadoras e nenhuma chega aos pés de vcs', 'positive'],
    ['fazia tempo q n era tão bem atendida numa loja', 'positive'],
    ['n sei oq seria de mim sem a Jéssica do suporte', 'positive'],
    ['ninguém me atendeu como vcs prometeram', 'negative'],
    ['vcs não chegam aos pés da concorrência', 'negative'],
    ['nunca fui tão mal atendida', 'negative'],
    ['pra vcs eu não existo né, 3 dias sem resposta', 'negative'],
  ])('%s → %s', (text, expected) => {
    expect(label(prepareText(text, 'pt-BR').text)).toBe(expected);
  });
});
