/**
 * Picks the learned part's settings (features, L2, epochs) without the held-out halves: for each
 * setting, 4-fold cross-validation on the training sentences (model only), then the model trained
 * on all of them scored on the TUNE halves of the dev sets (model only and combined with the
 * rules). Held-out rows are never read here.
 *
 *   CV_POLARITY=0,1 CV_L2=0.0003 node --import tsx packages/analyzer/scripts/cv.ts
 *   (axes: CV_CROSS, CV_INWORD, CV_POLARITY, CV_L2, CV_BALANCE, CV_EPOCHS, CV_PRUNE, CV_MINCOUNT;
 *   comma-separated)
 */

import { INTENTS, SENTIMENTS } from '../src/enums.ts';
import { FEATURE_OPTIONS, featuresOf, predictWith } from '../src/features.ts';
import { analyzeMessage } from '../src/index.ts';
import { MODEL } from '../src/model.ts';
import { DEV_FILES, loadRecords } from './dev-data.ts';
import { fnv1a } from './split.ts';
import { DEFAULT_TRAIN, loadExamples, type TrainOptions, trainModel } from './trainer.ts';

const examples = loadExamples();
const tune = (file: string) => loadRecords(file).filter((r) => r.part === 'rules');
const sets = [
  { name: 'formal sentiment', rows: tune(DEV_FILES.sentiment), field: 'sentiment' as const },
  { name: 'formal intent', rows: tune(DEV_FILES.intent), field: 'intent' as const },
  { name: 'WA sentiment', rows: tune(DEV_FILES.whatsapp), field: 'sentiment' as const },
  { name: 'WA intent', rows: tune(DEV_FILES.whatsapp), field: 'intent' as const },
];

interface Setting {
  readonly crossWordChars: number;
  readonly inWordChars: number;
  readonly polarity: number;
  readonly train: TrainOptions;
}
const pct = (x: number) => `${(100 * x).toFixed(1)}`;

function run(setting: Setting): string {
  Object.assign(FEATURE_OPTIONS, {
    crossWordChars: setting.crossWordChars,
    inWordChars: setting.inWordChars,
    polarity: setting.polarity,
  });
  const lists = examples.map((e) => featuresOf(e.text));
  const fold = examples.map((e) => fnv1a(e.text) % 4);
  const cv: Record<string, number> = {};
  for (const [key, classes] of [
    ['sentiment', SENTIMENTS],
    ['intent', INTENTS],
  ] as const) {
    let ok = 0;
    for (let f = 0; f < 4; f++) {
      const idx = examples.map((_, i) => i).filter((i) => fold[i] !== f);
      const m = trainModel(
        classes,
        idx.map((i) => lists[i] ?? []),
        idx.map((i) => examples[i]?.[key] ?? ''),
        setting.train,
      );
      examples.forEach((e, i) => {
        if (fold[i] === f && predictWith(m, lists[i] ?? []).label === e[key]) ok++;
      });
    }
    cv[key] = ok / examples.length;
  }
  const sentiment = trainModel(
    SENTIMENTS,
    lists,
    examples.map((e) => e.sentiment),
    setting.train,
  );
  const intent = trainModel(
    INTENTS,
    lists,
    examples.map((e) => e.intent),
    setting.train,
  );
  Object.assign(MODEL, { sentiment, intent });
  const cells = sets.map(({ name, rows, field }) => {
    const acc = (engine: 'model' | 'combined') =>
      rows.filter((r) => analyzeMessage(`${r.text}`, { engine })[field] === r.fields[field]).length /
      rows.length;
    return `${name} ${pct(acc('model'))}/${pct(acc('combined'))}`;
  });
  const size = sentiment.weights.size + intent.weights.size;
  return `cv s ${pct(cv.sentiment ?? 0)} i ${pct(cv.intent ?? 0)} | tune model/combined: ${cells.join(' · ')} | ${size} weights`;
}

// Each axis from the environment (comma-separated), or the defaults below.
const axis = (name: string, values: number[]) =>
  process.env[name] ? (process.env[name] ?? '').split(',').map(Number) : values;
const grid: Setting[] = [];
for (const crossWordChars of axis('CV_CROSS', [0, 4]))
  for (const inWordChars of axis('CV_INWORD', [3]))
    for (const polarity of axis('CV_POLARITY', [0, 1]))
      for (const l2 of axis('CV_L2', [0.0001, 0.0003, 0.001]))
        for (const balance of axis('CV_BALANCE', [0, 0.5]))
          for (const epochs of axis('CV_EPOCHS', [DEFAULT_TRAIN.epochs]))
            for (const prune of axis('CV_PRUNE', [DEFAULT_TRAIN.prune]))
              for (const minCount of axis('CV_MINCOUNT', [DEFAULT_TRAIN.minCount]))
                grid.push({
                  crossWordChars,
                  inWordChars,
                  polarity,
                  train: { ...DEFAULT_TRAIN, l2, balance, epochs, prune, minCount },
                });
for (const s of grid) {
  const started = Date.now();
  const line = run(s);
  console.log(
    `x${s.crossWordChars} c${s.inWordChars} p${s.polarity} l2 ${s.train.l2} balance ${s.train.balance} ep ${s.train.epochs} prune ${s.train.prune} min ${s.train.minCount}: ${line} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}
