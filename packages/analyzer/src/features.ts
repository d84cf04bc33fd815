/**
 * Features and the linear scorer of the learned part (model.ts): shared by the runtime and by
 * scripts/train.ts, which must not load the weights it is about to write.
 */
import { EN_LEXICON } from './lexicon/en.ts';
import { ES_LEXICON } from './lexicon/es.ts';
import { PT_LEXICON } from './lexicon/pt.ts';
import type { SentimentLexicon } from './lexicon/types.ts';
import { normalizeCached } from './normalize.ts';

export interface LinearModel {
  readonly classes: readonly string[];
  readonly bias: readonly number[];
  /** feature → weights, one per class (pruned features are absent). */
  readonly weights: ReadonlyMap<string, readonly number[]>;
}

/** One model as stored: each row "feature w1 w2 …" (features have no spaces). */
export interface StoredModel {
  readonly classes: readonly string[];
  readonly bias: readonly number[];
  readonly rows: readonly string[];
}

export interface StoredWeights {
  readonly version: number;
  /** The feature settings the weights were trained with (FEATURE_OPTIONS). */
  readonly features?: {
    readonly crossWordChars: number;
    readonly inWordChars: number;
    readonly polarity?: number;
  };
  readonly sentiment: StoredModel;
  readonly intent: StoredModel;
  /** The escalation reason (none or a reason), version 3 on. */
  readonly escalation?: StoredModel;
}

export function loadModel(stored: StoredModel): LinearModel {
  const weights = new Map<string, number[]>();
  for (const row of stored.rows) {
    const [feature = '', ...values] = row.split(' ');
    weights.set(feature, values.map(Number));
  }
  return { classes: stored.classes, bias: stored.bias, weights };
}

export function storeModel(model: LinearModel): StoredModel {
  const rows = [...model.weights.entries()].map(([feature, values]) => `${feature} ${values.join(' ')}`);
  return { classes: model.classes, bias: model.bias, rows };
}

const POSITIVE_EMOJI = /[😀😃😄😁😊🙂😍🥰😘👍👏🙏❤💙💚🤩🎉✅🥳😎💯🤗🙌⭐]/u;
const NEGATIVE_EMOJI = /[😡😠🤬😤😞😢😭😩😫👎😒🙄💩😔😕💔🤦😑😓😰😖😣]/u;
// Portuguese, then English ("didn't" reads "didn t": the word before the apostrophe; a lone "t"
// is Portuguese chat for "te") and Spanish; Spanish "no" is left out: in Portuguese it is "in the".
const NEGATORS = new Set([
  ...['nao', 'nem', 'nunca', 'jamais', 'ninguem', 'nada', 'sem'],
  ...['not', 'never', 'nobody', 'nothing', 'without', 'cannot'],
  ...['don', 'didn', 'doesn', 'isn', 'wasn', 'aren', 'weren', 'couldn', 'wouldn', 'shouldn', 'haven', 'hasn'],
  ...['nadie', 'ningun', 'ninguna', 'tampoco', 'sin'],
]);

/**
 * Which feature families featuresOf produces (scripts/cv.ts compares settings; the runtime uses
 * the ones the weights were trained with).
 */
export const FEATURE_OPTIONS = {
  /** Character n-grams across word boundaries over the folded words ("_" for a space); 0: none. */
  crossWordChars: 0,
  /** Character n-grams inside words of 4+ letters; 0: none. */
  inWordChars: 3,
  /**
   * 1: opinion-word polarity (the domain lexicon's single words, negation-aware) and its place
   * around a contrast ("amei, mas veio torto"): praise and a problem in one message is what a
   * linear model over words alone reads as positive; 0: none.
   */
  polarity: 0,
};

/** Words and pairs that turn a message around ("gostei, só que…", "tirando a demora, …"). */
const CONTRASTS = new Set([
  'mas',
  'porem',
  'contudo',
  'entretanto',
  'todavia',
  'tirando',
  'apesar',
  'embora',
  'so_que',
  'so_q',
  'pena_que',
  'fora_isso',
  'unica_coisa',
  'unico_problema',
  'mesmo_assim',
  'pelo_menos',
  'menos_o',
  'menos_a',
  ...['but', 'however', 'although', 'though', 'except'],
  ...['pero', 'aunque', 'sin_embargo'],
]);

