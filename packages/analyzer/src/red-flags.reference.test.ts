import { describe, expect, it } from 'vitest';
import { BUILT_IN_RED_FLAGS, compileRedFlags, findRedFlags } from './red-flags.ts';
import { escapeRegExp, foldText } from './text.ts';

/**
 * The matcher before the automaton, one regex per term, with hyphens inside a term read as
 * separators (as the automaton does). The automaton must answer the same.
 */
function referenceRedFlags(text: string, tenantTerms: readonly string[]): string[] {
  const folded = foldText(text);
  const candidates = new Map<string, string>();
  const keyOf = (term: string) => foldText(term).replace(/[ -]+/g, ' ').trim();
  for (const term of tenantTerms) {
    const key = keyOf(term);
    if (key && !candidates.has(key)) candidates.set(key, term.trim());
  }
  for (const term of BUILT_IN_RED_FLAGS) {
    const key = keyOf(term);
    if (!candidates.has(key)) candidates.set(key, term);
  }
  const found: Array<{ word: string; index: number; length: number }> = [];
  for (const [key, written] of candidates) {
    const body = key.split(' ').map(escapeRegExp).join('[\\s-]+');
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}]|\\.[\\p{L}\\p{N}])`, 'u');
    const match = re.exec(folded);
    if (match) found.push({ word: written, index: match.index, length: match[0].length });
  }
  found.sort((a, b) => a.index - b.index || b.length - a.length);
  return found.map((f) => f.word);
}

// A tiny deterministic generator (no flaky seeds).
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('compiled red flags', () => {
  it('answers exactly what the per-term regexes answered (random texts and terms)', () => {
    const next = random(42);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    const pieces = [
      'a',
      'b',
      'ab',
      'ção',
      'Ã',
      'e',
      ' ',
      ' ',
      '  ',
      '-',
      '--',
      ' - ',
      '.',
      '.b',
      'x',
      '1',
      'é',
      '🙂',
    ];
    const word = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(pieces)).join('');
    for (let round = 0; round < 400; round++) {
      const terms = Array.from({ length: Math.floor(next() * 6) }, word);
      if (next() < 0.3)
        terms.push(pick(['procon', 'reclame-aqui', 'a-b', '-a', 'a-', 'a b', 'Ação', 'ab.b']));
      const text = Array.from({ length: Math.floor(next() * 30) }, () =>
        next() < 0.1
          ? pick(['procon', 'reclame aqui', 'consumidor.gov.br', 'juizado especial'])
          : pick(pieces),
      ).join('');
      const expected = referenceRedFlags(text, terms);
      expect({ text, terms, words: findRedFlags(text, terms).words }).toEqual({
        text,
        terms,
        words: expected,
      });
      expect(findRedFlags(text, compileRedFlags(terms)).words).toEqual(expected);
    }
  });

  it('reads a 20,000-character message against 1,000 terms in a few milliseconds', () => {
    const terms = Array.from({ length: 1000 }, (_, i) =>
      `termo${i} especial ${i % 7 ? 'de teste' : ''}`.trim(),
    );
    const matcher = compileRedFlags(terms);
    const text = 'O cliente disse que vai ao procon e quer o termo994 especial. '
      .repeat(330)
      .slice(0, 20_000);
    matcher.find(text);
    const started = performance.now();
    const rounds = 20;
    for (let i = 0; i < rounds; i++) matcher.find(`${i} ${text}`);
    const ms = (performance.now() - started) / rounds;
    expect(matcher.find(text).words).toEqual(['procon', 'termo994 especial']);
    expect(ms).toBeLessThan(50); // ~2 ms here; generous for a loaded CI machine
  });

  it('makes hyphen variants of one phrase one term, so they cannot multiply the work per hit', () => {
    const variants = Array.from(
      { length: 1000 },
      (_, i) => `${'-'.repeat(i % 5)}a${'-'.repeat(1 + (i % 3))}b${' -'.repeat(i % 4)}`,
    );
    const matcher = compileRedFlags(variants);
    expect(matcher.size).toBe(compileRedFlags([]).size + 1);
    const text = 'a b '.repeat(25_000);
    const started = performance.now();
    expect(matcher.find(text).words).toEqual([variants[0]]);
    expect(performance.now() - started).toBeLessThan(500); // ~10 ms here
  });
});
