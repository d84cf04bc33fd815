import { expect, type Page, test } from '@playwright/test';
import { otherUser as other, otherTenant } from '../fixtures.ts';
import { expectAccessible, openAs } from './helpers.ts';

// As the second organisation: saving here does not change the demo tenant other specs read.
async function openSettings(page: Page) {
  await openAs(page, other, '/settings');
  await expect(page.getByRole('heading', { name: 'Configurações da Conta' })).toBeVisible();
}

const save = (page: Page) => page.getByRole('button', { name: 'Salvar Configurações', exact: true });
const discard = (page: Page) => page.getByRole('button', { name: 'Descartar Alterações', exact: true });

test.describe.configure({ mode: 'serial' }); // both tests write the same tenant's settings

test('validation messages, discard, and the buttons only when something changed', async ({ page }) => {
  await openSettings(page);
  await expect(save(page)).toBeDisabled();
  await expect(discard(page)).toBeDisabled();

  const name = page.getByLabel('Nome da conta');
  const wait = page.getByLabel('Tempo máximo de espera do cliente (minutos)');
  const host = page.getByLabel('Endereço do DigiSac');
  const original = await name.inputValue();

  await name.fill('   ');
  await wait.fill('1441');
  await host.fill('ftp://exemplo.com');
  await expect(save(page)).toBeEnabled();
  await save(page).click();
  await expect(page.getByText('Por favor, corrija os erros no formulário')).toBeVisible();
  await expect(page.getByText('Nome do tenant é obrigatório')).toBeVisible();
  await expect(page.getByText('Tempo deve estar entre 1 e 1440 minutos (24 horas)')).toBeVisible();
  await expect(page.getByText('URL deve começar com https://')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await host.fill('https://exa mple.com');
  await expect(page.getByText('URL inválida')).toBeVisible();
  await expectAccessible(page);

  await discard(page).click();
  await expect(name).toHaveValue(original);
  await expect(page.getByText('URL inválida')).toBeHidden();
  await expect(save(page)).toBeDisabled();
});

test('saves, keeps the values after a reload, and never shows the token', async ({ page }) => {
  await openSettings(page);
  const name = page.getByLabel('Nome da conta');
  const newName = `Outra Empresa ${Date.now()}`;
  const host = page.getByLabel('Endereço do DigiSac');
  const wait = page.getByLabel('Tempo máximo de espera do cliente (minutos)');

  try {
    await name.fill(newName);
    await wait.fill('45');
    await host.fill('https://outra.digisac.app');
    await page.getByLabel('Token do DigiSac').fill('tok-e2e-1234567890-abcd');
    await save(page).click();
    await expect(page.getByText('Configurações da conta atualizadas com sucesso!')).toBeVisible();
    await expect(save(page)).toBeDisabled();
    // The shell shows the new name at once.
    await expect(page.getByRole('complementary').getByText(newName)).toBeVisible();

    await page.reload();
    await expect(name).toHaveValue(newName);
    await expect(wait).toHaveValue('45');
    await expect(host).toHaveValue('https://outra.digisac.app');
    await expect(page.getByText('Token salvo: ••••abcd')).toBeVisible();
    const newToken = page.getByLabel('Novo token do DigiSac');
    await expect(newToken).toHaveValue('');
    expect(await page.content()).not.toContain('tok-e2e-1234567890');
    await expect(page.getByText('Configurada', { exact: true })).toBeVisible();
    await expect(page.getByText('45 minutos')).toBeVisible();

    // Saving something else keeps the token (it is left out of the request).
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/tenants/settings') && r.request().method() === 'PUT',
    );
    await wait.fill('50');
    await save(page).click();
    expect((await saved).request().postDataJSON()).not.toHaveProperty('digisac_token');
    await expect(page.getByText('Token salvo: ••••abcd')).toBeVisible();
    await expect(save(page)).toBeDisabled();

    // Removing it on purpose sends null. (The form takes the saved values back just after the
    // answer: a tick for the check to be lost in, hence checked until it holds.)
    const removeToken = page.getByRole('checkbox', { name: 'Remover o token salvo' });
    await expect(async () => {
      await removeToken.check();
      await expect(newToken).toBeDisabled({ timeout: 1000 });
    }).toPass();
    const removal = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/tenants/settings') && r.method() === 'PUT',
    );
    await save(page).click();
    expect((await removal).postDataJSON()).toMatchObject({ digisac_token: null });
    await expect(page.getByText('Nenhum token salvo.')).toBeVisible();
    await expect(page.getByText('Não configurada')).toBeVisible();
    await expectAccessible(page);
  } finally {
    // Leave the organisation as the fixtures made it.
    await page.goto('/settings');
    await name.fill(otherTenant.name);
    await wait.fill('30');
    await host.fill('');
    if (await save(page).isEnabled()) {
      await save(page).click();
      await expect(save(page)).toBeDisabled();
    }
  }
});

test('asks before leaving with unsaved changes, and lets the user stay', async ({ page }) => {
  await openSettings(page);
  const name = page.getByLabel('Nome da conta');
  const original = await name.inputValue();
  await name.fill(`${original} (rascunho)`);

  await page.getByRole('navigation').getByRole('link', { name: 'Chamados' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Há alterações não salvas nesta tela.');
  await ask.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(name).toHaveValue(`${original} (rascunho)`);

  await page.getByRole('navigation').getByRole('link', { name: 'Chamados' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(page).toHaveURL(/\/tickets$/);

  // Nothing changed, nothing asked.
  await page.goto('/settings');
  await expect(name).toHaveValue(original);
  await page.getByRole('navigation').getByRole('link', { name: 'Chamados' }).click();
  await expect(page).toHaveURL(/\/tickets$/);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the settings page, its analysis-quality table included, fits the width', async ({ page }) => {
    await openSettings(page);
    const quality = page.getByRole('region', { name: 'Qualidade da análise' });
    await expect(quality.getByRole('row')).toHaveCount(5); // header + 4 fields
    await expect(quality.getByRole('columnheader', { name: 'Concordância' })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'the page is wider than the screen').toBeLessThanOrEqual(390);
    const table = await quality.getByRole('table', { name: 'Avaliações por campo' }).boundingBox();
    expect(table && table.x >= 0 && table.x + table.width <= 390, 'the table is inside the screen').toBe(
      true,
    );
    if (process.env.E2E_SHOTS)
      await quality.screenshot({ path: `${process.env.E2E_SHOTS}/settings-quality-390.png` });
  });
});