/**
 * Words already looked up (bounded: cleared when it grows past 50,000 words). Only words of at
 * most 12 characters are kept: V8 stores longer slices as views into the whole message, so
 * caching them would pin every message they came from.
 */
const polarities = new Map<string, number>();
const MAX_CACHED_WORD = 12;

/** +1 / −1 for a single-word opinion term of the domain lexicon (prefix entries too), else 0. */
function polarityOf(word: string): number {
  if (word.length > MAX_CACHED_WORD) return lexiconPolarity(word);
  const known = polarities.get(word);
  if (known !== undefined) return known;
  if (polarities.size > 50_000) polarities.clear();
  const sign = lexiconPolarity(word);
  polarities.set(word, sign);
  return sign;
}

/** Whether a word's polarity is kept in the cache (for tests of the memory bound). */
export function polarityCached(word: string): boolean {
  return polarities.has(word);
}

// The languages the model is trained on, Portuguese first: a word none of them knows has none.
const POLARITY_LEXICONS: readonly SentimentLexicon[] = [PT_LEXICON, ES_LEXICON, EN_LEXICON];
// Spanish opinion words that are other, common words in Portuguese (a suitcase, a route, a face).
const FALSE_FRIENDS = new Set(['mala', 'malas', 'rota', 'rotas', 'cara', 'caras']);

function lexiconPolarity(word: string): number {
  for (const lexicon of POLARITY_LEXICONS) {
    if (lexicon !== PT_LEXICON && FALSE_FRIENDS.has(word)) return 0;
    let entry = lexicon.entries.get(word);
    if (!entry)
      for (const n of lexicon.stemLengths) {
        if (n > word.length) continue;
        entry = lexicon.stems.get(word.slice(0, n));
        if (entry) break;
      }
    if (entry) return entry.kind === 'term' ? Math.sign(entry.score) : 0;
  }
  return 0;
}

/**
 * The features of a text (a set: each counts once). The text is rewritten as the rules read it
 * (normalize.ts), folded (lower case, no accents) and cut into words.
 */
export function featuresOf(text: string): string[] {
  const folded = foldedText(text);
  const words = wordsOf(folded);
  const out = new Set<string>();
  let previous = '^';
  let negated = 0;
  const polarity = FEATURE_OPTIONS.polarity > 0;
  // Opinion polarity before and after the first contrast: [before, after] × [+, −].
  let contrast = false;
  const seen = { before: [false, false], after: [false, false] };
  for (const word of words) {
    out.add(`w:${word}`);
    out.add(`b:${previous}_${word}`);
    if (polarity) {
      if (CONTRASTS.has(word) || CONTRASTS.has(`${previous}_${word}`)) contrast = true;
      const sign = polarityOf(word) * (negated > 0 ? -1 : 1);
      if (sign) (contrast ? seen.after : seen.before)[sign > 0 ? 0 : 1] = true;
    }
    // A word within three words of a negator is also read as negated ("nao esta funcionando").
    if (negated > 0) out.add(`n:${word}`);
    negated = NEGATORS.has(word) ? 3 : Math.max(0, negated - 1);
    previous = word;
    const n = FEATURE_OPTIONS.inWordChars;
    if (n && word.length >= 4 && !/\d/.test(word)) {
      const padded = `<${word}>`;
      for (let i = 0; i + n <= padded.length; i++) out.add(`c:${padded.slice(i, i + n)}`);
    }
  }
  const x = FEATURE_OPTIONS.crossWordChars;
  if (x) {
    const joined = `_${words.map((word) => (/\d/.test(word) ? '0' : word)).join('_')}_`;
    for (let i = 0; i + x <= joined.length; i++) out.add(`x:${joined.slice(i, i + x)}`);
  }
  out.add(`b:${previous}_$`);
  for (const key of cueFeatures(text, folded, words, polarity ? seen : undefined, contrast)) out.add(key);
  return [...out];
}

