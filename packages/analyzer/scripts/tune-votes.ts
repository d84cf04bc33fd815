/**
 * Picks combine.ts's vote weights without the held-out halves. The rules are scored against our own
 * training sentences (data/*.jsonl, which the rules were not written from) and the TUNE halves of
 * the dev sets; the model votes on the training sentences with out-of-fold predictions (4 folds
 * that split the files, so the model never saw the writer it answers; the settings of
 * scripts/train.ts), so it never votes on a sentence it was trained on. Coordinate
 * search, sentiment first (the intent rules read the sentiment), then intent; each group (each of
 * our data files, each tune half) weighs the same.
 *
 *   node --import tsx packages/analyzer/scripts/tune-votes.ts
 */
import { INTENT_VOTE, SENTIMENT_VOTE } from '../src/combine.ts';
import { INTENTS, SENTIMENTS } from '../src/enums.ts';
import { analyzeMessage } from '../src/index.ts';
import { DEV_FILES, loadRecords } from './dev-data.ts';
import { installOutOfFold } from './oof.ts';
import { INTENT_TRAIN, loadExamples } from './trainer.ts';

const examples = loadExamples();
installOutOfFold(examples, INTENT_TRAIN, true, true);

interface Item {
  readonly text: string;
  readonly sentiment?: string;
  readonly intent?: string;
}
const tune = (file: string) =>
  loadRecords(file)
    .filter((r) => r.part === 'rules')
    .map((r) => ({ text: r.text, sentiment: r.fields.sentiment, intent: r.fields.intent }));
const groups: Array<{ name: string; items: Item[] }> = [
  // Each of our files is a group: the newer ones were written after the rules and never read
  // while writing them, the fairest test of how the rules generalise.
  ...[...new Set(examples.map((e) => e.file))].map((file) => ({
    name: file.replace(/^train-|\.jsonl$/g, ''),
    items: examples.filter((e) => e.file === file),
  })),
  { name: 'tune formal sentiment', items: tune(DEV_FILES.sentiment) },
  { name: 'tune formal intent', items: tune(DEV_FILES.intent) },
  { name: 'tune WhatsApp', items: tune(DEV_FILES.whatsapp) },
];

function score(field: 'sentiment' | 'intent', verbose = false): number {
  let total = 0;
  let counted = 0;
  const parts: string[] = [];
  for (const { name, items } of groups) {
    const rows = items.filter((item) => item[field] !== undefined);
    if (!rows.length) continue;
    const ok = rows.filter((item) => analyzeMessage(item.text)[field] === item[field]).length;
    total += ok / rows.length;
    counted++;
    parts.push(`${name} ${((100 * ok) / rows.length).toFixed(1)}`);
  }
  if (verbose) console.log(`  ${field}: ${parts.join(' · ')}`);
  return total / counted;
}

function search(
  field: 'sentiment' | 'intent',
  params: Array<{ name: string; get: () => number; set: (v: number) => void; values: number[] }>,
): void {
  let best = score(field, true);
  for (let round = 0; round < 2; round++)
    for (const p of params) {
      let bestValue = p.get();
      for (const value of p.values) {
        p.set(value);
        const s = score(field);
        if (s > best + 1e-9) {
          best = s;
          bestValue = value;
        }
      }
      p.set(bestValue);
    }
  score(field, true);
}

search('sentiment', [
  {
    name: 'noEvidence',
    get: () => SENTIMENT_VOTE.noEvidence,
    set: (v) => {
      SENTIMENT_VOTE.noEvidence = v;
    },
    values: [0.1, 0.25, 0.4, 0.6],
  },
  {
    name: 'perWeight',
    get: () => SENTIMENT_VOTE.perWeight,
    set: (v) => {
      SENTIMENT_VOTE.perWeight = v;
    },
    values: [0.2, 0.4, 0.6],
  },
  ...SENTIMENTS.map((label) => ({
    name: label,
    get: () => SENTIMENT_VOTE.byLabel[label] ?? 1,
    set: (v: number) => {
      SENTIMENT_VOTE.byLabel[label] = v;
    },
    values: [0.25, 0.5, 0.75, 1, 1.5],
  })),
]);
search('intent', [
  {
    name: 'fallback',
    get: () => INTENT_VOTE.fallback,
    set: (v) => {
      INTENT_VOTE.fallback = v;
    },
    values: [0, 0.1, 0.2, 0.3],
  },
  ...INTENTS.map((label) => ({
    name: label,
    get: () => INTENT_VOTE.cue[label] ?? 0.75,
    set: (v: number) => {
      INTENT_VOTE.cue[label] = v;
    },
    values: [0.1, 0.25, 0.4, 0.55, 0.75, 1],
  })),
]);
console.log(JSON.stringify({ SENTIMENT_VOTE, INTENT_VOTE }));
