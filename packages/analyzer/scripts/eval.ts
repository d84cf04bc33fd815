/**
 * Accuracy of the offline analyzer on the labelled dev sets in ../shared/data/analysis (beside the
 * repository), per field, on the whole set and on its two deterministic halves (scripts/split.ts):
 * the rules-writing part (read while writing rules) and the held-out part (its figure estimates
 * accuracy on messages we have not seen). Escalation is a ticket-analysis field: each text of the
 * escalation set goes through analyzeTicket and is scored by precision, recall and F1. Then
 * throughput on one core and the red-flag matcher's cost.
 *
 *   npm run eval -w packages/analyzer             figures and confusion matrices
 *   npm run eval -w packages/analyzer -- --errors also list the rules-writing part's mistakes
 *                                                 (never the held-out ones)
 */
import { analyzeMessage, analyzeTicket, compileRedFlags, detectLanguage } from '../src/index.ts';
import { binaryScores, DATA_DIR, DEV_FILES, loadRows, missingDevFiles, type Row } from './dev-data.ts';
import type { Part } from './split.ts';

const missing = missingDevFiles();
if (missing.length) {
  console.error(`Labelled data not found: ${missing.map((f) => DATA_DIR + f).join(', ')}`);
  console.error('Expected ../shared/data/analysis/ beside the repository root (the project’s shared data).');
  process.exit(1);
}
const showErrors = process.argv.includes('--errors');

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

/** Escalation: a yes/no field, so precision, recall and F1 (positive = escalate). */
function evaluateEscalation(rows: readonly Row[], whyOf: ReadonlyMap<string, string>): void {
  const analyses = rows.map((row) => analyzeTicket(row.text));
  const scoresOf = (part?: Part) => {
    const picked = rows.map((row, i) => ({ row, i })).filter(({ row }) => !part || row.part === part);
    return binaryScores(
      picked.map(({ row }) => row.label === 'true'),
      picked.map(({ i }) => analyses[i]?.requires_escalation ?? false),
    );
  };
  const line = (name: string, s: ReturnType<typeof scoresOf>) =>
    `${name.padEnd(14)} precision ${s.precision.toFixed(3)} · recall ${s.recall.toFixed(3)} · F1 ${s.f1.toFixed(3)}  (TP ${s.tp}, FP ${s.fp}, FN ${s.fn}, TN ${s.tn})`;
  console.log('\n## escalation (escalation-pt, through analyzeTicket; positive = escalate)');
  console.log(line('whole', scoresOf()));
  console.log(line('rules-writing', scoresOf('rules')));
  console.log(line('held-out', scoresOf('heldout')));

  // Per policy reason ("why" column): how many of its rows got the right yes/no.
  const byWhy = new Map<string, { ok: number; total: number }>();
  rows.forEach((row, i) => {
    const why = whyOf.get(row.text) ?? '?';
    const entry = byWhy.get(why) ?? { ok: 0, total: 0 };
    entry.total++;
    if ((analyses[i]?.requires_escalation ?? false) === (row.label === 'true')) entry.ok++;
    byWhy.set(why, entry);
  });
  console.log('\nright yes/no by the set’s "why" (whole set):');
  console.log(
    [...byWhy.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([why, { ok, total }]) => `${why} ${ok}/${total}`)
      .join(' · '),
  );
  const counts = new Map<string, number>();
  for (const analysis of analyses)
    for (const reason of analysis.escalation_reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  console.log(
    `reasons given: ${[...counts.entries()].map(([reason, n]) => `${reason} ${n}`).join(' · ') || 'none'}`,
  );
  if (showErrors) {
    const errors = rows
      .map((row, i) => ({ row, analysis: analyses[i] }))
      .filter(
        ({ row, analysis }) =>
          row.part === 'rules' && analysis?.requires_escalation !== (row.label === 'true'),
      );
    console.log(`\nrules-writing mistakes (${errors.length}):`);
    for (const { row, analysis } of errors)
      console.log(
        `  ${row.label === 'true' ? 'escalate' : 'no'} → ${analysis?.escalation_reasons.join(',') || 'no'}: ${row.text}`,
      );
  }
}

const sentimentRows = loadRows(DEV_FILES.sentiment, 'sentiment');
const intentRows = loadRows(DEV_FILES.intent, 'intent');
const languageRows = loadRows(DEV_FILES.language, 'lang');
const escalationRows = loadRows(DEV_FILES.escalation, 'escalate');
const whyOf = new Map(loadRows(DEV_FILES.escalation, 'why').map((row) => [row.text, row.label]));

console.log('# Offline analyzer evaluation');
console.log(`data: ${DATA_DIR}`);
console.log('split: FNV-1a hash of the text, even → rules-writing, odd → held-out');

// The product path: analyzeMessage detects the language first, then reads sentiment and intent.
evaluate('sentiment (sentiment-pt)', sentimentRows, (text) => analyzeMessage(text).sentiment);
evaluate('intent (intent-pt)', intentRows, (text) => analyzeMessage(text).intent);
// The set labels Portuguese "pt" without the variant: compare the base language.
evaluate('language (language, pt-BR counted as pt)', languageRows, (text) =>
  detectLanguage(text).replace('pt-BR', 'pt'),
);
evaluateEscalation(escalationRows, whyOf);

// Throughput: every dev text, repeated for about two seconds, one thread. Wall-clock rate and
// rate per CPU second (the latter is steadier when other processes share the cores).
const texts = [...sentimentRows, ...intentRows, ...languageRows, ...escalationRows].map((r) => r.text);
function throughput(name: string, run: (text: string) => unknown): void {
  for (let i = 0; i < 300; i++) run(texts[i % texts.length] ?? '');
  let messages = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < 2) {
    for (const text of texts) run(text);
    messages += texts.length;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `${name}: ${Math.round(messages / elapsed).toLocaleString('en-US')} messages/s · ${((elapsed * 1000) / messages).toFixed(3)} ms/message (${messages} in ${elapsed.toFixed(2)} s; ${Math.round(messages / cpuSeconds).toLocaleString('en-US')} per CPU second)`,
  );
}
console.log('\n## throughput (one core; target ≥ 3,000 messages/s for analyzeMessage)');
const tenantTerms = ['reembolso', 'gerente'];
throughput('analyzeMessage', (text) => analyzeMessage(text, { tenantTerms }));
throughput('analyzeTicket ', (text) => analyzeTicket(text, { tenantTerms }));