/** The text as the features read it: rewritten as the rules read it (normalize.ts) and folded. */
function foldedText(text: string): string {
  return normalizeCached(text)
    .text.normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase();
}
const wordsOf = (folded: string): string[] => folded.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The features after the words: opinion polarity around a contrast, punctuation, emoji, the
 * normalizer's cues and length.
 */
function cueFeatures(
  text: string,
  folded: string,
  words: readonly string[],
  seen: { before: boolean[]; after: boolean[] } | undefined,
  contrast: boolean,
): string[] {
  const out: string[] = [];
  if (seen) {
    const positive = seen.before[0] || seen.after[0];
    const negative = seen.before[1] || seen.after[1];
    if (positive) out.push('l:+');
    if (negative) out.push('l:-');
    if (positive && negative) out.push('l:+-');
    if (contrast) {
      out.push('k:');
      if (seen.before[0]) out.push('k:+>');
      if (seen.before[1]) out.push('k:->');
      if (seen.after[0]) out.push('k:>+');
      if (seen.after[1]) out.push('k:>-');
      if (seen.before[0] && !seen.after[0]) out.push('k:+>?');
      if (seen.after[0] && !seen.before[0]) out.push('k:?>+');
    }
  }
  const normalized = normalizeCached(text);
  if (folded.includes('?')) out.push('q:?');
  if (folded.includes('!')) out.push('q:!');
  if (POSITIVE_EMOJI.test(folded)) out.push('e:+');
  if (NEGATIVE_EMOJI.test(folded)) out.push('e:-');
  if (normalized.cues.laughter) out.push('e:kkk');
  if (normalized.cues.shouting) out.push('e:caps');
  if (normalized.cues.sarcasm) out.push('e:ironia');
  if (words.length <= 2) out.push('len:short');
  else if (words.length >= 15) out.push('len:long');
  return out;
}

export interface ModelPrediction {
  readonly label: string;
  /** Softmax probability of the label. */
  readonly probability: number;
  /** Probabilities by class, in the model's class order. */
  readonly probabilities: readonly number[];
}

/** Softmax over the classes' scores for the given features (each present feature counts once). */
export function predictWith(model: LinearModel, features: readonly string[]): ModelPrediction {
  const sums = model.bias.map(() => 0);
  for (const feature of features) {
    const w = model.weights.get(feature);
    if (!w) continue;
    for (let k = 0; k < sums.length; k++) sums[k] = (sums[k] ?? 0) + (w[k] ?? 0);
  }
  return softmax(model.classes, model.bias, sums, features.length);
}

/**
 * Models packed for the runtime: one feature index shared by all of them and each model's weights
 * as one dense row per indexed feature (0 where it pruned the feature), so a text's features are
 * looked up once for every model. Answers exactly what predictWith answers.
 */
export interface PackedModels {
  readonly index: ReadonlyMap<string, number>;
  readonly models: ReadonlyArray<{ readonly model: LinearModel; readonly rows: Float64Array }>;
}

export function packModels(models: readonly LinearModel[]): PackedModels {
  const index = new Map<string, number>();
  for (const model of models)
    for (const feature of model.weights.keys()) if (!index.has(feature)) index.set(feature, index.size);
  return {
    index,
    models: models.map((model) => {
      const width = model.classes.length;
      const rows = new Float64Array(index.size * width);
      for (const [feature, w] of model.weights)
        rows.set(w.slice(0, width), (index.get(feature) ?? 0) * width);
      return { model, rows };
    }),
  };
}

/**
 * What featuresOf(text) answers, as the packed models read it — the packed ids of the features
 * some model kept, in featuresOf's order, and how many distinct features the text has — without
 * building every feature as a string: a word's own features (its word, negated word, character
 * n-grams, the cross-word n-grams inside it, its polarity) are looked up once and kept (bounded);
 * only the word pairs and the cross-word n-grams that span two words are built per message.
 * The runtime's path (model.ts; about half featuresOf's time); the tests hold it to featuresOf.
 */
