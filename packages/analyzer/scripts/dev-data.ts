/**
 * The labelled dev sets in ../shared/data/analysis (beside the repository root), for the eval
 * script and the regression tests. Each row is split by scripts/split.ts into the rules-writing
 * and held-out parts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Part, partOf } from './split.ts';

export const DATA_DIR = fileURLToPath(new URL('../../../../shared/data/analysis/', import.meta.url));

export const DEV_FILES = {
  sentiment: 'sentiment-pt.dev.jsonl',
  intent: 'intent-pt.dev.jsonl',
  language: 'language.dev.jsonl',
  escalation: 'escalation-pt.dev.jsonl',
  whatsapp: 'whatsapp-pt.dev.jsonl',
} as const;

/** The dev files that are not there (the shared data is not on every machine). */
export function missingDevFiles(): string[] {
  return Object.values(DEV_FILES).filter((file) => !existsSync(DATA_DIR + file));
}

export interface Row {
  readonly text: string;
  /** The label as a string ("true"/"false" for the escalation set). */
  readonly label: string;
  readonly part: Part;
}

/** Rows of a JSONL dev file, with `field` as the label. */
export function loadRows(file: string, field: string): Row[] {
  return readFileSync(DATA_DIR + file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as Record<string, unknown>;
      const text = String(row.text ?? '');
      return { text, label: String(row[field] ?? ''), part: partOf(text) };
    });
}

export interface Record_ {
  readonly text: string;
  readonly part: Part;
  /** Every field of the row, as strings ("true"/"false" for booleans). */
  readonly fields: Readonly<Record<string, string>>;
}

/** Rows of a JSONL dev file with all their fields (the WhatsApp set labels four). */
export function loadRecords(file: string): Record_[] {
  return readFileSync(DATA_DIR + file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as Record<string, unknown>;
      const text = String(row.text ?? '');
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(row)) fields[key] = String(value);
      return { text, part: partOf(text), fields };
    });
}

export interface BinaryScores {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly tn: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/** Precision, recall and F1 of yes/no predictions against yes/no labels. */
export function binaryScores(labels: readonly boolean[], predictions: readonly boolean[]): BinaryScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  labels.forEach((label, i) => {
    const predicted = predictions[i] ?? false;
    if (predicted && label) tp++;
    else if (predicted) fp++;
    else if (label) fn++;
    else tn++;
  });
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, tn, precision, recall, f1 };
}
