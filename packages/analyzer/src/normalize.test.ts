import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './message.ts';
import { isSarcastic, normalizeInformal } from './normalize.ts';

const text = (input: string) => normalizeInformal(input).text;

describe('normalizeInformal', () => {
  it('expands chat abbreviations and phonetic spellings as whole words', () => {
    expect(text('vc n respondeu pq?')).toBe('você não respondeu porque?');
    expect(text('ñ tá funcionando tb')).toBe('não está funcionando também');
    expect(text('blz, manda a msg q eu vejo hj')).toBe('beleza, manda a mensagem que eu vejo hoje');
    expect(text('naum axo q eh isso')).toBe('não acho que é isso');
    // Only whole words: "quando", "taxa" and "nota" stay as written.
    expect(text('quando a taxa da nota')).toBe('quando a taxa da nota');
  });

  it('reads chat "tão" as "estão" only where the verb fits', () => {
    expect(text('vcs tão de brincadeira, tão cobrando 2x')).toBe(
      'vocês estão de brincadeira, estão cobrando 2 vezes',
    );
    expect(text('tao aqui?')).toBe('estão aqui?');
    // The adverb: "nunca fui estão bem atendida" turned praise into a complaint.
    expect(text('nunca fui tão bem atendida, tudo tao rapido')).toBe(
      'nunca fui tão bem atendida, tudo tão rapido',
    );
  });

  it('restores accents no other word shares', () => {
    expect(text('voce ja viu? nao chegou ate agora')).toBe('você já viu? não chegou até agora');
  });

  it('keeps repeated letters once and long punctuation runs short', () => {
    expect(text('demoraaa demais!!!!!!')).toBe('demora demais!!!');
    expect(text('pessimoooo')).toBe('péssimo');
    // Double letters are spelling, not elongation.
    expect(text('carro ficou')).toBe('carro ficou');
  });

  it('keeps capitals visible and flags shouting', () => {
    const result = normalizeInformal('VCS NÃO RESOLVEM NADA');
    expect(result.text).toBe('VOCÊS NÃO RESOLVEM NADA');
    expect(result.cues.shouting).toBe(true);
    expect(normalizeInformal('Oi, tudo bem?').cues.shouting).toBe(false);
  });

  it('takes laughter out of the words and counts it', () => {
    const result = normalizeInformal('apaguei sem querer kkkkk rsrs 😂');
    expect(result.text).toBe('apaguei sem querer');
    expect(result.cues.laughter).toBe(3);
    expect(normalizeInformal('hahaha valeu').cues.laughter).toBe(1);
  });

  it('turns emoticons into emoji the lexicon knows', () => {
    expect(text('chegou :)')).toBe('chegou 🙂');
    expect(text('de novo :(')).toBe('de novo 😞');
    expect(text('amei <3')).toBe('amei ❤');
    // A time or a URL is not an emoticon.
    expect(text('às 10:30 em https://x.com/a')).toBe('às 10:30 em https://x.com/a');
  });

  it('ends each line of a multi-line message as a clause', () => {
    const result = normalizeInformal('oi\nminha internet caiu\nja reiniciei o modem');
    expect(result.text).toBe('oi.\nminha internet caiu.\njá reiniciei o modem');
    expect(result.cues.lines).toBe(3);
    expect(text('tudo certo?\nobg')).toBe('tudo certo?\nobrigado');
  });

  it('reads "3x" as times', () => {
    expect(text('liguei 3x')).toBe('liguei 3 vezes');
  });
});

describe('sarcasm', () => {
  it('is ironic praise next to a negative fact', () => {
    expect(isSarcastic('ótimo atendimento hein, 4 dias esperando')).toBe(true);
    expect(isSarcastic('parabéns viu, de novo sem internet')).toBe(true);
    expect(isSarcastic('adorei 🙃 chegou quebrado')).toBe(true);
  });

  it('is praise opening a fact bad whatever is said around it (ninth pass)', () => {
    expect(isSarcastic('excelente suporte, 5 dias sem retorno')).toBe(true);
    expect(isSarcastic('maravilha, cancelaram minha reserva sem avisar')).toBe(true);
    expect(isSarcastic('o app é ótimo quando funciona')).toBe(true);
    expect(isSarcastic('ótimo, resolveram em 2 dias')).toBe(false);
  });

  it('is not sincere praise', () => {
    expect(isSarcastic('ótimo atendimento, obrigado')).toBe(false);
    expect(isSarcastic('muito bom viu, nada a reclamar')).toBe(false);
    expect(isSarcastic('parabéns pela entrega rápida')).toBe(false);
  });
});

describe('analysis of informal Portuguese', () => {
  it('keeps negation scope through abbreviations', () => {
    expect(analyzeMessage('n tá funcionando a internet').sentiment).toBe('negative');
    expect(analyzeMessage('ñ gostei').sentiment).toBe('negative');
  });

  it('reads ironic praise as negative', () => {
    expect(analyzeMessage('ótimo atendimento hein, 4 dias esperando resposta 🙃').sentiment).toBe('negative');
  });

  it('reads elongated and unaccented words', () => {
    expect(analyzeMessage('pessimoooo atendimentooo').sentiment).toBe('negative');
    expect(analyzeMessage('otimo, muito obgdaaa').sentiment).toBe('positive');
  });
});
