import { foldText, wordsRegex } from './text.ts';

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
 * Red-flag terms as one compiled matcher: an Aho–Corasick automaton over folded text, so a
 * message is read once whatever the number of terms (linear in the text plus the matches).
 *
 * Semantics (those of the per-term regex `(?<![\p{L}\p{N}])w1[\s-]+w2…(?![\p{L}\p{N}]|\.[\p{L}\p{N}])`
 * over folded text): accent- and case-insensitive, whole words and phrases only, the words of a
 * phrase separated by any run of spaces or hyphens, no match followed by ".letter" (domains).
 *
 * A hyphen inside a term is a separator too: "check-in" also finds "check in", and leading or
 * trailing hyphens are dropped. So every term is one key and each hit costs one check: a tenant
 * cannot make matching cost grow with its number of terms (e.g. 1,000 hyphen variants of one
 * phrase, each confirmed by its own regex at every hit).
 *
 * How: the folded text is scanned with every run of spaces and hyphens read as one space (a map
 * keeps the folded positions); a term's key is its folded form read the same way, trimmed. Terms
 * with the same key are one term (the first, tenant terms before built-ins, is reported).
 */
export interface RedFlagMatcher {
  readonly kind: 'red-flag-matcher';
  /** Red flags of `text` (the whole text is read). */
  find(text: string): RedFlagResult;
  /** How many distinct folded terms, built-ins included. */
  readonly size: number;
}

interface Candidate {
  /** As reported: the tenant's spelling or the built-in's. */
  readonly written: string;
  /** Tie-break at the same position and length: tenant terms first, in the order given. */
  readonly order: number;
}

const SEPARATOR_SPACE = 0x20;
const SEPARATOR_HYPHEN = 0x2d;

/** Folded text with each run of spaces and hyphens read as one space, and the folded position of each char. */
function separatorsAsSpace(folded: string): { text: string; at: Int32Array } {
  const at = new Int32Array(folded.length + 1);
  let out = '';
  let n = 0;
  let chunkStart = 0;
  let i = 0;
  while (i < folded.length) {
    const c = folded.charCodeAt(i);
    if (c === SEPARATOR_SPACE || c === SEPARATOR_HYPHEN) {
      let j = i + 1;
      while (j < folded.length) {
        const d = folded.charCodeAt(j);
        if (d !== SEPARATOR_SPACE && d !== SEPARATOR_HYPHEN) break;
        j++;
      }
      if (c !== SEPARATOR_SPACE || j - i > 1) {
        out += folded.slice(chunkStart, i);
        out += ' ';
        chunkStart = j;
      }
      at[n++] = i;
      i = j;
    } else {
      at[n++] = i;
      i++;
    }
  }
  out += folded.slice(chunkStart);
  at[n] = folded.length;
  return { text: out, at: at.subarray(0, n + 1) };
}

function keyOf(folded: string): string {
  return folded.replace(/[ -]+/g, ' ').trim();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
function isWordCode(code: number): boolean {
  if (code < 0x80) {
    return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  }
  return WORD_CHAR.test(String.fromCodePoint(code));
}
/** The code point that ends just before `index` (a surrogate pair counts as one). */
function codePointBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}
/** The regex's lookarounds, on the text being scanned. */
function isWholeWord(text: string, start: number, end: number): boolean {
  if (start > 0 && isWordCode(codePointBefore(text, start))) return false;
  if (end < text.length) {
    const next = text.codePointAt(end) as number;
    if (isWordCode(next)) return false;
    if (next === 0x2e && end + 1 < text.length && isWordCode(text.codePointAt(end + 1) as number))
      return false;
  }
  return true;
}

class AhoCorasick {
  private readonly next: Array<Map<number, number>> = [new Map()];
  private fail = new Int32Array(1);
  /** The key ending at each state (-1: none), and the nearest state down the fail chain that ends a key. */
  private keyAt: number[] = [-1];
  private outLink = new Int32Array(1);
  readonly keyLengths: number[] = [];

  constructor(keys: readonly string[]) {
    keys.forEach((key, k) => {
      let state = 0;
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i);
        let to = this.next[state]?.get(c);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          this.keyAt.push(-1);
          this.next[state]?.set(c, to);
        }
        state = to;
      }
      this.keyAt[state] = k;
      this.keyLengths.push(key.length);
    });
    const states = this.next.length;
    this.fail = new Int32Array(states);
    this.outLink = new Int32Array(states).fill(-1);
    const queue: number[] = [];
    for (const to of (this.next[0] as Map<number, number>).values()) queue.push(to);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      for (const [c, to] of this.next[state] as Map<number, number>) {
        let f = this.fail[state] as number;
        while (f !== 0 && !this.next[f]?.has(c)) f = this.fail[f] as number;
        const target = this.next[f]?.get(c);
        const fs = target !== undefined && target !== to ? target : 0;
        this.fail[to] = fs;
        this.outLink[to] = (this.keyAt[fs] as number) >= 0 ? fs : (this.outLink[fs] as number);
        queue.push(to);
      }
    }
  }

  /** Calls `hit(key, end)` for every occurrence, in order of end (then longest first). */
  scan(text: string, hit: (key: number, end: number) => void) {
    const next = this.next;
    const fail = this.fail;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let to = next[state]?.get(c);
      while (to === undefined && state !== 0) {
        state = fail[state] as number;
        to = next[state]?.get(c);
      }
      state = to ?? 0;
      let out = (this.keyAt[state] as number) >= 0 ? state : (this.outLink[state] as number);
      while (out > 0) {
        hit(this.keyAt[out] as number, i + 1);
        out = this.outLink[out] as number;
      }
    }
  }
}

