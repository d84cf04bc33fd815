/**
 * Small statistics for the eval: Wilson 95 % score intervals, per-class precision/recall and
 * confusion matrices. The dev halves are small (≈ 14 escalation positives each), so every
 * proportion is printed with its interval.
 */

/** Wilson score interval (95 %) of `ok` successes out of `total`. */
export function wilson(ok: number, total: number, z = 1.96): readonly [number, number] {
  if (total === 0) return [0, 1];
  const p = ok / total;
  const z2 = z * z;
  const centre = p + z2 / (2 * total);
  const spread = z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  const denominator = 1 + z2 / total;
  return [Math.max(0, (centre - spread) / denominator), Math.min(1, (centre + spread) / denominator)];
}

/** "92.3% [85.1–96.2] (48/52)": a proportion with its Wilson interval. */
export function proportion(ok: number, total: number): string {
  if (total === 0) return '—';
  const [low, high] = wilson(ok, total);
  return `${((100 * ok) / total).toFixed(1)}% [${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)}] (${ok}/${total})`;
}

export interface ClassScore {
  readonly label: string;
  readonly tp: number;
  readonly predicted: number;
  readonly actual: number;
}

/** Per-class precision and recall counts. */
export function perClass(labels: readonly string[], predictions: readonly string[]): ClassScore[] {
  const classes = [...new Set([...labels, ...predictions])].sort();
  return classes.map((label) => {
    let tp = 0;
    let predicted = 0;
    let actual = 0;
    labels.forEach((l, i) => {
      const p = predictions[i];
      if (p === label) predicted++;
      if (l === label) actual++;
      if (p === label && l === label) tp++;
    });
    return { label, tp, predicted, actual };
  });
}

const short = (value: number, total: number) =>
  total ? ((100 * value) / total).toFixed(0).padStart(3) : '  —';

/** Lines: "complaint   P  88 (7/8)   R 100 (7/7)". */
export function perClassLines(labels: readonly string[], predictions: readonly string[]): string[] {
  const width = Math.max(8, ...labels.map((l) => l.length)) + 1;
  return perClass(labels, predictions).map((c) => {
    const precision = `  ${c.label.padEnd(width)} P ${short(c.tp, c.predicted)}% (${c.tp}/${c.predicted})`;
    return `${precision.padEnd(width + 22)} R ${short(c.tp, c.actual)}% (${c.tp}/${c.actual})`;
  });
}

/** Confusion matrix lines: rows are the labels, columns the predictions. */
export function confusionLines(labels: readonly string[], predictions: readonly string[]): string[] {
  const classes = [...new Set([...labels, ...predictions])].sort();
  const width = Math.max(8, ...classes.map((l) => l.length)) + 1;
  const lines = [`  ${''.padEnd(width)}${classes.map((l) => l.slice(0, 7).padStart(8)).join('')}`];
  for (const label of classes) {
    const cells = classes.map((predicted) => {
      let n = 0;
      labels.forEach((l, i) => {
        if (l === label && predictions[i] === predicted) n++;
      });
      return String(n || '.').padStart(8);
    });
    lines.push(`  ${label.padEnd(width)}${cells.join('')}`);
  }
  return lines;
}
