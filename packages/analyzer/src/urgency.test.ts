import { describe, expect, it } from 'vitest';
import { analyzeSentiment } from './sentiment.ts';
import { scoreUrgency, urgencyOf } from './urgency.ts';

describe('urgencyOf', () => {
  it('is low for a calm question', () => {
    expect(urgencyOf('Qual o horário da loja no sábado?')).toBe('low');
  });

  it('adds points for urgency words and deadlines', () => {
    expect(scoreUrgency('Preciso disso com urgência').signals).toContain('urgency_words');
    expect(urgencyOf('O boleto vence hoje e não consigo pagar')).toBe('medium');
    expect(scoreUrgency('até hoje nada').pressure).toBe(0); // waiting, not a deadline
    // A consequence on its way is a deadline too.
    expect(scoreUrgency('Preciso pagar, senão cortam minha água').pressure).toBeGreaterThanOrEqual(2);
    expect(scoreUrgency('Se não for incômodo, mandem o boleto').pressure).toBe(0);
  });

  it('counts business impact', () => {
    const result = scoreUrgency('A loja está parada, ninguém consegue vender');
    expect(result.signals).toContain('business_impact');
    expect(result.pressure).toBeGreaterThanOrEqual(2);
  });

  it('adds legal and regulator threats, churn and repeated contact', () => {
    const result = scoreUrgency('Já liguei várias vezes; vou cancelar e levar ao Procon e ao meu advogado');
    expect(result.signals).toEqual(
      expect.arrayContaining(['legal_threat', 'regulator_threat', 'churn_threat', 'repeated_contact']),
    );
    expect(result.level).toBe('critical');
  });

  it('counts shouting, strong negativity and red flags from the context', () => {
    const text = 'ISSO É UM ABSURDO, PÉSSIMO SERVIÇO!!!';
    const plain = scoreUrgency(text);
    const withContext = scoreUrgency(text, { sentiment: analyzeSentiment(text), redFlagCount: 1 });
    expect(plain.signals).toContain('shouting');
    expect(withContext.signals).toEqual(expect.arrayContaining(['strong_negativity', 'red_flags']));
    expect(withContext.points).toBeGreaterThan(plain.points);
  });

  it('maps points to levels', () => {
    expect(urgencyOf('Socorro, o sistema está fora do ar')).toBe('high');
    expect(
      urgencyOf('URGENTE!!! Servidor fora do ar, empresa inteira parada, vou acionar meu advogado'),
    ).toBe('critical');
  });
});
