// `npm test`: every check, in the order that fails fastest. Each step runs even if an earlier one
// failed (so one run shows every problem); the last line sums the tests: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { checkNode, ensureChromium, ensureDependencies, ensureWebBuild, root, run } from './lib.mjs';

checkNode();
ensureDependencies();

const reports = path.join(root, '.cache');
fs.mkdirSync(reports, { recursive: true });
const failedSteps = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
// Named again at the very end: CI shows only the output's tail.
const failedTests = [];

function step(name, fn) {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const ok = fn();
  console.log(`━━ ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const hasChromium = ensureChromium();
if (!hasChromium) failedSteps.push('chromium');

step('typecheck', () => run('npm', ['run', '--silent', 'typecheck']) === 0);
step('lint (biome, boundaries)', () => run('npm', ['run', '--silent', 'lint']) === 0);

if (!process.env.TEST_DATABASE_URL) {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests run on PGlite only.)');
}
step('unit and API tests (vitest)', () => {
  const out = path.join(reports, 'vitest.json');
  fs.rmSync(out, { force: true });
  const code = run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failures) {
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failedTests.push(`vitest ${path.relative(root, file.name)} › ${t.fullName}: ${why}`);
      }
      if (!failures.length && file.status === 'failed') {
        failedTests.push(`vitest ${path.relative(root, file.name)}: ${String(file.message).slice(0, 300)}`);
      }
    }
  } else totals.failed += 1;
  return code === 0;
});

const built = step('web build', () => ensureWebBuild());

if (hasChromium && built) {
  step('end-to-end tests (Playwright, Chromium)', () => {
    const out = path.join(reports, 'e2e.json');
    fs.rmSync(out, { force: true });
    const code = run('npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: path.join(root, 'e2e'),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    const stats = readJson(out)?.stats;
    if (stats) {
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    } else totals.failed += 1;
    return code === 0;
  });
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✘ ${t}`).join('\n')}`);
console.log(failedSteps.length ? `\nFailed: ${failedSteps.join(', ')}` : '\nAll checks passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
