import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { dashboardUser } from '../fixtures.ts';
import { expectAccessible, openAs } from './helpers.ts';

// The tenant holds the bulk generator's tickets (fixtures.ts): 02/06/2025–04/06/2025 in São Paulo
// are tickets 360…1439, analysed when i mod 10 < 7, with CSAT (i mod 101)/10.
function expectedCsat() {
  let tenths = 0;
  let analysed = 0;
  for (let i = 360; i <= 1439; i++) {
    if (i % 10 >= 7) continue;
    analysed++;
    tenths += i % 101;
  }
  return { average: (Math.round(tenths / analysed) / 10).toFixed(1).replace('.', ','), analysed };
}

/** The number a card's link shows (its label and then the figure, e.g. '1.080'). */
async function figureOf(page: Page, label: RegExp) {
  const link = page.getByRole('main').getByRole('link', { name: label });
  return ((await link.locator('.tabular-nums').textContent()) ?? '').trim();
}

test.describe('dashboard', () => {
  test('shows the window asked for, and each card leads to the very tickets it counts', async ({ page }) => {
    // Four round trips to the list and back, axe and an export: 34 s on a loaded CI machine.
    test.slow();
    await openAs(page, dashboardUser, '/dashboard');
    await expect(page.getByText('Bom dia!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Últimos 30 dias' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(/^Última atualização: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    // The bulk data is from 2025: nothing in the last 30 days.
    await expect(page.getByText('Nenhum chamado analisado no período.')).toBeVisible();

    await page.getByRole('button', { name: 'Últimos 7 dias' }).click();
    await expect(page).toHaveURL(/\/dashboard\?days=7$/);

    // Dates typed as dd/mm/aaaa whatever the browser's locale; digits alone are masked.
    await page.getByLabel('Data inicial').pressSequentially('02062025');
    await expect(page.getByLabel('Data inicial')).toHaveValue('02/06/2025');
    await page.getByLabel('Data final').fill('31/02/2025');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Data inválida. Use dd/mm/aaaa.')).toBeVisible();
    await page.getByLabel('Data final').fill('04/06/2025');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/\/dashboard\?start_date=2025-06-02&end_date=2025-06-04$/);
    await expect(page.getByText('Período: 02/06/2025 a 04/06/2025')).toBeVisible();

    const { average, analysed } = expectedCsat();
    await expect(page.getByText(`${average}/10`)).toBeVisible();
    expect(await figureOf(page, /^Total de chamados/)).toBe(analysed.toLocaleString('pt-BR'));
    await expect(page.getByRole('link', { name: /^procon/ })).toBeVisible();
    await expectAccessible(page);

    // 'Exportar CSV' gives the window's tickets, every one of them.
    const created = await figureOf(page, /^Criados no período/);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = fs.readFileSync(await (await downloading).path(), 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toContain('Título');
    expect((lines.length - 1).toLocaleString('pt-BR')).toBe(created);

    for (const label of [/^Negativo/, /^Sinais de alerta/, /^CSAT abaixo de 7/, /^Total de chamados/]) {
      const figure = await figureOf(page, label);
      expect(Number(figure.replace('.', ''))).toBeGreaterThan(0);
      await page.getByRole('main').getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(/\/tickets\?start_date=2025-06-02&end_date=2025-06-04&/);
      await expect(page.getByText(new RegExp(`^1–20 de ${figure.replace('.', '\\.')}$`))).toBeVisible();
      await page.goBack();
      await expect(page.getByText('Período: 02/06/2025 a 04/06/2025')).toBeVisible();
    }
  });

  test('a days window links with its exact instants', async ({ page }) => {
    await openAs(page, dashboardUser, '/dashboard?days=90');
    await expect(page.getByRole('button', { name: 'Últimos 90 dias' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Resolvidos/ })
      .click();
    await expect(page).toHaveURL(
      /start_date=20\d\d-\d\d-\d\dT03%3A00%3A00\.000Z&end_date=20.+&solved_status=solved/,
    );
    await expect(page.getByText('Nenhum chamado encontrado.')).toBeVisible();
  });

  test('says so in an amber banner when the figures cannot be loaded, and recovers', async ({ page }) => {
    test.slow(); // the client retries a server error three times before giving up
    await page.route('**/api/v1/analytics/dashboard**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"internal_error","detail":"x"}',
      }),
    );
    await openAs(page, dashboardUser, '/dashboard');
    const banner = page.getByRole('alert').filter({ hasText: 'Erro ao carregar dados do dashboard.' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await page.unroute('**/api/v1/analytics/dashboard**');
    await banner.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('heading', { name: 'CSAT médio' })).toBeVisible();
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, dashboardUser, '/dashboard?start_date=2025-06-01&end_date=2025-06-09');
    await expect(page.getByRole('heading', { name: 'CSAT médio' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
