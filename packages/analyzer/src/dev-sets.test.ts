import { describe, expect, it } from 'vitest';
import { binaryScores, DEV_FILES, loadRows, missingDevFiles } from '../scripts/dev-data.ts';
import { detectLanguage } from './language.ts';
import { analyzeMessage } from './message.ts';
import { analyzeTicket } from './ticket.ts';

// Regression floors on the labelled dev sets (../shared/data/analysis beside the repository), a
// little under the figures `npm run eval -w packages/analyzer` prints, so a rule change that
// costs more than a sentence or two fails here. Skipped where the shared data is absent.

const accuracy = (rows: ReturnType<typeof loadRows>, predict: (text: string) => string) =>
  rows.filter((row) => predict(row.text) === row.label).length / rows.length;

describe.skipIf(missingDevFiles().length > 0)('dev sets', () => {
  it('escalation (through ticket analysis): precision, recall and F1', () => {
    const rows = loadRows(DEV_FILES.escalation, 'escalate');
    expect(rows).toHaveLength(60);
    const scores = binaryScores(
      rows.map((row) => row.label === 'true'),
      rows.map((row) => analyzeTicket(row.text).requires_escalation),
    );
    expect(scores.precision).toBeGreaterThanOrEqual(0.93);
    expect(scores.recall).toBeGreaterThanOrEqual(0.92);
    expect(scores.f1).toBeGreaterThanOrEqual(0.93);
  });

  it('intent (message analysis)', () => {
    const rows = loadRows(DEV_FILES.intent, 'intent');
    expect(accuracy(rows, (text) => analyzeMessage(text).intent)).toBeGreaterThanOrEqual(0.92);
  });

  it('sentiment (message analysis)', () => {
    const rows = loadRows(DEV_FILES.sentiment, 'sentiment');
    expect(accuracy(rows, (text) => analyzeMessage(text).sentiment)).toBeGreaterThanOrEqual(0.95);
  });

  it('WhatsApp-style set (issue 32): sentiment, intent and escalation', () => {
    const rows = loadRows(DEV_FILES.whatsapp, 'escalate');
    expect(rows).toHaveLength(160);
    const sentimentRows = loadRows(DEV_FILES.whatsapp, 'sentiment');
    const intentRows = loadRows(DEV_FILES.whatsapp, 'intent');
    expect(accuracy(sentimentRows, (text) => analyzeMessage(text).sentiment)).toBeGreaterThanOrEqual(0.84);
    expect(accuracy(intentRows, (text) => analyzeMessage(text).intent)).toBeGreaterThanOrEqual(0.74);
    const scores = binaryScores(
      rows.map((row) => row.label === 'true'),
      rows.map((row) => analyzeTicket(row.text).requires_escalation),
    );
    expect(scores.precision).toBeGreaterThanOrEqual(0.88);
    expect(scores.recall).toBeGreaterThanOrEqual(0.7);
  });

  it('language (pt-BR counted as pt)', () => {
    const rows = loadRows(DEV_FILES.language, 'lang');
    expect(accuracy(rows, (text) => detectLanguage(text).replace('pt-BR', 'pt'))).toBeGreaterThanOrEqual(
      0.98,
    );
  });
});