export class PackedFeatureReader {
  private readonly index: ReadonlyMap<string, number>;
  /** Per message: which known ids were seen (a stamp per id, the message's number). */
  private readonly seenAt: Int32Array;
  private stamp = 0;
  private readonly unknown = new Set<string>();
  private readonly words = new Map<string, WordFeatures>();
  /** The message's known ids so far (found of them). */
  private ids = new Int32Array(256);
  private found = 0;
  private settings = '';

  constructor(packed: PackedModels) {
    this.index = packed.index;
    this.seenAt = new Int32Array(packed.index.size);
  }

  read(text: string): { ids: Int32Array; count: number } {
    // Words were kept as the feature settings had them (scripts may change the settings).
    const settings = `${FEATURE_OPTIONS.inWordChars} ${FEATURE_OPTIONS.crossWordChars} ${FEATURE_OPTIONS.polarity}`;
    if (settings !== this.settings) {
      this.words.clear();
      this.settings = settings;
    }
    const folded = foldedText(text);
    const words = wordsOf(folded);
    this.stamp++;
    if (this.stamp === 0x7fffffff) {
      this.seenAt.fill(0);
      this.stamp = 1;
    }
    this.unknown.clear();
    this.found = 0;
    const polarity = FEATURE_OPTIONS.polarity > 0;
    let contrast = false;
    const seen = { before: [false, false], after: [false, false] };
    let previous = '^';
    let negated = 0;
    const entries: WordFeatures[] = [];
    for (const word of words) {
      const entry = this.entryOf(word);
      entries.push(entry);
      this.add(entry, 0, 1);
      const pair = `b:${previous}_${word}`;
      this.addKey(pair);
      if (polarity) {
        if (CONTRASTS.has(word) || CONTRAST_PAIRS.has(pair)) contrast = true;
        const sign = entry.polarity * (negated > 0 ? -1 : 1);
        if (sign) (contrast ? seen.after : seen.before)[sign > 0 ? 0 : 1] = true;
      }
      if (negated > 0) this.add(entry, 1, 2);
      negated = NEGATORS.has(word) ? 3 : Math.max(0, negated - 1);
      previous = word;
      this.add(entry, 2, entry.crossStart);
    }
    const x = FEATURE_OPTIONS.crossWordChars;
    if (x) {
      // The cross-word n-grams in order: those inside one word's "_word_" come from its entry,
      // those with a "_" inside them span two words and are built here.
      const joined = `_${entries.map(crossTokenOf).join('_')}_`;
      let k = -1;
      for (let i = 0; i + x <= joined.length; i++) {
        if (joined.charCodeAt(i) === UNDERSCORE) k++;
        // Single characters (x = 1) are all read one by one: their word steps would skip the "_".
        let inside = x > 1;
        for (let j = i + 1; j < i + x - 1; j++) if (joined.charCodeAt(j) === UNDERSCORE) inside = false;
        if (!inside) {
          this.addKey(`x:${joined.slice(i, i + x)}`);
          continue;
        }
        // The first n-gram inside word k (i is its leading "_"): all of them at once.
        const entry = entries[k] as WordFeatures;
        this.add(entry, entry.crossStart, entry.ids.length);
        i += entry.crossToken.length + 2 - x;
      }
    }
    this.addKey(`b:${previous}_$`);
    for (const key of cueFeatures(text, folded, words, polarity ? seen : undefined, contrast))
      this.addKey(key);
    return { ids: this.ids.slice(0, this.found), count: this.found + this.unknown.size };
  }

  /** A word's features from..to (its entry's order), each once per message. */
  private add(entry: WordFeatures, from: number, to: number): void {
    for (let j = from; j < to; j++) {
      const id = entry.ids[j] as number;
      if (id < 0) this.unknown.add(entry.unknownKeys[-id - 1] as string);
      else this.addId(id);
    }
  }

  private addKey(key: string): void {
    const id = this.index.get(key);
    if (id === undefined) this.unknown.add(key);
    else this.addId(id);
  }

  private addId(id: number): void {
    if (this.seenAt[id] === this.stamp) return;
    this.seenAt[id] = this.stamp;
    if (this.found === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.found++] = id;
  }

