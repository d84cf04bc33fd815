import { expect, test } from '@playwright/test';
import { quietUser } from '../fixtures.ts';
import { openAs } from './helpers.ts';

// Issue 34, item 3: details the spec asks for outside the notifications themselves — the messages
// list says 'Carregando...' while it loads; accessible names hold the visible text on the
// dashboard (axe's experimental label-content-name-mismatch, not in expectAccessible's run).

test("the messages list says 'Carregando...' while it loads", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/messages(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await openAs(page, quietUser, '/messages');
  await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
  release();
  await expect(page.getByText('Carregando...', { exact: true })).toHaveCount(0);
});

test("the dashboard's period buttons are named by their visible text; axe finds no mismatch", async ({
  page,
}) => {
  await openAs(page, quietUser, '/dashboard');
  const period = page.getByRole('group', { name: 'Período' });
  for (const days of [7, 30, 90]) {
    await expect(period.getByRole('button', { name: `${days}d (últimos ${days} dias)` })).toBeVisible();
  }
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  const ran = [...results.passes, ...results.inapplicable, ...results.incomplete, ...results.violations];
  expect(ran.map((r) => r.id)).toContain('label-content-name-mismatch'); // the experimental rule did run
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
});
