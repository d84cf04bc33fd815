/**
 * Trains the learned part of the analyzer (src/model.ts): three multinomial logistic regressions,
 * sentiment, intent and the escalation reason (none or one of ESCALATION_REASONS: only the
 * sentences that label escalation), over the features of src/features.ts, from the labelled
 * sentences in data/train-*.jsonl (written for this package: formal and WhatsApp-style pt-BR,
 * WhatsApp-style English and Spanish; nothing from ../shared). Full-batch Adam from zero weights, L2-regularised
 * (scripts/trainer.ts): the same data gives the same weights. Weights under the prune threshold
 * are dropped and the rest rounded, so src/model.weights.json stays small. The settings below were
 * chosen by scripts/cv.ts (cross-validation on the training data and the tune halves only).
 *
 *   node --import tsx packages/analyzer/scripts/train.ts
 */
import { writeFileSync } from 'node:fs';
import { ESCALATION_CLASSES } from '../src/combine.ts';
import { INTENTS, SENTIMENTS } from '../src/enums.ts';
import {
  FEATURE_OPTIONS,
  featuresOf,
  type LinearModel,
  predictWith,
  type StoredWeights,
  storeModel,
} from '../src/features.ts';
import { DEFAULT_TRAIN, ESCALATION_TRAIN, INTENT_TRAIN, loadExamples, trainModel } from './trainer.ts';

export const FEATURES = { crossWordChars: 4, inWordChars: 3, polarity: 1 };
Object.assign(FEATURE_OPTIONS, FEATURES);

const examples = loadExamples();
const featureLists = examples.map((e) => featuresOf(e.text));
console.log(`${examples.length} examples`);
console.log('sentiment');
const sentiment = trainModel(
  SENTIMENTS,
  featureLists,
  examples.map((e) => e.sentiment),
  DEFAULT_TRAIN,
  true,
);
console.log('intent');
const intent = trainModel(
  INTENTS,
  featureLists,
  examples.map((e) => e.intent),
  INTENT_TRAIN,
  true,
);
console.log('escalation');
const labelled = examples.flatMap((e, i) => (e.escalate === undefined ? [] : [i]));
const escalation = trainModel(
  ESCALATION_CLASSES,
  labelled.map((i) => featureLists[i] ?? []),
  labelled.map((i) => (examples[i]?.escalate ? (examples[i]?.reason ?? 'none') : 'none')),
  ESCALATION_TRAIN,
  true,
);
const escalationStored = storeModel(escalation);
const model: StoredWeights = {
  version: 3,
  features: FEATURES,
  sentiment: storeModel(sentiment),
  intent: storeModel(intent),
  escalation: escalationStored,
};
// Laid out as the repository's formatter (Biome) writes it: one row per line.
const field = (key: string, values: readonly (string | number)[]) => {
  const line = `    "${key}": [${values.map((v) => JSON.stringify(v)).join(', ')}],`;
  if (line.length <= 110) return line;
  return [`    "${key}": [`, values.map((v) => `      ${JSON.stringify(v)}`).join(',\n'), '    ],'].join(
    '\n',
  );
};
const block = (name: string, m: ReturnType<typeof storeModel>, last: boolean) =>
  [
    `  ${JSON.stringify(name)}: {`,
    field('classes', m.classes),
    field('bias', m.bias),
    '    "rows": [',
    m.rows.map((row) => `      ${JSON.stringify(row)}`).join(',\n'),
    '    ]',
    `  }${last ? '' : ','}`,
  ].join('\n');
const json = `{\n  "version": ${model.version},\n  "features": ${JSON.stringify(FEATURES)
  .replace(/([{,:])/g, '$1 ')
  .replace(
    /}$/,
    ' }',
  )},\n${block('sentiment', model.sentiment, false)}\n${block('intent', model.intent, false)}\n${block('escalation', escalationStored, true)}\n}\n`;
writeFileSync(new URL('../src/model.weights.json', import.meta.url), json);
const kept = (m: LinearModel) => m.weights.size;
console.log(
  `wrote src/model.weights.json: ${(json.length / 1024).toFixed(0)} kB, sentiment ${kept(sentiment)} features, intent ${kept(intent)}, escalation ${kept(escalation)} (${labelled.length} sentences)`,
);

// Training accuracy (a sanity check only: the eval scores the dev sets).
const accuracy = (m: LinearModel, key: 'sentiment' | 'intent') =>
  examples.filter((e, i) => predictWith(m, featureLists[i] ?? []).label === e[key]).length / examples.length;
console.log(
  `training accuracy: sentiment ${accuracy(sentiment, 'sentiment').toFixed(3)}, intent ${accuracy(intent, 'intent').toFixed(3)}`,
);
