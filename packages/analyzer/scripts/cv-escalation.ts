/**
 * Should a learned escalation-reason model add reasons the rules missed? A multinomial logistic
 * regression over the features of src/features.ts predicting none or one of the ten reasons,
 * trained on our sentences that label escalation. 4-fold out-of-fold on those sentences, then
 * (trained on all of them) on the tune halves and data/paraphrases.jsonl: the rules alone against
 * the rules plus the model's reason where its probability reaches each threshold. Never reads the
 * held-out halves.
 *
 *   node --import tsx packages/analyzer/scripts/cv-escalation.ts
 */
import { readFileSync } from 'node:fs';
import { ESCALATION_CLASSES, LEARNED_REASONS } from '../src/combine.ts';
import { featuresOf, type LinearModel } from '../src/features.ts';
import { analyzeTicket } from '../src/index.ts';
import { reasonChance } from '../src/model.ts';
import { binaryScores, DEV_FILES, loadRecords } from './dev-data.ts';
import { FOLDS, foldOf } from './oof.ts';
import { ESCALATION_TRAIN, loadExamples, type TrainOptions, trainModel } from './trainer.ts';

const CLASSES = ESCALATION_CLASSES;
// The rules' own answer (the script adds the model's per threshold).
const rulesOf = (text: string) => {
  const t = analyzeTicket(text, { engine: 'rules' });
  const unhappy = t.overall_sentiment === 'negative' || t.overall_sentiment === 'mixed';
  return { rules: t.requires_escalation, unhappy, positive: t.overall_sentiment === 'positive' };
};
const THRESHOLDS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const options: TrainOptions = {
  ...ESCALATION_TRAIN,
  l2: Number(process.env.ESC_L2 ?? ESCALATION_TRAIN.l2),
  balance: Number(process.env.ESC_BALANCE ?? 0),
};

const labelled = loadExamples().filter((e) => e.escalate !== undefined);
const lists = labelled.map((e) => featuresOf(e.text));
const target = labelled.map((e) => (e.escalate ? (e.reason ?? 'none') : 'none'));
console.log(`${labelled.length} labelled sentences, ${target.filter((t) => t !== 'none').length} escalate`);

interface Case {
  readonly escalate: boolean;
  readonly rules: boolean;
  readonly unhappy: boolean;
  readonly positive: boolean;
  readonly probability: number;
  readonly reason: string;
}
function report(name: string, cases: readonly Case[]) {
  const truth = cases.map((c) => c.escalate);
  const line = (label: string, predicted: boolean[]) => {
    const s = binaryScores(truth, predicted);
    return `${label} P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (FP ${s.fp}, FN ${s.fn})`;
  };
  console.log(`\n## ${name} (${cases.length}, ${truth.filter(Boolean).length} escalate)`);
  console.log(
    line(
      'rules        ',
      cases.map((c) => c.rules),
    ),
  );
  for (const t of THRESHOLDS)
    console.log(
      `${line(
        `+model ≥ ${t.toFixed(2)}`,
        cases.map((c) => c.rules || (c.unhappy && c.reason !== 'none' && c.probability >= t)),
      )} | not positive (the product): ${line(
        '',
        cases.map((c) => c.rules || (!c.positive && c.reason !== 'none' && c.probability >= t)),
      )}`,
    );
}

// As the product (combine.ts): the chance of a reason the model may add decides; the likeliest
// of those is the one named.
const predictOf = (model: LinearModel, features: readonly string[]) => {
  const { best, probability } = reasonChance(model, features, LEARNED_REASONS);
  return { reason: CLASSES[best] ?? 'none', probability };
};

// Out-of-fold on our labelled sentences.
const oof: Case[] = [];
const fold = labelled.map((e) => foldOf(e.text));
for (let f = 0; f < FOLDS; f++) {
  const idx = labelled.map((_, i) => i).filter((i) => fold[i] !== f);
  const model = trainModel(
    CLASSES,
    idx.map((i) => lists[i] ?? []),
    idx.map((i) => target[i] ?? 'none'),
    options,
  );
  labelled.forEach((e, i) => {
    if (fold[i] !== f) return;
    oof.push({
      escalate: e.escalate === true,
      ...rulesOf(e.text),
      ...predictOf(model, lists[i] ?? []),
    });
  });
}
report('ours, out-of-fold', oof);

const model = trainModel(CLASSES, lists, target, options);
console.log(`\n(all-data model: ${model.weights.size} features kept)`);
const outside = (rows: Array<{ text: string; escalate: boolean }>) =>
  rows.map((r) => ({
    escalate: r.escalate,
    ...rulesOf(r.text),
    ...predictOf(model, featuresOf(r.text)),
  }));
const tune = (file: string) =>
  loadRecords(file)
    .filter((r) => r.part === 'rules')
    .map((r) => ({ text: r.text, escalate: r.fields.escalate === 'true' }));
report('tune WhatsApp', outside(tune(DEV_FILES.whatsapp)));
report('tune escalation-pt', outside(tune(DEV_FILES.escalation)));
// The sentiment/intent tune halves carry no escalation label: count only where the model adds.
const plain = [...tune(DEV_FILES.sentiment), ...tune(DEV_FILES.intent)].map((r) => r.text);
for (const t of THRESHOLDS) {
  const added = plain.filter((text) => {
    const p = predictOf(model, featuresOf(text));
    const r = rulesOf(text);
    return !r.positive && !r.rules && p.reason !== 'none' && p.probability >= t;
  }).length;
  console.log(`formal sentiment/intent tune (${plain.length}): model ≥ ${t} adds an escalation to ${added}`);
}
const paraphrases = readFileSync(new URL('../data/paraphrases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { text: string; reason: string })
  .map((r) => ({ text: r.text, escalate: r.reason !== 'none' }));
report('paraphrases', outside(paraphrases));
// The independent check set (data/check-*.jsonl, never trained on): aggregate figures only.
const checkRows = readFileSync(new URL('../data/check-whatsapp-pt.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { text: string; escalate: boolean });
report('check set', outside(checkRows));
