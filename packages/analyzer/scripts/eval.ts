/**
 * Accuracy of the offline analyzer on the labelled dev sets in ../shared/data/analysis (beside the
 * repository), per field, on the whole set and on its two deterministic halves (scripts/split.ts):
 * the rules-writing part (read while writing rules) and the held-out part (never read: its figure
 * estimates accuracy on messages we have not seen). Then throughput on one core.
 *
 *   npm run eval -w packages/analyzer             figures and confusion matrices
 *   npm run eval -w packages/analyzer -- --errors also list the rules-writing part's mistakes
 *                                                 (never the held-out ones)
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeMessage, compileRedFlags, detectLanguage } from '../src/index.ts';
import { type Part, partOf } from './split.ts';

const dataDir = fileURLToPath(new URL('../../../../shared/data/analysis/', import.meta.url));
const files = {
  sentiment: 'sentiment-pt.dev.jsonl',
  intent: 'intent-pt.dev.jsonl',
  language: 'language.dev.jsonl',
};
const missing = Object.values(files).filter((file) => !existsSync(dataDir + file));
if (missing.length) {
  console.error(`Labelled data not found: ${missing.map((f) => dataDir + f).join(', ')}`);
  console.error('Expected ../shared/data/analysis/ beside the repository root (the project’s shared data).');
  process.exit(1);
}
const showErrors = process.argv.includes('--errors');

interface Row {
  readonly text: string;
  readonly label: string;
  readonly part: Part;
}

function load(file: string, field: string): Row[] {
  return readFileSync(dataDir + file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as Record<string, string>;
      const text = row.text ?? '';
      return { text, label: row[field] ?? '', part: partOf(text) };
    });
}

const pct = (ok: number, total: number) => (total ? `${((100 * ok) / total).toFixed(1)}%` : '—');

function evaluate(name: string, rows: readonly Row[], predict: (text: string) => string): void {
  const predictions = rows.map((row) => predict(row.text));
  const count = (part?: Part) => {
    let ok = 0;
    let total = 0;
    rows.forEach((row, i) => {
      if (part && row.part !== part) return;
      total++;
      if (predictions[i] === row.label) ok++;
    });
    return { ok, total };
  };
  const whole = count();
  const rules = count('rules');
  const held = count('heldout');
  console.log(`\n## ${name}`);
  console.log(
    `accuracy: whole ${pct(whole.ok, whole.total)} (${whole.ok}/${whole.total}) · rules-writing ${pct(rules.ok, rules.total)} (${rules.ok}/${rules.total}) · held-out ${pct(held.ok, held.total)} (${held.ok}/${held.total})`,
  );

  // Confusion matrix on the whole set: rows are the labels, columns the predictions.
  const labels = [...new Set([...rows.map((r) => r.label), ...predictions])].sort();
  const width = Math.max(8, ...labels.map((l) => l.length)) + 1;
  console.log(`\nconfusion (whole set; rows = label, columns = prediction)`);
  console.log(''.padEnd(width) + labels.map((l) => l.slice(0, 7).padStart(8)).join(''));
  for (const label of labels) {
    const cells = labels.map((predicted) => {
      const n = rows.filter((row, i) => row.label === label && predictions[i] === predicted).length;
      return String(n || '.').padStart(8);
    });
    console.log(label.padEnd(width) + cells.join(''));
  }
  if (showErrors) {
    const errors = rows.filter((row, i) => row.part === 'rules' && predictions[i] !== row.label);
    console.log(`\nrules-writing mistakes (${errors.length}):`);
    rows.forEach((row, i) => {
      if (row.part === 'rules' && predictions[i] !== row.label)
        console.log(`  ${row.label} → ${predictions[i]}: ${row.text}`);
    });
  }
}

const sentimentRows = load(files.sentiment, 'sentiment');
const intentRows = load(files.intent, 'intent');
const languageRows = load(files.language, 'lang');

console.log('# Offline analyzer evaluation');
console.log(`data: ${dataDir}`);
console.log('split: FNV-1a hash of the text, even → rules-writing, odd → held-out');

// The product path: analyzeMessage detects the language first, then reads sentiment and intent.
evaluate('sentiment (sentiment-pt)', sentimentRows, (text) => analyzeMessage(text).sentiment);
evaluate('intent (intent-pt)', intentRows, (text) => analyzeMessage(text).intent);
// The set labels Portuguese "pt" without the variant: compare the base language.
evaluate('language (language, pt-BR counted as pt)', languageRows, (text) =>
  detectLanguage(text).replace('pt-BR', 'pt'),
);

// Throughput: every dev text through analyzeMessage, repeated for about two seconds, one thread.
const texts = [...sentimentRows, ...intentRows, ...languageRows].map((r) => r.text);
for (let i = 0; i < 200; i++) analyzeMessage(texts[i % texts.length] ?? '');
let messages = 0;
const start = process.hrtime.bigint();
let elapsed = 0;
while (elapsed < 2) {
  for (const text of texts) analyzeMessage(text, { tenantTerms: ['reembolso', 'gerente'] });
  messages += texts.length;
  elapsed = Number(process.hrtime.bigint() - start) / 1e9;
}
console.log(`\n## throughput (analyzeMessage, one core)`);
console.log(
  `${Math.round(messages / elapsed).toLocaleString('en-US')} messages/s · ${((elapsed * 1000) / messages).toFixed(3)} ms/message (${messages} messages in ${elapsed.toFixed(2)} s)`,
);

// Red flags: one compiled automaton per tenant list, so the cost follows the text, not the terms.
// (The per-term regex loop it replaced took ~7 s for one 100k message with 500 terms.)
console.log('\n## red flags (compiled matcher over a 20,000-character message, one core)');
const words = texts.join(' ').split(/\s+/).filter(Boolean);
const longText = words.join(' ').slice(0, 20_000);
for (const count of [0, 100, 1000]) {
  // Realistic terms: words and two-word phrases from the texts themselves, plus invented ones.
  const terms = Array.from({ length: count }, (_, i) =>
    i % 3 === 0 ? `${words[(i * 7) % words.length]} ${words[(i * 13) % words.length]}` : `termo${i} alerta`,
  );
  const compileStart = process.hrtime.bigint();
  const matcher = compileRedFlags(terms);
  const compileMs = Number(process.hrtime.bigint() - compileStart) / 1e6;
  for (let i = 0; i < 5; i++) matcher.find(`${i} ${longText}`);
  const rounds = 50;
  const runStart = process.hrtime.bigint();
  let found = 0;
  for (let i = 0; i < rounds; i++) found = matcher.find(`${i} ${longText}`).words.length;
  const perMessage = Number(process.hrtime.bigint() - runStart) / 1e6 / rounds;
  console.log(
    `${String(count).padStart(4)} terms: ${perMessage.toFixed(2)} ms/message, compile ${compileMs.toFixed(1)} ms, ${found} flags found`,
  );
}
