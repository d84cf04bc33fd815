/**
 * Scores the analyzer on our own labelled sentences (data/train-*.jsonl), the model voting
 * out-of-fold (scripts/oof.ts): a generalisation check far larger than the dev tune halves, which
 * the rules were written from. Sentiment and intent for the rules, the model and both; escalation
 * (analyzeTicket) where a file labels it, with each reason's recall and the false alarms.
 *
 *   node --import tsx packages/analyzer/scripts/ours.ts [--only <file substring>] [--errors] [--by-file]
 *   node --import tsx packages/analyzer/scripts/ours.ts --check   data/check-*.jsonl, figures only
 *
 * `--by-file`: the 4 folds split the files (oof.ts), so no model answers its own writer's sentences.
 * The check files are never trained on (the model answers as in the product) and their mistakes
 * are not printed: they stand in for unseen messages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Engine } from '../src/combine.ts';
import { analyzeMessage, analyzeTicket } from '../src/index.ts';
import { binaryScores } from './dev-data.ts';
import { installOutOfFold } from './oof.ts';
import { confusionLines, perClassLines, proportion } from './stats.ts';
import { type Example, loadExamples } from './trainer.ts';

const argument = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const only = argument('--only');

const check = process.argv.includes('--check');
const checkFiles = readdirSync(new URL('../data/', import.meta.url)).filter((f) =>
  /^check-.*\.jsonl$/.test(f),
);
const examples: Example[] = check
  ? checkFiles.flatMap((file) =>
      readFileSync(new URL(`../data/${file}`, import.meta.url), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => ({ ...(JSON.parse(line) as Omit<Example, 'file'>), file })),
    )
  : loadExamples();
if (!check) installOutOfFold(examples, undefined, false, process.argv.includes('--by-file'));
const showErrors = process.argv.includes('--errors') && !check;
const picked = examples.filter((e) => !only || e.file.includes(only));
const groups = new Map<string, Example[]>();
for (const e of picked) groups.set(e.file, [...(groups.get(e.file) ?? []), e]);
groups.set('all picked', picked);

for (const [name, rows] of groups) {
  console.log(`\n## ${name} (${rows.length})`);
  for (const field of ['sentiment', 'intent'] as const) {
    const cells = (['rules', 'model', 'combined'] as Engine[]).map((engine) => {
      const ok = rows.filter((e) => analyzeMessage(e.text, { engine })[field] === e[field]).length;
      return `${engine} ${((100 * ok) / rows.length).toFixed(1)}%`;
    });
    console.log(`${field.padEnd(9)} ${cells.join('  ')}`);
  }
  const labelled = rows.filter((e) => e.escalate !== undefined);
  if (!labelled.length) continue;
  const tickets = labelled.map((e) => analyzeTicket(e.text));
  const s = binaryScores(
    labelled.map((e) => e.escalate === true),
    tickets.map((t) => t.requires_escalation),
  );
  console.log(
    `escalation P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (TP ${s.tp}, FP ${s.fp}, FN ${s.fn}, TN ${s.tn})`,
  );
  if (name !== 'all picked') continue;
  const byReason = new Map<string, { ok: number; total: number }>();
  labelled.forEach((e, i) => {
    if (!e.reason) return;
    const entry = byReason.get(e.reason) ?? { ok: 0, total: 0 };
    entry.total++;
    if (tickets[i]?.requires_escalation) entry.ok++;
    byReason.set(e.reason, entry);
  });
  console.log(
    `  escalated, by labelled reason: ${[...byReason.entries()].map(([r, { ok, total }]) => `${r} ${ok}/${total}`).join(' · ')}`,
  );
  for (const field of ['sentiment', 'intent'] as const) {
    const labels = rows.map((e) => e[field]);
    const predictions = rows.map((e) => analyzeMessage(e.text)[field]);
    const ok = labels.filter((l, i) => l === predictions[i]).length;
    console.log(`\n### combined ${field}: ${proportion(ok, rows.length)}`);
    for (const line of perClassLines(labels, predictions)) console.log(line);
    for (const line of confusionLines(labels, predictions)) console.log(line);
    if (showErrors)
      rows.forEach((e, i) => {
        if (labels[i] !== predictions[i]) console.log(`  ✗ ${labels[i]} → ${predictions[i]}: ${e.text}`);
      });
  }
  if (showErrors)
    labelled.forEach((e, i) => {
      const t = tickets[i];
      if (t && t.requires_escalation !== e.escalate)
        console.log(`  ✗ esc ${e.reason ?? 'no'} → ${t.escalation_reasons.join(',') || 'no'}: ${e.text}`);
    });
}
