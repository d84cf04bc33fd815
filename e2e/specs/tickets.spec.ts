import { expect, type Page, test } from '@playwright/test';
import { dashboardUser, demo, otherUser as other } from '../fixtures.ts';
import { expectAccessible, openAs, signIn } from './helpers.ts';

const NEGATIVE =
  'Estou muito insatisfeito, péssimo atendimento. Já liguei três vezes e ninguém resolve. Vou cancelar e registrar reclamação no Procon.';
const POSITIVE =
  'Muito obrigado, o atendimento foi excelente e o problema foi resolvido rapidamente. Adorei!';

/** A word no other spec (or seed row) contains, to find this test's tickets. */
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens the create form ('Novo Chamado') unless it is open. */
async function openCreateForm(page: Page) {
  const toggle = page.getByRole('button', { name: 'Novo Chamado' });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByRole('textbox', { name: 'Conteúdo' })).toBeVisible();
}

/** Unfolds the filters unless they are open. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^(Mostrar|Ocultar) filtros$/ });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByRole('button', { name: 'Aplicar' })).toBeVisible();
}

/** Fills the create form; `analyse` presses 'Criar e Analisar' instead of 'Criar Chamado'. */
async function createTicket(page: Page, title: string, content: string, analyse = false) {
  await openCreateForm(page);
  await page.getByLabel('Título').fill(title);
  await page.getByRole('textbox', { name: 'Conteúdo' }).fill(content);
  await page.getByRole('button', { name: analyse ? 'Criar e Analisar' : 'Criar Chamado' }).click();
  await expect(page.getByText('Chamado criado').first()).toBeVisible();
  if (analyse) await expect(page.getByText('Análise concluída').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Conteúdo' })).toHaveValue('');
}

const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

// Each test creates and analyses its own tickets through the UI: give a busy machine room.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signInAs(page, demo.email, demo.password);
});

test('creates a ticket; Ctrl+Enter creates, analyses and opens it with its analysis', async ({ page }) => {
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Chamados', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Internos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'DigiSac' })).toHaveCount(0); // not configured
  // The list is the screen's main content: the form opens on demand, the title field focused.
  await expect(page.getByRole('textbox', { name: 'Conteúdo' })).toBeHidden();
  await page.getByRole('button', { name: 'Novo Chamado' }).click();
  await expect(page.getByLabel('Título')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Criar Chamado' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Criar e Analisar' })).toBeDisabled();
  await expectAccessible(page);

  const plain = unique('Simples ');
  await page.getByLabel('Título').fill(plain);
  await page.getByRole('textbox', { name: 'Conteúdo' }).fill(POSITIVE);
  await page.getByRole('button', { name: 'Criar Chamado' }).click();

  // The toast sits top right and closes when clicked.
  const created = page.locator('[data-sonner-toast]').filter({ hasText: 'Chamado criado' });
  await expect(created).toBeVisible();
  // Hovering the toaster at once spreads its stack and holds every toast (each closes after 5 s,
  // which a loaded machine can spend before the next step); another spec's alert toast for the
  // same tenant may be on top of ours. Forced: waiting for the front toast to stop moving, while
  // other specs' alerts keep arriving, can outlast ours.
  await page.locator('[data-sonner-toast][data-front="true"]').hover({ force: true });
  await expect(created).toBeVisible();
  // The toaster's place, not our toast's: with another toast in front, ours is lower in the stack.
  const box = await page.locator('[data-sonner-toaster]').boundingBox();
  expect(box && box.x > 640 && box.y < 200, `toaster at ${JSON.stringify(box)}`).toBe(true);
  await created.click();
  await expect(created).toHaveCount(0);
  // After the click: on a loaded machine axe outlasted the toast's 5 s even with the stack held.
  await expectAccessible(page);
  await expect(row(page, plain)).toContainText('Pendente');

  // Customer search from 2 characters, picked with the keyboard.
  const title = unique('Procon ');
  await openCreateForm(page);
  await page.getByLabel('Título').fill(title);
  const combo = page.getByRole('combobox', { name: 'Cliente' });
  await combo.fill('Maria');
  await expect(page.getByRole('option').first()).toContainText('Maria');
  await combo.press('ArrowDown');
  await combo.press('Enter');
  await expect(page.getByRole('button', { name: /^Remover Maria/ })).toBeVisible();
  const content = page.getByRole('textbox', { name: 'Conteúdo' });
  await content.fill(NEGATIVE);
  await content.press('Control+Enter');

  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Análise de IA' });
  await expect(panel.getByText('Negativo', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^\d+(,\d)?\/10$/)).toBeVisible();
  await expect(panel.getByText('Necessário', { exact: true })).toBeVisible();
  await expect(panel.getByText('Queixa a órgão regulador (Procon, Anatel…)', { exact: true })).toBeVisible();
  await expect(panel.getByText('Ameaça de cancelamento ligada ao problema', { exact: true })).toBeVisible();
  await expect(
    panel.getByText('Contato repetido ou falha repetida sem solução', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Informações' })).toContainText('Maria');
  await expect(panel.getByText(/Versão 1/)).toBeVisible();
  await expectAccessible(page);

  // Collapsible content.
  await page.getByRole('button', { name: 'Ocultar conteúdo' }).click();
  await expect(page.getByText(NEGATIVE)).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar conteúdo' }).click();
  await expect(page.getByText(NEGATIVE)).toBeVisible();

  // Reprocessing asks first; cancelling keeps the version, confirming adds one.
  await panel.getByRole('button', { name: 'Reprocessar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Tem certeza que deseja reprocessar a análise? Isso pode sobrescrever os dados existentes.',
  );
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(/Versão 1/)).toBeVisible();
  await panel.getByRole('button', { name: 'Reprocessar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reprocessar' }).click();
  await expect(panel.getByText(/Versão 2/)).toBeVisible();

  await page.getByRole('link', { name: 'Voltar para chamados' }).click();
  await expect(page).toHaveURL(/\/tickets$/);
});