// Red flags: one compiled Aho–Corasick automaton per tenant list, so the cost of a message follows
// its length, not the number of terms. Target: 1,000 terms over 20,000 characters ≤ 5 ms.
console.log('\n## red flags (compiled matcher over a 20,000-character message, one core)');
const words = texts.join(' ').split(/\s+/).filter(Boolean);
const longText = words.join(' ').repeat(3).slice(0, 20_000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
// Realistic terms: two-word phrases from the texts themselves (some are found) and invented ones;
// and lists of invented terms only (nothing found), where only the automaton's size differs.
const realistic = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    i % 3 === 0 ? `${words[(i * 7) % words.length]} ${words[(i * 13) % words.length]}` : `termo${i} alerta`,
  );
const invented = (count: number) => Array.from({ length: count }, (_, i) => `xq${i.toString(36)}zk termo`);
const lists = [
  { name: '0 terms (built-ins only)', terms: [] as string[] },
  { name: '10 terms', terms: realistic(10) },
  { name: '100 terms', terms: realistic(100) },
  { name: '1,000 terms', terms: realistic(1000) },
  { name: '10 invented terms', terms: invented(10) },
  { name: '1,000 invented terms', terms: invented(1000) },
].map((list) => {
  const compileStart = process.hrtime.bigint();
  const matcher = compileRedFlags(list.terms);
  return { ...list, matcher, compileMs: msSince(compileStart), times: [] as number[], found: 0 };
});
// Warm up every matcher, then measure them in turns (41 rounds) so load changes hit all alike.
// Each call gets a text of its own (foldText remembers only the last text it folded).
for (let i = 0; i < 5; i++)
  for (const [n, list] of lists.entries()) list.matcher.find(`w${i}-${n} ${longText}`);
for (let round = 0; round < 41; round++) {
  for (const [n, list] of lists.entries()) {
    const text = `${round}-${n} ${longText}`;
    const start = process.hrtime.bigint();
    list.found = list.matcher.find(text).words.length;
    list.times.push(msSince(start));
  }
}
const perMessage = new Map(lists.map((list) => [list.name, median(list.times)]));
for (const list of lists)
  console.log(
    `${list.name.padEnd(26)} ${(perMessage.get(list.name) ?? 0).toFixed(2)} ms/message (median of 41), compile ${list.compileMs.toFixed(1)} ms, ${list.found} flags found`,
  );
const ratio = (a: string, b: string) => ((perMessage.get(a) ?? 0) / (perMessage.get(b) ?? 1)).toFixed(2);
const at1000 = perMessage.get('1,000 terms') ?? 0;
console.log(
  `1,000 vs 10 terms: ×${ratio('1,000 terms', '10 terms')} (more terms found means more hits to report); invented only (no hits): ×${ratio('1,000 invented terms', '10 invented terms')}`,
);
console.log(
  `1,000 terms over 20,000 characters: ${at1000.toFixed(2)} ms ${at1000 <= 5 ? '≤' : '>'} 5 ms target`,
);
