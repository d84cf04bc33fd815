import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { combineIntent, combineSentiment } from './combine.ts';
import {
  FEATURE_OPTIONS,
  featuresOf,
  PackedFeatureReader,
  packModels,
  polarityCached,
  predictWith,
} from './features.ts';
import { classifyIntentDetailed } from './intent.ts';
import { analyzeMessage } from './message.ts';
import { MODEL, modelIntent, modelSentiment } from './model.ts';
import { analyzeSentiment } from './sentiment.ts';
import { analyzeTicket } from './ticket.ts';

describe('learned model', () => {
  it('is small and covers the classes', () => {
    expect(MODEL.sentiment.classes).toEqual(['positive', 'negative', 'neutral', 'mixed']);
    expect(MODEL.intent.classes).toHaveLength(12);
    expect(MODEL.intent.weights.size).toBeLessThan(50_000);
  });

  it('answers from the packed weights exactly what the stored ones answer', () => {
    for (const text of [
      'vc n resolveu nada!! kkk',
      'Amei o atendimento, muito obrigada',
      'Where is my order?',
      '👍',
    ]) {
      const features = featuresOf(text);
      expect(modelSentiment(text)).toEqual(predictWith(MODEL.sentiment, features));
      expect(modelIntent(text)).toEqual(predictWith(MODEL.intent, features));
    }
  });

  it('reads the packed features of every training sentence exactly as featuresOf lists them', () => {
    const dir = new URL('../data/', import.meta.url);
    const texts = readdirSync(dir).flatMap((file) =>
      readFileSync(new URL(file, dir), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => String(JSON.parse(line).text)),
    );
    texts.push(
      '',
      '1234',
      'a b c d',
      'ab cd',
      'Inconstitucionalissimamente n funciona 123abc 😡',
      `${'x'.repeat(40)} ok`,
    );
    const packed = packModels([MODEL.sentiment, MODEL.intent, MODEL.escalation]);
    const reader = new PackedFeatureReader(packed);
    let differences = 0;
    // Twice: the second pass reads the words from the reader's cache.
    for (const text of [...texts, ...texts]) {
      const features = featuresOf(text);
      const ids = features.map((f) => packed.index.get(f)).filter((id) => id !== undefined);
      const read = reader.read(text);
      if (read.count !== features.length || read.ids.join() !== ids.join()) differences++;
    }
    expect(texts.length).toBeGreaterThan(15_000);
    expect(differences).toBe(0);
  });

  // Tenth pass review: single-character cross-word n-grams, and settings changed after words were kept.
  it('reads packed features as featuresOf under other feature settings too', () => {
    const packed = packModels([MODEL.sentiment, MODEL.intent, MODEL.escalation]);
    const reader = new PackedFeatureReader(packed);
    const texts = ['a b c', 'vc n resolveu nada!! kkk', 'o pedido 123 chegou ok'];
    const saved = { ...FEATURE_OPTIONS };
    try {
      for (const settings of [
        saved,
        { ...saved, crossWordChars: 1 },
        { ...saved, crossWordChars: 5, polarity: 0 },
      ]) {
        Object.assign(FEATURE_OPTIONS, settings);
        for (const text of texts) {
          const features = featuresOf(text);
          const ids = features.map((f) => packed.index.get(f)).filter((id) => id !== undefined);
          expect(reader.read(text)).toEqual({
            ids: Int32Array.from(ids as number[]),
            count: features.length,
          });
        }
      }
    } finally {
      Object.assign(FEATURE_OPTIONS, saved);
    }
  });

  // Review fix (issue 32): long words are sliced views into the whole message; caching them
  // would keep every message alive, so only short words are cached.
  it('caches the polarity of short words only', () => {
    featuresOf('atendimento excelente, entrega inacreditavelmente rapida');
    expect(polarityCached('excelente')).toBe(true);
    expect(polarityCached('inacreditavelmente')).toBe(false);
  });

  it('reads words, character n-grams, negation and cues', () => {
    const features = featuresOf('vc n resolveu nada!! kkk');
    expect(features).toContain('w:voce');
    expect(features).toContain('n:resolveu');
    expect(features).toContain('c:res');
    expect(features).toContain('q:!');
    expect(features).toContain('e:kkk');
    expect(featuresOf('vc n resolveu nada!! kkk')).toEqual(features);
  });

  it('reads English and Spanish negation and opinion words, not Portuguese look-alikes', () => {
    expect(featuresOf("it didn't work at all")).toContain('n:work');
    expect(featuresOf('vou t mandar o comprovante')).not.toContain('n:mandar'); // "t" = te
    expect(featuresOf('el paquete llegó roto')).toContain('l:-');
    expect(featuresOf('the driver was super friendly')).toContain('l:+');
    // Spanish "mala" (bad) and "rota" (broken) are a suitcase and a route in Portuguese.
    expect(featuresOf('minha mala saiu em rota de entrega')).not.toContain('l:-');
  });

  it('predicts sentences it was not trained on', () => {
    expect(modelSentiment('que serviço horroroso, ninguém me atende').label).toBe('negative');
    expect(modelSentiment('nossa, adorei a entrega, tudo perfeito').label).toBe('positive');
    expect(modelIntent('vcs funcionam no feriado de sexta?').label).toBe('question');
    expect(modelIntent('me envia o boleto desse mês por favor').label).toBe('request');
  });

  it('gives the rules the last word when they found specific evidence', () => {
    const text = 'Péssimo atendimento, ninguém resolve nada.';
    const rules = analyzeSentiment(text);
    expect(combineSentiment(rules, text, 'combined').sentiment).toBe('negative');
    const intent = classifyIntentDetailed('Bom dia');
    expect(combineIntent(intent, 'Bom dia', 'combined').intent).toBe('greeting');
  });

  it('never reads clear complaint words without praise as positive, nor votes for praise then', () => {
    for (const text of ['A equipe de vocês é péssima, que vergonha', 'O suporte de vocês é uma piada']) {
      const analysis = analyzeMessage(text);
      expect(analysis.sentiment).toBe('negative');
      expect(analysis.intent).not.toBe('compliment');
    }
  });

  it('is used by analyzeMessage for the languages it was trained on: Portuguese, English, Spanish', () => {
    const english = analyzeMessage('The app keeps crashing when I open it');
    expect(english.language_detected).toBe('en');
    expect(english).toMatchObject({ sentiment: 'negative', intent: 'support' });
    expect(analyzeMessage('Hola, soy Marta, clienta de la sucursal Centro').intent).toBe('greeting');
    // French is answered by the rules alone, whichever engine is asked for.
    const french = 'Le colis est arrivé cassé, inacceptable';
    expect(analyzeMessage(french).language_detected).toBe('fr');
    expect(analyzeMessage(french, { engine: 'model' })).toEqual(analyzeMessage(french, { engine: 'rules' }));
  });

  it('adds reasons the rules missed in English and Spanish, counted ones too, quoting only written words', () => {
    const spanish = 'Ya perdí la cuenta de cuántas veces les escribí por esto y nadie me responde';
    expect(analyzeTicket(spanish, { engine: 'rules' }).requires_escalation).toBe(false);
    const counted = analyzeTicket(spanish);
    expect(counted.escalation_reasons).toEqual(['repeated_contact']);
    expect(counted.analysis_explanation).toMatch(/modelo aprendido \(\d+%\)/);
    const english = analyzeTicket('Someone used my card to buy stuff I never bought, block it please!');
    expect(english.escalation_reasons).toEqual(['financial_harm']);
    // Quoted words are the customer's: "to" is not rewritten as Portuguese "estou".
    const written = 'someone used my card to buy stuff i never bought, block it please';
    const quoted = [...english.analysis_explanation.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(quoted.length).toBeGreaterThan(0);
    for (const words of quoted) expect(written).toContain(words);
    expect(analyzeTicket('Thanks, all sorted now, have a great day').requires_escalation).toBe(false);
  });

  it('adds an escalation reason the rules missed, saying it is the model and quoting its words', () => {
    const ticket = analyzeTicket(
      'o dentista mentiu pra mim falando q o clareamento tava incluso e era mentira',
    );
    // A professional who lied: a misleading sale or staff misconduct, both the policy's.
    expect(ticket.escalation_reasons).toHaveLength(1);
    expect(['misleading_sale', 'ombudsman_or_misconduct']).toContain(ticket.escalation_reasons[0]);
    expect(ticket.analysis_explanation).toMatch(/modelo aprendido \(\d+%\): .+, pelas palavras "mentiu"/);
    // A rule's reason stands alone; a happy customer gets nothing from the model.
    expect(analyzeTicket('Vou abrir reclamação no Procon.').escalation_reasons).toEqual([
      'regulator_complaint',
    ]);
    expect(analyzeTicket('Amei o atendimento, vocês são ótimos!').requires_escalation).toBe(false);
  });
});
