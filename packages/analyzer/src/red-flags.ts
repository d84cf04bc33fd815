import { escapeRegExp, foldText, wordsRegex } from './text.ts';

/**
 * Built-in red flags: legal and regulator threats, churn and money disputes. Reported as written
 * here. Whole words only, so "processo" does not fire on "processamento" (inflections that matter
 * are listed).
 */
export const BUILT_IN_RED_FLAGS: readonly string[] = [
  'procon',
  'reclame aqui',
  'consumidor.gov',
  'consumidor.gov.br',
  'advogado',
  'advogada',
  'processo',
  'processar',
  'vou processar',
  'ação judicial',
  'justiça',
  'juizado',
  'juizado especial',
  'pequenas causas',
  'danos morais',
  'defesa do consumidor',
  'código de defesa do consumidor',
  'ministério público',
  'anatel',
  'aneel',
  'anac',
  'anvisa',
  'ans',
  'bacen',
  'banco central',
  'ouvidoria',
  'cancelar',
  'cancelamento',
  'fraude',
  'golpe',
  'estorno',
  'chargeback',
  'boletim de ocorrência',
  'polícia',
  'denúncia',
  'denunciar',
];

/** Which built-ins are legal threats and which name a regulator (the escalation reasons use this). */
export const LEGAL_TERMS: readonly string[] = [
  'advogado',
  'advogada',
  'processo',
  'processar',
  'vou processar',
  'ação judicial',
  'justiça',
  'juizado',
  'juizado especial',
  'pequenas causas',
  'danos morais',
  'ministério público',
  'boletim de ocorrência',
  'polícia',
];
export const REGULATOR_TERMS: readonly string[] = [
  'procon',
  'reclame aqui',
  'consumidor.gov',
  'consumidor.gov.br',
  'defesa do consumidor',
  'código de defesa do consumidor',
  'anatel',
  'aneel',
  'anac',
  'anvisa',
  'ans',
  'bacen',
  'banco central',
  'ouvidoria',
  'denúncia',
  'denunciar',
];

export interface RedFlagResult {
  readonly containsRedFlags: boolean;
  /** Terms as written in the tenant's list (or the built-in list), in order of first appearance. */
  readonly words: readonly string[];
}

/**
 * Folded term → whole-word regex. The words of a phrase may be separated by any run of spaces or
 * hyphens; the lookarounds use Unicode letters, so accented neighbours still count as letters.
 */
function termRegex(folded: string): RegExp {
  const body = folded.split(' ').map(escapeRegExp).join('[\\s-]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}]|\\.[\\p{L}\\p{N}])`, 'u');
}

// Tenant lists change rarely and repeat across messages: cache compiled regexes (bounded).
const cache = new Map<string, RegExp>();
const CACHE_LIMIT = 2000;
function compiled(folded: string): RegExp {
  let re = cache.get(folded);
  if (!re) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    re = termRegex(folded);
    cache.set(folded, re);
  }
  return re;
}

const BUILT_IN_FOLDED = BUILT_IN_RED_FLAGS.map((term) => ({ term, folded: foldText(term) }));

/**
 * Red-flag terms found in the text: the tenant's active terms plus the built-in list, matched on
 * whole words ignoring case and accents. A tenant term wins over a built-in with the same folded
 * spelling (it is reported as the tenant wrote it). Deduplicated, in order of first appearance.
 */
export function findRedFlags(text: string, tenantTerms: readonly string[] = []): RedFlagResult {
  const folded = foldText(text);
  const candidates = new Map<string, string>(); // folded → as written
  for (const term of tenantTerms) {
    const key = foldText(term);
    if (key && !candidates.has(key)) candidates.set(key, term.trim());
  }
  for (const { term, folded: key } of BUILT_IN_FOLDED) if (!candidates.has(key)) candidates.set(key, term);

  const found: Array<{ word: string; index: number; length: number }> = [];
  for (const [key, written] of candidates) {
    const match = compiled(key).exec(folded);
    if (match) found.push({ word: written, index: match.index, length: match[0].length });
  }
  // Order of appearance; at the same position the longer phrase first ("juizado especial").
  found.sort((a, b) => a.index - b.index || b.length - a.length);
  const words = found.map((f) => f.word);
  return { containsRedFlags: words.length > 0, words };
}

/** Whole-word matchers of the legal and regulator lists, for folded text. */
export const LEGAL_RE = wordsRegex(LEGAL_TERMS);
export const REGULATOR_RE = wordsRegex(REGULATOR_TERMS);
