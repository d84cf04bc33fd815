// Its own entry too (@atende/analyzer/text): the server's main thread needs only folding, and
// importing the index would load the whole analyzer (lexicons, language models) with it.
/**
 * Folds text for matching: lower case, accents removed (ç→c, ã→a), whitespace collapsed.
 * "Reclame AQUI" and "reclame aqui", "justiça" and "justica" fold to the same string.
 */
export function foldText(text: string): string {
  // One message is folded by several rule families in a row: remember the last answer.
  if (text === lastFoldInput) return lastFoldOutput;
  const folded = text
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  lastFoldInput = text;
  lastFoldOutput = folded;
  return folded;
}
let lastFoldInput = '';
let lastFoldOutput = '';

/** Punctuation that ends a clause; a line break counts as a full stop. */
const BOUNDARY = new Set(['.', '!', '?', ';', ',', ':', '\n']);

// Words are runs of letters/digits; hyphens and apostrophes split words ("mal-educado" → mal educado).
const TOKEN_RE = /[\p{L}\p{N}]+|[.!?;,:\n]/gu;
// "muitoooo", "pessimooo", "adoreiiii": runs of 3+ equal letters are elongation, not spelling.
const ELONGATION_RE = /(\p{L})\1{2,}/gu;

/**
 * Splits text into folded word tokens and single-character boundary tokens (see BOUNDARY).
 * Case and accents are folded here (not whitespace, so line breaks survive as boundaries).
 */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase()
    .replace(/\r\n?/g, '\n');
  const tokens: string[] = [];
  for (const match of folded.matchAll(TOKEN_RE)) {
    const token = match[0];
    if (token.length > 3 && !/^\d+$/.test(token) && !/^k+$/.test(token)) {
      tokens.push(token.replace(ELONGATION_RE, '$1'));
    } else tokens.push(token);
  }
  return tokens;
}

export function isBoundary(token: string): boolean {
  return BOUNDARY.has(token);
}

/** Share of upper-case letters among the letters (0 when there are fewer than 6 letters). */
export function capsRatio(text: string): number {
  let letters = 0;
  let upper = 0;
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const up = ch.toUpperCase();
    if (lower === up) continue; // not a cased letter
    letters++;
    if (ch === up) upper++;
  }
  return letters < 6 ? 0 : upper / letters;
}

/** Counts letters (any script), the measure of "too short to judge". */
export function letterCount(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/\p{L}/gu)) count++;
  return count;
}

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A regex matching any of the folded phrases as whole words in folded text. Words of a phrase
 * may be separated by any whitespace or hyphen; word boundaries are Unicode-aware (accents are
 * folded first, but ß, ø or digits still count as word characters).
 */
export function wordsRegex(phrases: readonly string[], flags = 'u'): RegExp {
  const alternatives = phrases
    .map((p) => foldText(p))
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((p) => p.split(' ').map(escapeRegExp).join('[\\s-]+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, flags);
}
