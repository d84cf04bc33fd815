/**
 * Picks combine.ts's vote weights on the TUNE halves only (the held-out halves are never read
 * here): accuracy of sentiment and intent summed over sentiment-pt, intent-pt and whatsapp-pt.
 *
 *   node --import tsx packages/analyzer/scripts/tune-votes.ts
 */
import { INTENT_VOTE, SENTIMENT_VOTE } from '../src/combine.ts';
import { analyzeMessage } from '../src/index.ts';
import { DEV_FILES, loadRecords } from './dev-data.ts';

const tune = (file: string) => loadRecords(file).filter((r) => r.part === 'rules');
const sets = [
  { rows: tune(DEV_FILES.sentiment), fields: ['sentiment'] as const },
  { rows: tune(DEV_FILES.intent), fields: ['intent'] as const },
  { rows: tune(DEV_FILES.whatsapp), fields: ['sentiment', 'intent'] as const },
];
function score(): number {
  let total = 0;
  for (const { rows, fields } of sets)
    for (const field of fields) {
      const ok = rows.filter((r) => analyzeMessage(r.text)[field] === r.fields[field]).length;
      total += ok / rows.length;
    }
  return total;
}
const results: Array<{ s: number; w: string }> = [];
for (const noEvidence of [0.25, 0.4])
  for (const perWeight of [0.25, 0.4, 0.6])
    for (const cue of [0.3, 0.4, 0.5, 0.6])
      for (const fallback of [0.1, 0.2]) {
        Object.assign(SENTIMENT_VOTE, { noEvidence, perWeight });
        Object.assign(INTENT_VOTE, { cue, fallback });
        results.push({ s: score(), w: JSON.stringify({ noEvidence, perWeight, cue, fallback }) });
      }
results.sort((a, b) => b.s - a.s);
for (const r of results.slice(0, 8)) console.log(r.s.toFixed(4), r.w);