  private entryOf(word: string): WordFeatures {
    // Words over 12 characters are views into the whole message (see polarityOf): not kept.
    if (word.length > MAX_CACHED_WORD) return wordFeatures(word, this.index);
    let entry = this.words.get(word);
    if (!entry) {
      if (this.words.size >= MAX_CACHED_WORDS) this.words.clear();
      entry = wordFeatures(word, this.index);
      this.words.set(word, entry);
    }
    return entry;
  }
}

/** About 1.4 kB a word (its keys, ids and entry): 7 MB at most. */
const MAX_CACHED_WORDS = 5_000;
const UNDERSCORE = 95;
const crossTokenOf = (entry: WordFeatures) => entry.crossToken;
const CONTRAST_PAIRS = new Set([...CONTRASTS].filter((c) => c.includes('_')).map((c) => `b:${c}`));

/**
 * A word's own features as featuresOf emits them: [w:word, n:word, c:… n-grams, x:… n-grams
 * inside "_word_"], as packed ids, or −(k + 1) for the k-th of those no model kept.
 */
interface WordFeatures {
  readonly ids: Int32Array;
  readonly unknownKeys: readonly string[];
  /** Where the cross-word n-grams start in ids. */
  readonly crossStart: number;
  /** The word as the cross-word n-grams read it ("0" for a word with a digit) and their n. */
  readonly crossToken: string;
  readonly polarity: number;
}

function wordFeatures(word: string, index: ReadonlyMap<string, number>): WordFeatures {
  const keys = [`w:${word}`, `n:${word}`];
  const n = FEATURE_OPTIONS.inWordChars;
  const digit = /\d/.test(word);
  if (n && word.length >= 4 && !digit) {
    const padded = `<${word}>`;
    for (let i = 0; i + n <= padded.length; i++) keys.push(`c:${padded.slice(i, i + n)}`);
  }
  const crossStart = keys.length;
  const x = FEATURE_OPTIONS.crossWordChars;
  const crossToken = digit ? '0' : word;
  if (x) {
    const wrapped = `_${crossToken}_`;
    for (let i = 0; i + x <= wrapped.length; i++) keys.push(`x:${wrapped.slice(i, i + x)}`);
  }
  const polarity = FEATURE_OPTIONS.polarity > 0 ? polarityOf(word) : 0;
  const unknownKeys: string[] = [];
  const ids = Int32Array.from(keys, (key) => index.get(key) ?? -unknownKeys.push(key));
  return {
    ids,
    unknownKeys,
    crossStart,
    crossToken,
    polarity,
  };
}

/** predictWith for the `which`-th packed model, from PackedFeatureReader's ids and feature count. */
export function predictPacked(
  packed: PackedModels,
  which: number,
  ids: Int32Array,
  featureCount: number,
): ModelPrediction {
  const entry = packed.models[which];
  if (!entry) throw new Error(`no packed model ${which}`);
  const { model, rows } = entry;
  const width = model.classes.length;
  // Typed arrays and plain indices: this loop runs for every known feature of every message.
  const sums = new Float64Array(width);
  for (let i = 0; i < ids.length; i++) {
    const base = (ids[i] as number) * width;
    for (let k = 0; k < width; k++) sums[k] = (sums[k] as number) + (rows[base + k] as number);
  }
  return softmax(model.classes, model.bias, Array.from(sums), featureCount);
}

function softmax(
  classes: readonly string[],
  bias: readonly number[],
  sums: readonly number[],
  featureCount: number,
): ModelPrediction {
  // Feature values are 1/√(number of features): long and short texts weigh alike.
  const scale = 1 / Math.sqrt(featureCount || 1);
  const scores = sums.map((s, k) => (bias[k] ?? 0) + s * scale);
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const total = exp.reduce((a, b) => a + b, 0);
  const probabilities = exp.map((e) => e / total);
  let best = 0;
  for (let k = 1; k < probabilities.length; k++)
    if ((probabilities[k] ?? 0) > (probabilities[best] ?? 0)) best = k;
  return { label: classes[best] ?? '', probability: probabilities[best] ?? 0, probabilities };
}
