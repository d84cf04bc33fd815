/**
 * The learned part of the analyzer: three small multinomial logistic regressions (sentiment,
 * intent, escalation reason) over word unigrams and bigrams, character n-grams and a few cues
 * (question mark, exclamation, emoji, laughter, shouting, negation, opinion polarity). Trained by
 * scripts/train.ts from the labelled sentences in data/train-*.jsonl (written for this package,
 * Portuguese, English and Spanish); the weights (model.weights.json,
 * pruned, rounded) are loaded with the module, offline. Prediction is a sparse dot product:
 * deterministic and linear in the text.
 *
 * The rules keep the last word where they are specific (see message.ts for how both combine);
 * the model reads what the rules' vocabulary misses.
 */

import type { Language } from './enums.ts';
import {
  FEATURE_OPTIONS,
  featuresOf,
  type LinearModel,
  loadModel,
  type ModelPrediction,
  PackedFeatureReader,
  packModels,
  predictPacked,
  predictWith,
  type StoredModel,
  type StoredWeights,
} from './features.ts';
import weights from './model.weights.json' with { type: 'json' };
import { foldText } from './text.ts';

export type { ModelPrediction } from './features.ts';

const stored = weights as StoredWeights;
if (stored.features) Object.assign(FEATURE_OPTIONS, stored.features);
const none: StoredModel = { classes: ['none'], bias: [0], rows: [] };
export const MODEL = {
  sentiment: loadModel(stored.sentiment),
  intent: loadModel(stored.intent),
  escalation: loadModel(stored.escalation ?? none),
};

/**
 * The languages of the training sentences (data/train-*.jsonl: Portuguese, and WhatsApp-style
 * English and Spanish): the model answers these; a message in another language gets the rules.
 */
export const MODEL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['pt', 'pt-BR', 'en', 'es']);

// The product's three models share one feature lookup (features.ts, packModels).
const PACKED = packModels([MODEL.sentiment, MODEL.intent, MODEL.escalation]);
const [SENTIMENT, INTENT, ESCALATION] = [0, 1, 2];

const READER = new PackedFeatureReader(PACKED);

/** The last text's packed feature ids and feature count: each model reads the same message once. */
let lastText: string | undefined;
let lastRead: { ids: Int32Array; count: number } = { ids: new Int32Array(0), count: 0 };
function predictProduct(which: number, text: string): ModelPrediction {
  if (text !== lastText) {
    lastRead = READER.read(text);
    lastText = text;
  }
  return predictPacked(PACKED, which, lastRead.ids, lastRead.count);
}

/**
 * Predictions to answer instead of the model's, by text: only scripts/tune-votes.ts fills it, with
 * out-of-fold predictions for the training sentences (a model must not vote on its own training
 * data while the vote weights are chosen). Empty in the product.
 */
export const PREDICTION_OVERRIDES = new Map<
  string,
  { sentiment: ModelPrediction; intent: ModelPrediction; escalation?: LinearModel }
>();

/** The model's sentiment for a text. */
export function modelSentiment(text: string): ModelPrediction {
  if (PREDICTION_OVERRIDES.size) {
    const override = PREDICTION_OVERRIDES.get(text);
    if (override) return override.sentiment;
  }
  return predictProduct(SENTIMENT, text);
}

/** The model's intent for a text. */
export function modelIntent(text: string): ModelPrediction {
  if (PREDICTION_OVERRIDES.size) {
    const override = PREDICTION_OVERRIDES.get(text);
    if (override) return override.intent;
  }
  return predictProduct(INTENT, text);
}

/** The escalation model's reading: the likeliest reason, the chance of any reason and its words. */
export interface EscalationPrediction {
  readonly reason: string;
  /** The chance that one of the reasons asked about holds (all of them: 1 − P(none)). */
  readonly probability: number;
  /** The text's words and word pairs that weigh most for that reason (folded, as read). */
  readonly words: readonly string[];
}

/**
 * An escalation model's likeliest class among `reasons` (default: every class but "none", the
 * first) and the chance that one of them holds. scripts/cv-escalation.ts scores its fold models
 * with it.
 */
export function reasonChance(
  model: LinearModel,
  features: readonly string[],
  reasons?: ReadonlySet<string>,
  prediction: ModelPrediction = predictWith(model, features),
): { best: number; probability: number } {
  const p = prediction.probabilities;
  let best = -1;
  let probability = 0;
  model.classes.forEach((label, k) => {
    if (k === 0 || (reasons && !reasons.has(label))) return;
    probability += p[k] ?? 0;
    if (best < 0 || (p[k] ?? 0) > (p[best] ?? 0)) best = k;
  });
  return { best, probability };
}

/**
 * The likeliest of `reasons` (default: every class but "none") and the chance that one of them
 * holds, with the words behind it.
 */
export function modelEscalation(text: string, reasons?: ReadonlySet<string>): EscalationPrediction {
  const model = (PREDICTION_OVERRIDES.size && PREDICTION_OVERRIDES.get(text)?.escalation) || MODEL.escalation;
  const { classes, weights } = model;
  const features = featuresOf(text);
  const prediction = model === MODEL.escalation ? predictProduct(ESCALATION, text) : undefined;
  const { best, probability } = reasonChance(model, features, reasons, prediction);
  if (best < 0) return { reason: 'none', probability: 0, words: [] };
  // Words of three letters or fewer ("meu", "vez", "que o") say little: a word of four letters or more.
  const strongest = features
    .filter((f) => (f.startsWith('b:') || f.startsWith('w:')) && /[a-z]{4}/.test(f))
    .map((f) => ({ f, w: (weights.get(f)?.[best] ?? 0) - (weights.get(f)?.[0] ?? 0) }))
    .filter((x) => x.w > 0)
    .sort((a, b) => b.w - a.w || (a.f < b.f ? -1 : 1))
    .map((x) =>
      x.f
        .slice(2)
        .split('_')
        .filter((w) => w !== '^' && w !== '$')
        .join(' '),
    );
  // Only what the customer wrote is quoted (features read the rewritten text: "vc" → "você"), and
  // a word already inside a quoted pair is not quoted again.
  const written = ` ${(foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;
  const words: string[] = [];
  for (const w of strongest) {
    if (words.length >= 3) break;
    if (!written.includes(` ${w} `)) continue;
    const overlaps = (q: string) => ` ${q} `.includes(` ${w} `) || ` ${w} `.includes(` ${q} `);
    if (!words.some(overlaps)) words.push(w);
  }
  return { reason: classes[best] ?? 'none', probability, words };
}