test('filters round-trip through the URL', async ({ page }) => {
  const tag = unique('filtro');
  await page.goto('/tickets');
  await createTicket(page, `${tag} negativo`, `${tag} ${NEGATIVE}`, true);
  await createTicket(page, `${tag} positivo`, `${tag} ${POSITIVE}`, true);

  await openFilters(page);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await page.getByLabel('Sentimento').selectOption('negative');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  await expect(page).toHaveURL(/[?&]sentiment=negative(&|$)/);
  await expect(row(page, `${tag} negativo`)).toBeVisible();
  await expect(row(page, `${tag} positivo`)).toHaveCount(0);

  // Reloading (or sharing) the URL restores the filters.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(tag);
  await expect(page.getByLabel('Sentimento')).toHaveValue('negative');
  await expect(row(page, `${tag} negativo`)).toBeVisible();
  await expect(row(page, `${tag} positivo`)).toHaveCount(0);

  // Every other filter through the form, then back from a ticket to the same filtered list.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const typedToday = today.split('-').reverse().join('/'); // dd/mm/aaaa
  await page.goto(`/tickets?q=${tag}`);
  // The panel stays unfolded: the choice is remembered.
  await expect(page.getByRole('button', { name: 'Ocultar filtros' })).toBeVisible();
  await page.getByLabel('De', { exact: true }).fill(typedToday);
  await page.getByLabel('Até', { exact: true }).fill(typedToday);
  await page.getByLabel('Termo de alerta').fill('procon');
  await page.getByLabel('CSAT menor que').fill('7');
  await page.getByRole('checkbox', { name: 'Requer escalonamento' }).click();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  for (const part of [
    `start_date=${today}`,
    `end_date=${today}`,
    'red_flag_term=procon',
    'csat_lt=7',
    'requires_escalation=true',
  ]) {
    await expect(page).toHaveURL(new RegExp(`[?&]${part}(&|$)`));
  }
  await expect(row(page, `${tag} negativo`)).toBeVisible();
  await expect(row(page, `${tag} positivo`)).toHaveCount(0);
  const filtered = page.url();
  await page.reload();
  await expect(page.getByLabel('Termo de alerta')).toHaveValue('procon');
  await expect(page.getByLabel('De', { exact: true })).toHaveValue(typedToday);
  await expect(page.getByRole('checkbox', { name: 'Requer escalonamento' })).toBeChecked();
  await row(page, `${tag} negativo`)
    .getByRole('link', { name: `${tag} negativo`, exact: true })
    .click();
  await page.getByRole('link', { name: 'Voltar para chamados' }).click();
  await expect(page).toHaveURL(filtered);

  // A range that ends before it starts is refused by the field, the URL untouched.
  await page.getByLabel('De', { exact: true }).fill('10/03/2026');
  await page.getByLabel('Até', { exact: true }).fill('01/03/2026');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('A data final deve ser igual ou posterior à inicial.')).toBeVisible();
  await expect(page).toHaveURL(filtered);
  await page.getByLabel('Até', { exact: true }).fill('31/02/2026');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Data inválida. Use dd/mm/aaaa.')).toBeVisible();
  await expect(page).toHaveURL(filtered);

  await page.goto(`/tickets?q=${tag}&sentiment=positive&csat_gte=7`);
  await expect(page.getByLabel('CSAT maior ou igual a')).toHaveValue('7');
  await expect(row(page, `${tag} positivo`)).toBeVisible();
  await expect(row(page, `${tag} negativo`)).toHaveCount(0);

  await page.goto(`/tickets?q=${tag}&contains_red_flags=true`);
  await expect(page.getByRole('checkbox', { name: 'Contém sinais de alerta' })).toBeChecked();
  await expect(row(page, `${tag} negativo`)).toBeVisible();
  await expect(row(page, `${tag} positivo`)).toHaveCount(0);

  await page.goto(`/tickets?q=${tag}&solved_status=solved&sentiment=negative`);
  await expect(page.getByText('Nenhum chamado encontrado.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar', exact: true }).click();
  await expect(page).toHaveURL(/\/tickets$/);
});

