/**
 * The learned part of the analyzer: two small multinomial logistic regressions (sentiment, intent)
 * over word unigrams and bigrams, character 3-grams inside words and a few cues (question mark,
 * exclamation, emoji, laughter, shouting, negation). Trained by scripts/train.ts from the labelled
 * sentences in data/train-pt.jsonl (written for this package); the weights (model.weights.json,
 * pruned, rounded) are loaded with the module, offline. Prediction is a sparse dot product:
 * deterministic and linear in the text.
 *
 * The rules keep the last word where they are specific (see message.ts for how both combine);
 * the model reads what the rules' vocabulary misses.
 */
import {
  FEATURE_OPTIONS,
  featuresOf,
  loadModel,
  type ModelPrediction,
  predictWith,
  type StoredWeights,
} from './features.ts';
import weights from './model.weights.json' with { type: 'json' };

export type { ModelPrediction } from './features.ts';

const stored = weights as StoredWeights;
if (stored.features) Object.assign(FEATURE_OPTIONS, stored.features);
export const MODEL = { sentiment: loadModel(stored.sentiment), intent: loadModel(stored.intent) };

let lastText: string | undefined;
let lastFeatures: string[] = [];
function cachedFeatures(text: string): string[] {
  if (text !== lastText) {
    lastFeatures = featuresOf(text);
    lastText = text;
  }
  return lastFeatures;
}

/**
 * Predictions to answer instead of the model's, by text: only scripts/tune-votes.ts fills it, with
 * out-of-fold predictions for the training sentences (a model must not vote on its own training
 * data while the vote weights are chosen). Empty in the product.
 */
export const PREDICTION_OVERRIDES = new Map<
  string,
  { sentiment: ModelPrediction; intent: ModelPrediction }
>();

/** The model's sentiment for a text. */
export function modelSentiment(text: string): ModelPrediction {
  if (PREDICTION_OVERRIDES.size) {
    const override = PREDICTION_OVERRIDES.get(text);
    if (override) return override.sentiment;
  }
  return predictWith(MODEL.sentiment, cachedFeatures(text));
}

/** The model's intent for a text. */
export function modelIntent(text: string): ModelPrediction {
  if (PREDICTION_OVERRIDES.size) {
    const override = PREDICTION_OVERRIDES.get(text);
    if (override) return override.intent;
  }
  return predictWith(MODEL.intent, cachedFeatures(text));
}
