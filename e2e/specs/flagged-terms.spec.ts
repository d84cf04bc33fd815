import { expect, test } from '@playwright/test';
import { demo, otherUser as other } from '../fixtures.ts';
import { expectAccessible, openAs } from './helpers.ts';

// Several screens and a second browser per test on a busy machine.
test.slow();

const unique = () => `termo${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('flagged terms: add, refuse blanks and duplicates, search, toggle, delete', async ({ page }) => {
  await openAs(page, demo, '/flagged-terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Termos Sinalizados' })).toBeVisible();
  await expect(
    page.getByText('Os termos ativos são detectados automaticamente nas mensagens dos clientes.'),
  ).toBeVisible();
  await expect(page.getByText(/\d+ termos? · \d+ ativos?/)).toBeVisible();
  await expectAccessible(page);

  // Blank or whitespace only: refused on the spot.
  const input = page.getByLabel('Novo termo');
  await input.fill('   ');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('O termo não pode ficar em branco.')).toBeVisible();

  // Enter submits.
  const term = unique();
  await input.fill(term);
  await input.press('Enter');
  await expect(page.getByText('Termo adicionado com sucesso')).toBeVisible();
  await expect(input).toHaveValue('');
  const row = page.getByRole('row').filter({ hasText: term });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();

  // The same term again (other case): the server's detail by the field, and only there.
  await input.fill(term.toUpperCase());
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Este termo já está cadastrado.')).toHaveCount(1);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Erro ao adicionar termo')).toHaveCount(0);
  // A stale refusal goes as soon as the text changes.
  await input.press('End');
  await input.press('Backspace');
  await expect(page.getByText('Este termo já está cadastrado.')).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await input.fill('');

  // Search: the header names it.
  const search = page.getByLabel('Buscar termos');
  await search.fill(term);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText(`1 termo · 1 ativo · busca: “${term}”`)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  // Toggle: off, and it stays off after a reload.
  const toggle = page.getByRole('switch', { name: `Termo ${term} ativo` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Status do termo alterado com sucesso')).toBeVisible();
  await expect(row.getByText('Inativo', { exact: true })).toBeVisible();
  await expect(page.getByText(`1 termo · 0 ativos · busca: “${term}”`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: `Termo ${term} ativo` })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  // A search with no match.
  await page.getByLabel('Buscar termos').fill(`${term}naoexiste`);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Nenhum termo encontrado')).toBeVisible();
  await expect(page.getByText('Tente ajustar os filtros de busca')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar' }).click();
  await expect(page.getByLabel('Buscar termos')).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: term })).toBeVisible();

  // Delete: asked first; Cancelar keeps the row and the focus.
  const remove = page.getByRole('button', { name: `Excluir ${term}` });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir termo?' });
  await expect(confirm).toContainText(`“${term}”`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: term })).toBeVisible();

  await remove.click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Termo removido com sucesso')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: term })).toHaveCount(0);
  // The row's button is gone: the focus goes to the add-term input, ready for the next term.
  await expect(input).toBeFocused();
});

test('flagged terms: edit a term’s text; a duplicate is refused by the field', async ({ page }) => {
  const term = unique();
  await openAs(page, demo, '/flagged-terms');
  const input = page.getByLabel('Novo termo');
  await input.fill(term);
  await input.press('Enter');
  await expect(page.getByText('Termo adicionado com sucesso')).toBeVisible();

  // Escape cancels: nothing changes, the focus is back on 'Editar'.
  const edit = page.getByRole('button', { name: `Editar ${term}` });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Editar termo' });
  const field = dialog.getByLabel('Termo');
  await expect(field).toHaveValue(term);
  await expectAccessible(page);
  await field.fill(`${term} novo`);
  await field.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: `${term} novo` })).toHaveCount(0);

  // A term that already exists ('golpe', seeded, in other case): refused by the field, no toast.
  await edit.click();
  await field.fill('GOLPE');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Este termo já está cadastrado.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Este termo já está cadastrado.')).toHaveCount(1);
  // Typing clears it; Enter saves.
  await field.fill(`${term} editado`);
  await expect(dialog.getByText('Este termo já está cadastrado.')).toHaveCount(0);
  await field.press('Enter');
  await expect(page.getByText('Termo atualizado com sucesso')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const edited = page.getByRole('row').filter({ hasText: `${term} editado` });
  await expect(edited).toBeVisible();
  await expect(page.getByRole('button', { name: `Editar ${term} editado` })).toBeFocused();

  // It stays edited after a reload.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: `${term} editado` })).toBeVisible();
});

test('flagged terms: a refused toggle flips back, a refused delete keeps the row', async ({ page }) => {
  await openAs(page, demo, '/flagged-terms');
  const row = page.getByRole('row').filter({ hasText: 'golpe' });
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible(); // created at, pt-BR
  const failure = { code: 'internal', detail: 'Erro interno.', request_id: 'e2e' };
  await page.route('**/api/v1/flagged-terms/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: failure }) : route.fallback(),
  );
  await page.route('**/api/v1/flagged-terms/*/toggle', (route) =>
    route.fulfill({ status: 500, json: failure }),
  );

  const toggle = row.getByRole('switch', { name: 'Termo golpe ativo' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.press('Space'); // the keyboard works the switch
  await expect(page.getByText('Erro ao alterar status do termo')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Excluir golpe' }).click();
  await page
    .getByRole('alertdialog', { name: 'Excluir termo?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByText('Erro ao remover termo')).toBeVisible();
  await expect(row).toBeVisible();
});

test('flagged terms: a second tenant never sees the first tenant’s terms', async ({ page, browser }) => {
  const term = unique();
  await openAs(page, demo, '/flagged-terms');
  await page.getByLabel('Novo termo').fill(term);
  await page.getByLabel('Novo termo').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: term })).toBeVisible();

  const context = await browser.newContext();
  const otherPage = await context.newPage();
  await openAs(otherPage, other, '/flagged-terms');
  await expect(otherPage.getByText(/\d+ termos? · \d+ ativos?/)).toBeVisible();
  await expect(otherPage.getByText(term)).toHaveCount(0);
  await otherPage.getByLabel('Buscar termos').fill(term);
  await otherPage.getByRole('button', { name: 'Buscar' }).click();
  await expect(otherPage.getByText('Nenhum termo encontrado')).toBeVisible();

  // The same text is free in the other tenant (uniqueness is per tenant).
  await otherPage.getByLabel('Novo termo').fill(term);
  await otherPage.getByLabel('Novo termo').press('Enter');
  await expect(otherPage.getByText('Termo adicionado com sucesso')).toBeVisible();
  await context.close();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the terms list fits the width, each row’s actions in sight; axe', async ({ page }) => {
    await openAs(page, demo, '/flagged-terms');
    const row = page.getByRole('row').filter({ hasText: 'golpe' });
    await expect(row.getByRole('switch', { name: 'Termo golpe ativo' })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'the page is wider than the screen').toBeLessThanOrEqual(390);
    for (const name of ['Editar golpe', 'Excluir golpe']) {
      const button = row.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} is inside the screen`).toBe(true);
    }
    await expectAccessible(page);

    // Deleting from a phone: asked first, then the focus goes to the add-term input.
    const input = page.getByLabel('Novo termo');
    const term = unique();
    await input.fill(term);
    await input.press('Enter');
    const added = page.getByRole('row').filter({ hasText: term });
    await added.getByRole('button', { name: `Excluir ${term}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Excluir termo?' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await expect(added).toHaveCount(0);
    await expect(input).toBeFocused();
  });
});
