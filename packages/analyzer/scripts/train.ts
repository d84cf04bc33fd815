/**
 * Trains the learned part of the analyzer (src/model.ts): two multinomial logistic regressions,
 * sentiment and intent, over the features of src/features.ts, from the labelled sentences in
 * data/train-pt.jsonl (written for this package, formal and WhatsApp-style pt-BR). Full-batch
 * gradient descent from zero weights in file order, L2-regularised: the same data gives the same
 * weights. Features seen fewer than twice are left out; weights under PRUNE are dropped and the rest
 * rounded, so src/model.weights.json stays small.
 *
 *   node --import tsx packages/analyzer/scripts/train.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { INTENTS, SENTIMENTS } from '../src/enums.ts';
import { featuresOf, type LinearModel, type StoredWeights, storeModel } from '../src/features.ts';

const EPOCHS = 800;
const RATE = 4;
const L2 = 0.0005;
const MIN_COUNT = 2;
const PRUNE = 0.12;

interface Example {
  readonly text: string;
  readonly sentiment: string;
  readonly intent: string;
}

const examples: Example[] = readFileSync(new URL('../data/train-pt.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Example);

const featureLists = examples.map((e) => featuresOf(e.text));
const counts = new Map<string, number>();
for (const list of featureLists) for (const f of list) counts.set(f, (counts.get(f) ?? 0) + 1);
const vocabulary = [...counts.entries()]
  .filter(([f, n]) => n >= MIN_COUNT || f.startsWith('w:') || f.startsWith('e:') || f.startsWith('q:'))
  .map(([f]) => f)
  .sort();
const index = new Map(vocabulary.map((f, i) => [f, i]));
const rows = featureLists.map((list) =>
  list.map((f) => index.get(f)).filter((i): i is number => i !== undefined),
);

function train(classes: readonly string[], labels: readonly string[]): LinearModel {
  const K = classes.length;
  const V = vocabulary.length;
  const w = new Float64Array(V * K);
  const bias = new Float64Array(K);
  const y = labels.map((label) => {
    const k = classes.indexOf(label);
    if (k < 0) throw new Error(`unknown label ${label}`);
    return k;
  });
  const n = rows.length;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const gradW = new Float64Array(V * K);
    const gradB = new Float64Array(K);
    let loss = 0;
    rows.forEach((row, r) => {
      // Scaled as at run time: by 1/√(all the text's features), known or not.
      const scale = 1 / Math.sqrt(featureLists[r]?.length || 1);
      const scores = Array.from(bias);
      for (const f of row)
        for (let k = 0; k < K; k++) scores[k] = (scores[k] ?? 0) + (w[f * K + k] ?? 0) * scale;
      const max = Math.max(...scores);
      const exp = scores.map((s) => Math.exp(s - max));
      const total = exp.reduce((a, b) => a + b, 0);
      const target = y[r] ?? 0;
      loss -= Math.log((exp[target] ?? 0) / total);
      for (let k = 0; k < K; k++) {
        const g = (exp[k] ?? 0) / total - (k === target ? 1 : 0);
        gradB[k] = (gradB[k] ?? 0) + g;
        for (const f of row) gradW[f * K + k] = (gradW[f * K + k] ?? 0) + g * scale;
      }
    });
    for (let i = 0; i < w.length; i++) w[i] = (w[i] ?? 0) - RATE * ((gradW[i] ?? 0) / n + L2 * (w[i] ?? 0));
    for (let k = 0; k < K; k++) bias[k] = (bias[k] ?? 0) - RATE * ((gradB[k] ?? 0) / n);
    if (epoch % 200 === 199) console.log(`  epoch ${epoch + 1}: loss ${(loss / n).toFixed(4)}`);
  }
  const weights = new Map<string, number[]>();
  const round = (x: number) => Math.round(x * 100) / 100;
  vocabulary.forEach((feature, f) => {
    const list = Array.from({ length: K }, (_, k) => w[f * K + k] ?? 0);
    if (Math.max(...list.map(Math.abs)) >= PRUNE) weights.set(feature, list.map(round));
  });
  return { classes, bias: Array.from(bias, round), weights };
}

console.log(`${examples.length} examples, ${vocabulary.length} features`);
console.log('sentiment');
const sentiment = train(
  SENTIMENTS,
  examples.map((e) => e.sentiment),
);
console.log('intent');
const intent = train(
  INTENTS,
  examples.map((e) => e.intent),
);
const model: StoredWeights = { version: 1, sentiment: storeModel(sentiment), intent: storeModel(intent) };
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
const json = `{\n  "version": ${model.version},\n${block('sentiment', model.sentiment, false)}\n${block('intent', model.intent, true)}\n}\n`;
writeFileSync(new URL('../src/model.weights.json', import.meta.url), json);
const kept = (m: LinearModel) => m.weights.size;
console.log(
  `wrote src/model.weights.json: ${(json.length / 1024).toFixed(0)} kB, sentiment ${kept(sentiment)} features, intent ${kept(intent)}`,
);

// Training accuracy (a sanity check only: the eval scores the dev sets).
const { predictWith } = await import('../src/features.ts');
const accuracy = (m: LinearModel, key: 'sentiment' | 'intent') =>
  examples.filter((e, i) => predictWith(m, featureLists[i] ?? []).label === e[key]).length / examples.length;
console.log(
  `training accuracy: sentiment ${accuracy(sentiment, 'sentiment').toFixed(3)}, intent ${accuracy(intent, 'intent').toFixed(3)}`,
);
