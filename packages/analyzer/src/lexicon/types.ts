import { foldText } from '../text.ts';

/**
 * One lexicon entry. Keys are folded words or phrases (words joined by one space).
 * - term: carries polarity. `negated` is its score under negation ("funciona" +0.5 but
 *   "não funciona" −2: support verbs whose failure matters more than their success).
 *   `fixed` idioms ignore negation, intensity and question damping ("nota zero", "reclame aqui").
 * - negator: flips the next term within `scope` words of the same clause; `penalty` is added when
 *   it does ("ainda não" = an unmet expectation, worse than a plain "não").
 * - intensifier: multiplies the next term ("muito ruim"); `post` ones may follow it ("trava demais").
 * - contrast: splits clauses ("mas", "só que") so each side can be weighed (→ mixed); a concessive
 *   one ("apesar da demora, …") opens a clause that ends at the next comma.
 * - neutral: consumes the words so they score nothing ("bom dia" is not praise).
 */
export type Entry =
  | { readonly kind: 'term'; readonly score: number; readonly negated?: number; readonly fixed?: boolean }
  | { readonly kind: 'negator'; readonly scope: number; readonly penalty?: number }
  | { readonly kind: 'intensifier'; readonly factor: number; readonly post?: boolean }
  | { readonly kind: 'contrast'; readonly concessive?: boolean }
  | { readonly kind: 'neutral' };

export interface SentimentLexicon {
  readonly entries: ReadonlyMap<string, Entry>;
  /** Longest phrase, in words: the matcher tries this many words first. */
  readonly maxPhraseWords: number;
  /** Prefix entries ("decepcion*"), keyed by the prefix, tried longest first. */
  readonly stems: ReadonlyMap<string, Entry>;
  readonly stemLengths: readonly number[];
  /** Chat abbreviations expanded before matching ("vc" → você, "dnv" → de novo). */
  readonly abbreviations: ReadonlyMap<string, readonly string[]>;
  /** A weaker word list consulted when the domain lexicon has no entry (LeIA for pt). */
  readonly fallback?: ReadonlyMap<string, number>;
  /** German-style negation after the verb ("funktioniert nicht"): a negator may flip the term before it. */
  readonly negationLooksBack: boolean;
  /** Text rewrite before tokenizing (English contractions: "don't" → "do not"). */
  readonly prepare?: (text: string) => string;
}

/** Lexicon source: readable lists (accents allowed) grouped by weight. */
export interface LexiconSource {
  /** score → words or phrases; a trailing `*` makes a prefix entry (single words only). */
  readonly terms: ReadonlyArray<readonly [number, string]>;
  /** Terms whose negated score differs from the default: [score, negatedScore, words]. */
  readonly expectations?: ReadonlyArray<readonly [number, number, string]>;
  /** Idioms immune to negation, intensity and question damping. */
  readonly fixed: ReadonlyArray<readonly [number, string]>;
  /** scope (words) → negators. */
  readonly negators: ReadonlyArray<readonly [number, string]>;
  /** Negators that add `penalty` when they flip a term: [scope, penalty, words]. */
  readonly negatorsWithPenalty?: ReadonlyArray<readonly [number, number, string]>;
  /** factor → words; below 1 they soften ("um pouco lento"). */
  readonly intensifiers: ReadonlyArray<readonly [number, string]>;
  /** Modifiers that only follow the term they strengthen ("trava demais"). */
  readonly postIntensifiers: ReadonlyArray<readonly [number, string]>;
  readonly contrasts: string;
  /** "apesar de", "embora": the clause they open ends at the next comma. */
  readonly concessives?: string;
  readonly neutral: string;
  readonly abbreviations?: Readonly<Record<string, string>>;
  readonly fallback?: ReadonlyMap<string, number>;
  readonly negationLooksBack?: boolean;
  readonly prepare?: (text: string) => string;
}

/** Splits a `|`-separated list, folds every item, drops blanks. */
export function items(list: string): string[] {
  return list
    .split('|')
    .map((item) => foldText(item))
    .filter(Boolean);
}

/** Builds the lookup maps once, at module load. Later lists override earlier ones. */
export function buildLexicon(source: LexiconSource): SentimentLexicon {
  const entries = new Map<string, Entry>();
  const stems = new Map<string, Entry>();
  const put = (list: string, entry: Entry) => {
    for (const item of items(list)) {
      if (item.endsWith('*')) stems.set(item.slice(0, -1), entry);
      else entries.set(item, entry);
    }
  };
  for (const [score, list] of source.terms) put(list, { kind: 'term', score });
  for (const [score, negated, list] of source.expectations ?? []) put(list, { kind: 'term', score, negated });
  for (const [scope, list] of source.negators) put(list, { kind: 'negator', scope });
  for (const [scope, penalty, list] of source.negatorsWithPenalty ?? [])
    put(list, { kind: 'negator', scope, penalty });
  for (const [factor, list] of source.intensifiers) put(list, { kind: 'intensifier', factor });
  for (const [factor, list] of source.postIntensifiers)
    put(list, { kind: 'intensifier', factor, post: true });
  put(source.contrasts, { kind: 'contrast' });
  if (source.concessives) put(source.concessives, { kind: 'contrast', concessive: true });
  put(source.neutral, { kind: 'neutral' });
  // Idioms last: they win over any single-word reading of the same words.
  for (const [score, list] of source.fixed) put(list, { kind: 'term', score, fixed: true });

  let maxPhraseWords = 1;
  for (const key of entries.keys()) maxPhraseWords = Math.max(maxPhraseWords, key.split(' ').length);
  const abbreviations = new Map<string, string[]>();
  for (const [short, long] of Object.entries(source.abbreviations ?? {}))
    abbreviations.set(foldText(short), foldText(long).split(' '));
  return {
    entries,
    maxPhraseWords,
    stems,
    stemLengths: [...new Set([...stems.keys()].map((k) => k.length))].sort((a, b) => b - a),
    abbreviations,
    negationLooksBack: source.negationLooksBack ?? false,
    ...(source.fallback ? { fallback: source.fallback } : {}),
    ...(source.prepare ? { prepare: source.prepare } : {}),
  };
}
