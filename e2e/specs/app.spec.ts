import { expect, test } from '@playwright/test';
import { demo } from '../fixtures.ts';
import { signIn } from './helpers.ts';

test('the served app renders in Portuguese and routes between screens', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Atende');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await signIn(page, demo.email, demo.password);
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Chamados' })
    .click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByRole('heading', { name: 'Chamados' })).toBeVisible();

  // A deep link survives a reload (the server answers client routes with the app).
  await page.goto('/flagged-terms');
  await expect(page.getByRole('heading', { name: 'Termos Sinalizados' })).toBeVisible();

  expect(problems, 'no console errors (CSP violations included)').toEqual([]);
});
