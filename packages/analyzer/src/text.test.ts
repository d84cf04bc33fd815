import { describe, expect, it } from 'vitest';
import { foldText } from './text.ts';

describe('foldText', () => {
  it('removes case and accents so pt-BR spellings match', () => {
    expect(foldText('Justiça')).toBe('justica');
    expect(foldText('NÃO resolveram')).toBe('nao resolveram');
    expect(foldText('Reclame   AQUI\n')).toBe('reclame aqui');
  });

  it('keeps letters that are not accents', () => {
    expect(foldText('nota 10 — ótimo!')).toBe('nota 10 — otimo!');
  });
});