test('flags, unflags and analyses in bulk', async ({ page }) => {
  const tag = unique('lote');
  await page.goto('/tickets');
  await createTicket(page, `${tag} um`, NEGATIVE);
  await createTicket(page, `${tag} dois`, POSITIVE);
  await page.goto(`/tickets?q=${tag}`);
  await expect(page.getByRole('row')).toHaveCount(3); // header + 2

  await row(page, `${tag} um`)
    .getByRole('button', { name: `Marcar ${tag} um` })
    .click();
  await expect(row(page, `${tag} um`).getByRole('button', { name: `Desmarcar ${tag} um` })).toBeVisible();
  await row(page, `${tag} um`)
    .getByRole('button', { name: `Desmarcar ${tag} um` })
    .click();
  await expect(row(page, `${tag} um`).getByRole('button', { name: `Marcar ${tag} um` })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).click();
  const bulk = page.getByRole('region', { name: 'Ações em lote' });
  await expect(bulk).toContainText('2 chamados selecionados');
  await bulk.getByRole('button', { name: 'Marcar todos', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Desmarcar lote/ })).toHaveCount(2);
  await expect(page.getByText('2 chamados marcados.')).toBeVisible();
  await bulk.getByRole('button', { name: 'Desmarcar todos' }).click();
  await expect(page.getByRole('button', { name: /^Marcar lote/ })).toHaveCount(2);
  await expect(page.getByText('2 chamados desmarcados.')).toBeVisible();

  await expect(row(page, `${tag} um`)).toContainText('Pendente');
  await bulk.getByRole('button', { name: 'Analisar selecionados' }).click();
  await expect(row(page, `${tag} um`)).toContainText('Analisado');
  await expect(row(page, `${tag} dois`)).toContainText('Analisado');
  await expect(page.getByText('2 de 2 chamados analisados.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ações em lote' })).toHaveCount(0);

  // Analysed tickets are reprocessed only when the agent says so: cancelling keeps version 1.
  await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).click();
  await bulk.getByRole('button', { name: 'Analisar selecionados' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('2 dos chamados selecionados já têm análise.');
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toBeHidden();
  await bulk.getByRole('button', { name: 'Analisar selecionados' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reprocessar' }).click();
  await expect(
    page.getByText('2 de 2 chamados analisados (2 reprocessados, com nova versão).'),
  ).toBeVisible();

  // A page past the end of the list (an old link) steps back to the last one, in place.
  await page.goto(`/tickets?q=${tag}&page=3`);
  await expect(page).toHaveURL(new RegExp(`/tickets\\?q=${tag}$`));
  await expect(page.getByRole('row')).toHaveCount(3);

  // A row opens its ticket.
  await row(page, `${tag} dois`).getByRole('cell').nth(2).click();
  await expect(page.getByRole('heading', { name: `${tag} dois`, level: 1 })).toBeVisible();
});

test('an unknown ticket says its data is not available', async ({ page }) => {
  await page.goto('/tickets/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Dados do chamado não disponíveis')).toBeVisible();
  await expectAccessible(page);
});

test("another tenant never sees demo's tickets", async ({ page, browser }) => {
  const title = unique('Sigilo ');
  await page.goto('/tickets');
  await createTicket(page, title, NEGATIVE);
  await row(page, title).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const detailPath = new URL(page.url()).pathname;

  const context = await browser.newContext();
  const outra = await context.newPage();
  await signInAs(outra, other.email, other.password);
  await outra.goto('/tickets');
  await expect(outra.getByRole('heading', { name: 'Chamados', level: 1 })).toBeVisible();
  await expect(outra.getByRole('table')).toBeVisible();
  await expect(outra.getByText(title)).toHaveCount(0);
  await outra.goto(`/tickets?q=${encodeURIComponent(title)}`);
  await expect(outra.getByText('Nenhum chamado encontrado.')).toBeVisible();
  await outra.goto(detailPath);
  await expect(outra.getByText('Dados do chamado não disponíveis')).toBeVisible();
  await context.close();
});

test.describe('at 1366×900 in an en-US browser', () => {
  test.use({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });

  test('the list comes first, and dates are typed and shown as dd/mm/aaaa', async ({ page }) => {
    await page.goto('/tickets');
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    // Wholly on screen without scrolling (retried: the list may render again as it refreshes).
    await expect(firstRow).toBeInViewport({ ratio: 1 });

    // Triage: sentiment, CSAT and status columns; CSAT sorts the list (highest first, then lowest).
    for (const column of ['Sentimento', 'CSAT', 'Situação', 'Criado em']) {
      await expect(page.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeVisible();
    }
    await page.getByRole('columnheader', { name: /^CSAT/ }).getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=csat_score(&|$)/);
    await expect(page.getByRole('columnheader', { name: /^CSAT/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const csatOf = async (n: number) =>
      Number(
        ((await page.getByRole('table').getByRole('row').nth(n).getByRole('cell').nth(4).textContent()) ?? '')
          .replace('/10', '')
          .replace(',', '.'),
      );
    // Polled: the previous order stays on screen (placeholder data) until the sorted page arrives.
    await expect.poll(async () => (await csatOf(1)) >= (await csatOf(2))).toBe(true);
    await page.getByRole('columnheader', { name: /^CSAT/ }).getByRole('button').click();
    await expect(page).toHaveURL(/[?&]order=asc(&|$)/);
    await expect(page.getByRole('columnheader', { name: /^CSAT/ })).toHaveAttribute('aria-sort', 'ascending');

    // A dashboard link's exact instant shows as its São Paulo day, and stays exact when re-applied.
    await page.goto('/tickets?start_date=2025-06-02T03:00:00.000Z&end_date=2025-06-04');
    await openFilters(page);
    await expect(page.getByLabel('De', { exact: true })).toHaveValue('02/06/2025');
    await expect(page.getByLabel('Até', { exact: true })).toHaveValue('04/06/2025');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/start_date=2025-06-02T03%3A00%3A00\.000Z&end_date=2025-06-04/);
    await page.getByLabel('De', { exact: true }).fill('');
    await page.getByLabel('De', { exact: true }).pressSequentially('01062025');
    await expect(page.getByLabel('De', { exact: true })).toHaveValue('01/06/2025');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/start_date=2025-06-01&end_date=2025-06-04/);
  });
});

test("at 1366×900 the table's heading stays in sight while the page scrolls down", async ({ browser }) => {
  // The dashboard tenant's thousands of tickets: a full page of 20 rows, taller than the window.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await openAs(page, dashboardUser, '/tickets');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(21);
  const heading = page.getByRole('columnheader', { name: 'Título' });
  const headingTop = (await heading.boundingBox())?.y ?? 0;
  await page.mouse.move(683, 600);
  await page.mouse.wheel(0, 1000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(headingTop);
  // The first rows went up under the app's header; the heading sticks right below it.
  await expect(rows.nth(1)).not.toBeInViewport();
  await expect(heading).toBeInViewport({ ratio: 1 });
  const box = await heading.boundingBox();
  expect(box && box.y >= 50 && box.y <= 70, `heading at ${JSON.stringify(box)}`).toBe(true);
  await context.close();
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a ticket row's actions are in reach without sideways scrolling", async ({ page }) => {
    await page.goto('/tickets');
    // One ticket's row, found by its title: other specs add tickets meanwhile (newest first), so
    // the third row may become another ticket's while the list refreshes.
    const table = page.getByRole('table');
    const title = (await table.getByRole('row').nth(3).getByRole('link').first().textContent()) ?? '';
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: title, exact: true }) })
      .first();
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.scrollIntoViewIfNeeded();
    for (const action of [
      row.getByRole('button', { name: /^(Marcar|Desmarcar) / }),
      row.getByRole('button', { name: /^(Analisar|Reprocessar) / }),
      row.getByRole('link', { name: /^Detalhes de / }),
      row.getByRole('checkbox', { name: /^Selecionar / }),
    ]) {
      await action.scrollIntoViewIfNeeded(); // vertically only: the page cannot scroll sideways
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    await expectAccessible(page);
  });
});

test('a list that failed says it is trying again, then shows the tickets', async ({ page }) => {
  let failures = 0;
  await page.route('**/api/v1/tickets?**', (route) => {
    if (failures >= 1) return route.continue();
    failures++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"code":"unavailable","detail":"x"}',
    });
  });
  await page.goto('/tickets');
  await expect(page.getByText('Não foi possível carregar os chamados. Tentando novamente…')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Não foi possível carregar os chamados. Tentando novamente…')).toBeHidden();
});
