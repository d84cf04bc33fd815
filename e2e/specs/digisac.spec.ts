import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { fakeDigisacTickets, fakeDigisacToken } from '../../apps/api/src/test/fake-digisac.ts';
import { digisacUser } from '../fixtures.ts';
import { expectAccessible, openAs } from './helpers.ts';

// The DigiSac integration end to end (issue 19): 'Testar conexão' in Settings against the fake
// DigiSac that playwright.config.ts starts beside the server (300 tickets, newest first), then the
// tickets screen's DigiSac tab paging through them. A tenant of its own per attempt: the tab must
// stay absent for every other spec's tenant. Screenshots go to .cache/screenshots/digisac-*.png;
// docs/screenshots/ keeps copies.

const shots = path.join(import.meta.dirname, '..', '..', '.cache', 'screenshots');
const shot = (name: string) => path.join(shots, `digisac-${name}.png`);
const fakeHost = `http://127.0.0.1:${process.env.E2E_DIGISAC_PORT}`;
const allTickets = fakeDigisacTickets(300);
const newest = allTickets[0] as (typeof allTickets)[number];

test.use({ colorScheme: 'light' });

const save = (page: Page) => page.getByRole('button', { name: 'Salvar Configurações', exact: true });
const testButton = (page: Page) => page.getByRole('button', { name: 'Testar conexão', exact: true });
const testResult = (page: Page) => page.getByTestId('digisac-test-result');
const digisacTable = (page: Page) => page.getByRole('table', { name: 'Chamados do DigiSac' });
const bodyRows = (page: Page) => digisacTable(page).locator('tbody tr');

async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('connects in Settings, then pages through the DigiSac tickets', async ({ page }, testInfo) => {
  test.slow(); // two screens, four screenshots and axe twice
  const user = digisacUser(testInfo.retry);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, user, '/settings');
  await expect(page.getByRole('heading', { name: 'Configurações da Conta' })).toBeVisible();

  // ── Settings: 'Testar conexão' with what is typed, nothing saved yet ──────────────────────────
  const host = page.getByLabel('Endereço do DigiSac', { exact: true });
  await expect(page.getByText('URL deve começar com https://')).toHaveCount(0);
  await expect(page.getByText(/Use https:\/\//)).toBeVisible();
  await host.fill(fakeHost);
  const token = page.getByLabel('Token do DigiSac', { exact: true });
  await token.fill('token-errado-1234');

  const request = page.waitForRequest(
    (r) => r.url().endsWith('/api/v1/tenants/settings/digisac/test') && r.method() === 'POST',
  );
  await testButton(page).click();
  expect((await request).postDataJSON()).toEqual({
    digisac_host: fakeHost,
    digisac_token: 'token-errado-1234',
  });
  await expect(testResult(page)).toContainText('Token do DigiSac inválido ou expirado');

  await token.fill(fakeDigisacToken);
  await testButton(page).click();
  await expect(testResult(page)).toContainText('Conectado como Ana Atendente');
  await expectAccessible(page);
  await testResult(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('settings-test-1366-light') });

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageOverflow(page), 'the settings page is wider than the screen').toBeLessThanOrEqual(0);
  await testResult(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('settings-test-390-light') });
  await page.setViewportSize({ width: 1366, height: 900 });

  // ── Save: the token is never shown again, only its last 4 characters ─────────────────────────
  await save(page).click();
  await expect(page.getByText('Configurações da conta atualizadas com sucesso!')).toBeVisible();
  await expect(save(page)).toBeDisabled();
  const newToken = page.getByLabel('Novo token do DigiSac', { exact: true });
  await expect(newToken).toHaveValue('');
  await expect(page.getByText(`Token salvo: ••••${fakeDigisacToken.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(fakeDigisacToken);
  await expect(page.getByText('Configurada', { exact: true })).toBeVisible();

  // Nothing typed: the stored host and token are tested (an empty body).
  const stored = page.waitForRequest(
    (r) => r.url().endsWith('/api/v1/tenants/settings/digisac/test') && r.method() === 'POST',
  );
  await testButton(page).click();
  expect((await stored).postDataJSON()).toEqual({});
  await expect(testResult(page)).toContainText('Conectado como Ana Atendente');
  await expect(page.getByText('Configurações da conta atualizadas com sucesso!')).toBeHidden(); // the toast
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot('settings-saved-1366-light') });

  // ── The DigiSac tab ───────────────────────────────────────────────────────────────────────────
  await page.getByRole('navigation').getByRole('link', { name: 'Chamados' }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('tab', { name: 'DigiSac' }).click();
  await expect(bodyRows(page)).toHaveCount(10);
  const first = bodyRows(page).first();
  await expect(first.getByRole('cell').first()).toHaveText(String(newest.protocol));
  await expect(first).toContainText(newest.contact.name);
  await expect(first).toContainText(newest.contact.data.number);
  await expect(first).toContainText(newest.isOpen ? 'Aberto' : 'Fechado');
  await expect(page.getByText('Página 1 de 30')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Primeira página' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
  await expectAccessible(page);
  await page.screenshot({ path: shot('tab-1366-light'), fullPage: true });

  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page.getByText('Página 2 de 30')).toBeVisible();
  await expect(bodyRows(page).first().getByRole('cell').first()).toHaveText(String(allTickets[10]?.protocol));
  await expect(bodyRows(page)).toHaveCount(10);

  await page.getByRole('button', { name: 'Última página' }).click();
  await expect(page.getByText('Página 30 de 30')).toBeVisible();
  await expect(bodyRows(page).first().getByRole('cell').first()).toHaveText(
    String(allTickets[290]?.protocol),
  );
  await expect(bodyRows(page).last().getByRole('cell').first()).toHaveText(String(allTickets[299]?.protocol));
  await expect(page.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Última página' })).toBeDisabled();

  await page.getByLabel('Por página', { exact: true }).selectOption('50');
  await expect(page.getByText('Página 1 de 6')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(50);
  await expect(bodyRows(page).first().getByRole('cell').first()).toHaveText(String(newest.protocol));

  // ── On a phone: the page keeps its width, the table scrolls inside its card ─────────────────
  await page.getByLabel('Por página', { exact: true }).selectOption('10');
  await expect(bodyRows(page)).toHaveCount(10);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(digisacTable(page)).toBeVisible();
  expect(await pageOverflow(page), 'the tickets page is wider than the screen').toBeLessThanOrEqual(0);
  const scroller = page.getByRole('region', { name: 'Chamados do DigiSac' });
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, 'the table scrolls sideways inside its card').toBeGreaterThan(clientWidth);
  const box = await scroller.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, 'the table card is inside the screen').toBe(true);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot('tab-390-light'), fullPage: true });
});