class CompiledRedFlags implements RedFlagMatcher {
  readonly kind = 'red-flag-matcher';
  private readonly automaton: AhoCorasick;
  /** The term of each key. */
  private readonly byKey: Candidate[] = [];
  readonly size: number;

  constructor(tenantTerms: readonly string[]) {
    const keys: string[] = [];
    const known = new Set<string>();
    const add = (folded: string, written: string) => {
      const key = keyOf(folded);
      if (!key || known.has(key)) return;
      known.add(key);
      keys.push(key);
      this.byKey.push({ written, order: this.byKey.length });
    };
    for (const term of tenantTerms) add(foldText(term), term.trim());
    for (const { term, folded } of BUILT_IN_FOLDED) add(folded, term);
    this.size = keys.length;
    this.automaton = new AhoCorasick(keys);
  }

  find(text: string): RedFlagResult {
    const { text: scanned, at } = separatorsAsSpace(foldText(text));
    const seen = new Set<number>();
    const found: Array<{ word: string; index: number; length: number; order: number }> = [];
    const lengths = this.automaton.keyLengths;

    this.automaton.scan(scanned, (k, end) => {
      if (seen.has(k)) return;
      const start = end - (lengths[k] as number);
      if (!isWholeWord(scanned, start, end)) return;
      const term = this.byKey[k] as Candidate;
      const index = at[start] as number;
      seen.add(k);
      found.push({
        word: term.written,
        index,
        length: (at[end - 1] as number) + 1 - index,
        order: term.order,
      });
    });

    // Order of appearance; at the same position the longer phrase first ("juizado especial").
    found.sort((a, b) => a.index - b.index || b.length - a.length || a.order - b.order);
    const words = found.map((f) => f.word);
    return { containsRedFlags: words.length > 0, words };
  }
}

const BUILT_IN_FOLDED = BUILT_IN_RED_FLAGS.map((term) => ({ term, folded: foldText(term) }));
let builtInOnly: RedFlagMatcher | undefined;

/**
 * Compiles a tenant's active terms (plus the built-in list) once; reuse the matcher for every
 * message until the terms change. A tenant term wins over a built-in with the same folded
 * spelling (it is reported as the tenant wrote it).
 */
export function compileRedFlags(tenantTerms: readonly string[] = []): RedFlagMatcher {
  if (tenantTerms.length === 0) {
    builtInOnly ??= new CompiledRedFlags([]);
    return builtInOnly;
  }
  return new CompiledRedFlags(tenantTerms);
}

/**
 * findRedFlags with a plain list compiles it once per distinct list: the last few lists are kept
 * (the same list comes back message after message). Keyed by the terms themselves, so the answer
 * is the same as compiling afresh.
 */
const RECENT_LISTS = 8;
const recentMatchers = new Map<string, RedFlagMatcher>();
function matcherFor(tenantTerms: readonly string[]): RedFlagMatcher {
  if (tenantTerms.length === 0) return compileRedFlags();
  const key = tenantTerms.join('\u0000');
  let matcher = recentMatchers.get(key);
  if (matcher) {
    recentMatchers.delete(key); // most recent last
  } else {
    matcher = compileRedFlags(tenantTerms);
    if (recentMatchers.size >= RECENT_LISTS)
      recentMatchers.delete(recentMatchers.keys().next().value as string);
  }
  recentMatchers.set(key, matcher);
  return matcher;
}

export function isRedFlagMatcher(value: unknown): value is RedFlagMatcher {
  return value instanceof CompiledRedFlags;
}

/**
 * Red-flag terms found in the text: the tenant's active terms (or their compiled matcher) plus
 * the built-in list, matched on whole words ignoring case and accents. Deduplicated, in order of
 * first appearance (at the same position the longer phrase first).
 */
export function findRedFlags(
  text: string,
  tenantTerms: readonly string[] | RedFlagMatcher = [],
): RedFlagResult {
  const matcher = isRedFlagMatcher(tenantTerms) ? tenantTerms : matcherFor(tenantTerms);
  return matcher.find(text);
}

/** Whole-word matchers of the legal and regulator lists, for folded text. */
export const LEGAL_RE = wordsRegex(LEGAL_TERMS);
export const REGULATOR_RE = wordsRegex(REGULATOR_TERMS);
