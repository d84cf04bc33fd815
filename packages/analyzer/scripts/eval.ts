/**
 * Offline evaluation on the labelled dev sets (../shared/data/analysis beside the repository) and
 * on the package's own paraphrases of the escalation policy (data/paraphrases.jsonl).
 *
 * Every dev file is split by a hash of the text (scripts/split.ts) into two halves: the "tune"
 * half may be read while writing rules and training; the "held-out" half is only scored here.
 * Each half is printed on its own, every proportion with its Wilson 95 % interval; sentiment and
 * intent with per-class precision/recall and confusion matrices; escalation (through
 * analyzeTicket) with precision, recall and F1. Then throughput on one core and the red-flag
 * matcher's cost.
 *
 *   npm run eval -w packages/analyzer             figures
 *   npm run eval -w packages/analyzer -- --errors also list the tune half's mistakes (never the
 *                                                 held-out ones)
 *   npm run eval -w packages/analyzer -- --quick  no throughput or matcher timings
 *   npm run eval -w packages/analyzer -- --tune   the tune halves only (no held-out figure is
 *                                                 computed: for working between checkpoints)
 */
import { readFileSync } from 'node:fs';
import type { Engine } from '../src/combine.ts';
import { analyzeMessage, analyzeTicket, compileRedFlags, detectLanguage } from '../src/index.ts';
import { binaryScores, DATA_DIR, DEV_FILES, loadRecords, missingDevFiles, type Record_ } from './dev-data.ts';
import type { Part } from './split.ts';
import { confusionLines, perClassLines, proportion, wilson } from './stats.ts';

const missing = missingDevFiles();
if (missing.length) {
  console.error(`Labelled data not found: ${missing.map((f) => DATA_DIR + f).join(', ')}`);
  console.error('Expected ../shared/data/analysis/ beside the repository root (the project’s shared data).');
  process.exit(1);
}
const showErrors = process.argv.includes('--errors');
const quick = process.argv.includes('--quick');
const tuneOnly = process.argv.includes('--tune');

const HALVES: ReadonlyArray<{ readonly part: Part; readonly name: string }> = [
  { part: 'rules', name: 'tune' },
  ...(tuneOnly ? [] : [{ part: 'heldout' as const, name: 'held-out' }]),
];

type Field = 'sentiment' | 'intent' | 'lang' | 'escalate';
interface Predictions {
  sentiment: string;
  intent: string;
  lang: string;
  escalate: string;
  reasons: readonly string[];
}

/** What the product path answers for a text (analyzeMessage for the message fields). */
function predict(text: string, engine: Engine = 'combined'): Predictions {
  const message = analyzeMessage(text, { engine });
  const ticket = analyzeTicket(text);
  return {
    sentiment: message.sentiment,
    intent: message.intent,
    // The sets label Portuguese "pt" without the variant: compare the base language.
    lang: detectLanguage(text).replace('pt-BR', 'pt'),
    escalate: String(ticket.requires_escalation),
    reasons: ticket.escalation_reasons,
  };
}

const EMPTY: Predictions = { sentiment: '', intent: '', lang: '', escalate: '', reasons: [] };

function classField(title: string, rows: readonly Record_[], preds: readonly Predictions[], field: Field) {
  console.log(`\n### ${title} — ${field}`);
  for (const { part, name } of HALVES) {
    const picked = rows
      .map((row, i) => ({ row, p: preds[i] as Predictions }))
      .filter((x) => x.row.part === part);
    const labels = picked.map((x) => x.row.fields[field] ?? '');
    const predictions = picked.map((x) => x.p[field]);
    const ok = labels.filter((l, i) => l === predictions[i]).length;
    console.log(`${name.padEnd(9)} accuracy ${proportion(ok, labels.length)}`);
    if (field === 'sentiment' || field === 'intent') {
      for (const line of perClassLines(labels, predictions)) console.log(line);
      console.log(`  confusion (${name}; rows = label, columns = prediction)`);
      for (const line of confusionLines(labels, predictions)) console.log(line);
    }
    if (showErrors && part === 'rules')
      picked.forEach((x, i) => {
        if (labels[i] !== predictions[i]) console.log(`  ✗ ${labels[i]} → ${predictions[i]}: ${x.row.text}`);
      });
  }
}

function escalationField(title: string, rows: readonly Record_[], preds: readonly Predictions[]) {
  console.log(`\n### ${title} — escalation (through analyzeTicket; positive = escalate)`);
  for (const { part, name } of HALVES) {
    const picked = rows
      .map((row, i) => ({ row, p: preds[i] as Predictions }))
      .filter((x) => x.row.part === part);
    const s = binaryScores(
      picked.map((x) => x.row.fields.escalate === 'true'),
      picked.map((x) => x.p.escalate === 'true'),
    );
    const [pl, ph] = wilson(s.tp, s.tp + s.fp);
    const [rl, rh] = wilson(s.tp, s.tp + s.fn);
    console.log(
      `${name.padEnd(9)} precision ${s.precision.toFixed(3)} [${pl.toFixed(2)}–${ph.toFixed(2)}] · recall ${s.recall.toFixed(3)} [${rl.toFixed(2)}–${rh.toFixed(2)}] · F1 ${s.f1.toFixed(3)}  (TP ${s.tp}, FP ${s.fp}, FN ${s.fn}, TN ${s.tn})`,
    );
    // Right yes/no per the set's "why" column (counts only).
    const byWhy = new Map<string, { ok: number; total: number }>();
    for (const x of picked) {
      const why = x.row.fields.why ?? '?';
      const entry = byWhy.get(why) ?? { ok: 0, total: 0 };
      entry.total++;
      if ((x.row.fields.escalate === 'true') === (x.p.escalate === 'true')) entry.ok++;
      byWhy.set(why, entry);
    }
    console.log(
      `  right yes/no by "why": ${[...byWhy.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([why, { ok, total }]) => `${why} ${ok}/${total}`)
        .join(' · ')}`,
    );
    if (showErrors && part === 'rules')
      for (const x of picked)
        if ((x.row.fields.escalate === 'true') !== (x.p.escalate === 'true'))
          console.log(
            `  ✗ ${x.row.fields.why ?? ''} ${x.row.fields.escalate} → ${x.p.reasons.join(',') || 'no'}: ${x.row.text}`,
          );
  }
}

