import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEV_FILES, loadRecords, missingDevFiles } from '../scripts/dev-data.ts';
import { TRAINING_FILES } from '../scripts/trainer.ts';
import { ESCALATION_REASONS, INTENTS, SENTIMENTS } from './enums.ts';

// The learned part's sentences and the escalation paraphrases are ours: none may be a dev row
// (either half), word for word or lightly edited (character 3-gram overlap).

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const grams = (text: string) => {
  const padded = ` ${fold(text)} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
};
const jaccard = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const g of a) if (b.has(g)) shared++;
  return shared / (a.size + b.size - shared || 1);
};
const ours = [...TRAINING_FILES, 'paraphrases.jsonl'].flatMap((file) =>
  readFileSync(new URL(`../data/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => ({
      file,
      ...(JSON.parse(line) as {
        text: string;
        sentiment?: string;
        intent?: string;
        escalate?: boolean;
        reason?: string | null;
      }),
    })),
);

describe('training data', () => {
  it('is labelled with the spec classes', () => {
    for (const row of ours.filter((r) => r.file !== 'paraphrases.jsonl')) {
      expect(SENTIMENTS).toContain(row.sentiment);
      expect(INTENTS).toContain(row.intent);
      // Escalation labels are optional; where given, a reason goes with escalate and only with it.
      if (row.escalate !== undefined) {
        expect(typeof row.escalate).toBe('boolean');
        if (row.escalate) expect(ESCALATION_REASONS).toContain(row.reason);
        else expect(row.reason ?? null).toBeNull();
      }
    }
    expect(ours.length).toBeGreaterThan(1500);
  });

  it.skipIf(missingDevFiles().length > 0)(
    'holds no dev sentence, nor a light edit of one',
    () => {
      const dev = Object.values(DEV_FILES)
        .flatMap((file) => loadRecords(file))
        .filter((row) => fold(row.text).length >= 12)
        .map((row) => ({ text: row.text, folded: fold(row.text), grams: grams(row.text) }));
      const devTexts = new Set(dev.map((d) => d.folded));
      const close: string[] = [];
      for (const row of ours) {
        const folded = fold(row.text);
        if (folded.length < 12) continue;
        if (devTexts.has(folded)) close.push(`same: ${row.text}`);
        const g = grams(row.text);
        for (const d of dev) {
          // Jaccard ≥ 0.7 needs sizes within that ratio: skip the rest unmeasured.
          if (Math.min(g.size, d.grams.size) < 0.7 * Math.max(g.size, d.grams.size)) continue;
          if (jaccard(g, d.grams) >= 0.7) close.push(`${row.text} ~ ${d.text}`);
        }
      }
      expect(close).toEqual([]);
    },
    60_000,
  );
});
