import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demo } from '../fixtures.ts';
import { expectAccessible, openAs } from './helpers.ts';

// Every screen at a desktop and a phone size, in the light and the dark theme: it fits the
// width (below 640 px list rows are stacked cards), axe finds nothing serious, and a screenshot
// is kept in .cache/screenshots/ for people to look at (docs/screenshots/ holds the lists).
const sizes = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const themes = ['light', 'dark'] as const;

const screens = [
  { path: '/dashboard', heading: 'Painel' },
  { path: '/tickets', heading: 'Chamados' },
  { path: '/customers', heading: 'Clientes' },
  { path: '/notifications', heading: 'Notificações' },
  { path: '/messages', heading: 'Mensagens' },
  { path: '/flagged-terms', heading: 'Termos Sinalizados' },
  { path: '/settings', heading: 'Configurações' },
  { path: '/experts', heading: 'Gestão de Especialistas' },
  { path: '/nao-existe', heading: 'Página não encontrada' },
];

const shots = path.join(import.meta.dirname, '..', '..', '.cache', 'screenshots');

async function check(page: Page, name: string, fullPage = true) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page is wider than the screen`).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0)); // else the sticky phone header lands mid-page
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
}

for (const theme of themes)
  for (const size of sizes) {
    test.describe(`${size.name} (${size.width}×${size.height}), ${theme}`, () => {
      // The theme follows the system's until the user picks one in the header.
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme: theme });
      // Nine screens, each with axe: ~45 s on an idle 2-core machine, over 90 s (test.slow's
      // limit) on a loaded one.
      test.setTimeout(180_000);

      test.beforeEach(async ({ page }) => {
        await page.goto('/login');
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      });

      test('sign-in screens', async ({ page }) => {
        await page.goto('/login');
        await expect(page.getByRole('heading', { name: 'Entrar na plataforma' })).toBeVisible();
        await check(page, `${size.name}-${theme}-login`);
        await page.goto('/esqueci-minha-senha');
        await expect(page.getByRole('link', { name: 'Voltar ao login' })).toBeVisible();
        await check(page, `${size.name}-${theme}-esqueci-minha-senha`);
      });

      test('every protected screen, and a ticket with its analysis', async ({ page }) => {
        await openAs(page, demo, '/dashboard');
        for (const screen of screens) {
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
          await check(page, `${size.name}-${theme}${screen.path.replaceAll('/', '-')}`);
        }

        // A ticket the demo seed analysed (other specs add tickets in parallel).
        await page.goto(`/tickets?q=${encodeURIComponent('Pedido não entregue')}`);
        await page.getByRole('table').getByRole('link', { name: 'Pedido não entregue', exact: true }).click();
        await expect(page.getByText(/Versão \d/)).toBeVisible();
        await check(page, `${size.name}-${theme}-ticket-detail`);

        // A message's analysis panel.
        await page.goto('/messages');
        await page
          .getByRole('button', { name: /^Ver análise/ })
          .first()
          .click();
        await expect(page.getByRole('region', { name: 'Análise da mensagem' })).toBeVisible();
        await check(page, `${size.name}-${theme}-messages-analysis`);

        if (size.name === 'mobile') {
          await page.getByRole('button', { name: 'Abrir menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await check(page, `mobile-${theme}-menu`, false); // the drawer covers the screen, not the page
        }
      });
    });
  }
