import { describe, expect, it } from 'vitest';
import { BUILT_IN_RED_FLAGS, findRedFlags } from './red-flags.ts';

describe('findRedFlags', () => {
  it('finds built-in terms, reported as written in the built-in list', () => {
    const result = findRedFlags('Se não resolverem vou na JUSTICA e no procon');
    expect(result).toEqual({ containsRedFlags: true, words: ['justiça', 'procon'] });
  });

  it('matches whole words only', () => {
    expect(findRedFlags('O processamento do pagamento demorou').words).toEqual([]);
    expect(findRedFlags('Abri um processo no juizado').words).toEqual(['processo', 'juizado']);
    expect(findRedFlags('Golpes de marketing não me enganam').words).toEqual([]);
  });

  it('matches multi-word terms across extra spaces, hyphens and case', () => {
    expect(findRedFlags('Vou postar no RECLAME   AQUI').words).toEqual(['reclame aqui']);
    expect(findRedFlags('Quero danos-morais').words).toEqual(['danos morais']);
  });

  it('uses the tenant terms, ignoring accents, reported as the tenant wrote them', () => {
    const result = findRedFlags('O gerente prometeu a devolucao e o Reembolso', [
      'Devolução',
      'reembolso',
      'Gerente Geral',
    ]);
    expect(result.words).toEqual(['Devolução', 'reembolso']);
  });

  it('keeps word boundaries next to accented letters', () => {
    // "ação" must not match inside "ações"; "anatel" must not match inside "anatelária".
    expect(findRedFlags('Minhas ações foram vendidas', ['ação']).words).toEqual([]);
    // At the same position the longer phrase comes first.
    expect(findRedFlags('Ação judicial em andamento', ['ação']).words).toEqual(['ação judicial', 'ação']);
    expect(findRedFlags('anatelária').words).toEqual([]);
  });

  it('deduplicates and orders by first appearance; a tenant spelling wins over a built-in', () => {
    const result = findRedFlags('Estorno! Quero o estorno, senão PROCON. Estorno já.', ['ESTORNO']);
    expect(result.words).toEqual(['ESTORNO', 'procon']);
  });

  it('ignores blank tenant terms and texts without flags', () => {
    expect(findRedFlags('Tudo certo por aqui', ['', '   '])).toEqual({ containsRedFlags: false, words: [] });
  });

  it('answers a reused list like a fresh one (the compiled lists it keeps are keyed by their terms)', () => {
    const text = 'O gerente falou de reembolso e de multa';
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < 12; n++) {
        const terms = [`termo${n}`, n % 2 ? 'gerente' : 'multa'];
        expect(findRedFlags(text, [...terms]).words).toEqual([n % 2 ? 'gerente' : 'multa']);
      }
    }
    expect(findRedFlags(text, ['Reembolso', 'multa']).words).toEqual(['Reembolso', 'multa']);
    expect(findRedFlags(text, ['multa', 'Reembolso']).words).toEqual(['Reembolso', 'multa']);
  });

  it('keeps domain names whole', () => {
    expect(findRedFlags('Registrei no consumidor.gov.br ontem').words).toEqual(['consumidor.gov.br']);
    expect(BUILT_IN_RED_FLAGS).toContain('chargeback');
  });
});
