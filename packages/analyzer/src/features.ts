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
  const normalized = normalizeCached(text);
  const folded = normalized.text
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase();
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
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
  if (polarity) {
    const positive = seen.before[0] || seen.after[0];
    const negative = seen.before[1] || seen.after[1];
    if (positive) out.add('l:+');
    if (negative) out.add('l:-');
    if (positive && negative) out.add('l:+-');
    if (contrast) {
      out.add('k:');
      if (seen.before[0]) out.add('k:+>');
      if (seen.before[1]) out.add('k:->');
      if (seen.after[0]) out.add('k:>+');
      if (seen.after[1]) out.add('k:>-');
      if (seen.before[0] && !seen.after[0]) out.add('k:+>?');
      if (seen.after[0] && !seen.before[0]) out.add('k:?>+');
    }
  }
  if (folded.includes('?')) out.add('q:?');
  if (folded.includes('!')) out.add('q:!');
  if (POSITIVE_EMOJI.test(folded)) out.add('e:+');
  if (NEGATIVE_EMOJI.test(folded)) out.add('e:-');
  if (normalized.cues.laughter) out.add('e:kkk');
  if (normalized.cues.shouting) out.add('e:caps');
  if (normalized.cues.sarcasm) out.add('e:ironia');
  if (words.length <= 2) out.add('len:short');
  else if (words.length >= 15) out.add('len:long');
  return [...out];
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

/** The packed index's ids of a text's features (features no model kept are left out). */
export function packedIds(packed: PackedModels, features: readonly string[]): Int32Array {
  const ids = new Int32Array(features.length);
  let n = 0;
  for (const feature of features) {
    const id = packed.index.get(feature);
    if (id !== undefined) ids[n++] = id;
  }
  return ids.subarray(0, n);
}

/** predictWith for the `which`-th packed model, from packedIds and the text's feature count. */
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