const SETS: ReadonlyArray<{ readonly file: string; readonly fields: readonly Field[] }> = [
  { file: DEV_FILES.sentiment, fields: ['sentiment'] },
  { file: DEV_FILES.intent, fields: ['intent'] },
  { file: DEV_FILES.language, fields: ['lang'] },
  { file: DEV_FILES.escalation, fields: ['escalate'] },
  { file: DEV_FILES.whatsapp, fields: ['sentiment', 'intent', 'lang', 'escalate'] },
];

console.log('# Offline analyzer evaluation');
console.log(`data: ${DATA_DIR}`);
console.log('split: FNV-1a hash of the text, even → tune, odd → held-out; [a–b] = Wilson 95 % interval');

const allTexts: string[] = [];
const contributions: Array<{ file: string; rows: Record_[] }> = [];
for (const set of SETS) {
  const rows = loadRecords(set.file);
  allTexts.push(...rows.map((r) => r.text));
  const preds = rows.map((row) => (tuneOnly && row.part !== 'rules' ? EMPTY : predict(row.text)));
  const sizes = HALVES.map(({ part, name }) => `${name} ${rows.filter((r) => r.part === part).length}`).join(
    ', ',
  );
  console.log(`\n## ${set.file} (${rows.length} rows: ${sizes})`);
  for (const field of set.fields) {
    if (field === 'escalate') escalationField(set.file, rows, preds);
    else classField(set.file, rows, preds, field);
  }
  contributions.push({ file: set.file, rows });
}

// What each part contributes: sentiment and intent from the rules alone, the model alone (trained
// by scripts/train.ts on data/train-pt.jsonl; Portuguese only, other languages keep the rules) and
// both combined (combine.ts, the product's path).
console.log('\n## contribution of each part (accuracy: tune · held-out)');
for (const { file, rows } of contributions) {
  for (const field of ['sentiment', 'intent'] as const) {
    if (!rows.some((r) => r.fields[field] !== undefined)) continue;
    const cells = (['rules', 'model', 'combined'] as const).map((engine) => {
      const preds = rows.map((row) =>
        tuneOnly && row.part !== 'rules' ? '' : analyzeMessage(row.text, { engine })[field],
      );
      const half = (part: Part) => {
        const picked = rows.map((row, i) => ({ row, p: preds[i] })).filter((x) => x.row.part === part);
        const ok = picked.filter((x) => x.p === x.row.fields[field]).length;
        return `${((100 * ok) / picked.length).toFixed(1)}%`;
      };
      return `${engine} ${HALVES.map(({ part }) => half(part)).join(' · ')}`;
    });
    console.log(`${`${file} ${field}`.padEnd(34)} ${cells.join('   ')}`);
  }
}

// The package's own paraphrases of each policy reason (data/paraphrases.jsonl, written for this
// check, not taken from the dev sets): recall per reason, and the controls that must not escalate.
{
  const lines = readFileSync(new URL('../data/paraphrases.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { reason: string; text: string });
  console.log('\n## own paraphrases of the escalation policy (data/paraphrases.jsonl)');
  const byReason = new Map<string, { ok: number; total: number; missed: string[] }>();
  for (const { reason, text } of lines) {
    const ticket = analyzeTicket(text);
    const entry = byReason.get(reason) ?? { ok: 0, total: 0, missed: [] };
    entry.total++;
    const right =
      reason === 'none'
        ? !ticket.requires_escalation
        : (ticket.escalation_reasons as readonly string[]).includes(reason);
    if (right) entry.ok++;
    else entry.missed.push(`${ticket.escalation_reasons.join(',') || 'no'}: ${text}`);
    byReason.set(reason, entry);
  }
  let ok = 0;
  let total = 0;
  for (const [reason, entry] of byReason) {
    if (reason !== 'none') {
      ok += entry.ok;
      total += entry.total;
    }
    const what = reason === 'none' ? 'controls not escalated' : 'reason found';
    console.log(`${reason.padEnd(24)} ${what} ${entry.ok}/${entry.total}`);
    if (showErrors) for (const m of entry.missed) console.log(`  ✗ ${m}`);
  }
  console.log(`all reasons: recall ${proportion(ok, total)}`);
}

if (quick) process.exit(0);

// Throughput: every dev text, repeated for about two seconds, one thread. Wall-clock rate and
// rate per CPU second (the latter is steadier when other processes share the cores).
const texts = allTexts;
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
