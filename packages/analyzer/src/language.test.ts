import { describe, expect, it } from 'vitest';
import { detectLanguage, detectLanguageDetailed } from './language.ts';

describe('detectLanguage', () => {
  it.each([
    ['A fatura deste mês veio com um valor que não reconheço.', 'pt-BR'],
    ['The technician never showed up and nobody called me back.', 'en'],
    ['El técnico no vino y nadie me llamó para avisar.', 'es'],
    ["Le technicien n'est jamais venu et personne ne m'a rappelé.", 'fr'],
    ['Der Techniker ist nicht gekommen und niemand hat mich zurückgerufen.', 'de'],
    ['Il tecnico non è mai venuto e nessuno mi ha richiamato.', 'it'],
  ])('%s → %s', (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });

  it('splits Portuguese into Brazilian and European by vocabulary', () => {
    expect(detectLanguage('Você pode me mandar o boleto pelo celular? A tela não carrega.')).toBe('pt-BR');
    expect(detectLanguage('A gente tá esperando o técnico desde cedo')).toBe('pt-BR');
    expect(detectLanguage('Estou a tentar pagar pelo telemóvel mas o ecrã fica preto')).toBe('pt');
    expect(detectLanguage('A vossa equipa não respondeu ao meu contacto')).toBe('pt');
  });

  it('reads Portuguese without variant cues as pt-BR (our users are Brazilian)', () => {
    expect(detectLanguage('O pagamento foi recusado duas vezes seguidas')).toBe('pt-BR');
  });

  it('falls back for texts too short or unreliable to judge', () => {
    expect(detectLanguage('ok')).toBe('pt-BR');
    expect(detectLanguage('ok', { fallback: 'en' })).toBe('en');
    expect(detectLanguage('???', { fallback: 'es' })).toBe('es');
    expect(detectLanguage('12345 678', { fallback: 'de' })).toBe('de');
    expect(detectLanguageDetailed('kkkk').reliable).toBe(false);
  });

  it('rescues short greetings with words only one language has', () => {
    expect(detectLanguage('Bom dia', { fallback: 'en' })).toBe('pt-BR');
    expect(detectLanguage('Gracias')).toBe('es');
  });

  it('reads plainly Portuguese chat without eld, and leaves lookalikes to it', () => {
    expect(detectLanguageDetailed('vc ja viu isso? eu to sem sinal desde ontem')).toEqual({
      language: 'pt-BR',
      reliable: true,
    });
    expect(detectLanguageDetailed('nada não', { fallback: 'es' })).toEqual({
      language: 'pt-BR',
      reliable: true,
    });
    // Portuguese-looking words ("com", "em", "da") beside Spanish, English or Italian function words.
    expect(detectLanguage('Hoy no tengo tiempo, pero mañana voy con mi hermano a la tienda')).toBe('es');
    expect(detectLanguage('My order from the store em Lisboa is still not here')).toBe('en');
    expect(detectLanguage('Non ho ricevuto il pacco da una settimana')).toBe('it');
  });

  it('gives a near tie to the tenant language', () => {
    // "Entrega rápida" is Spanish and Portuguese alike.
    expect(detectLanguage('Entrega rápida')).toBe('pt-BR');
  });
});
