import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cpfCheckDigits } from '../../packages/contracts/src/documents.ts';
import { demo, otherUser as other } from '../fixtures.ts';
import { expectAccessible, idToken, openAs } from './helpers.ts';

// Several screens and a second browser per test on a busy machine.
test.slow();

const unique = () => `marca${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createMessage(page: Page, content: string, direction: 'Entrada' | 'Saída' = 'Entrada') {
  await page.getByLabel('Direção', { exact: true }).selectOption({ label: direction });
  await page.getByLabel('Conteúdo', { exact: true }).fill(content);
  await page.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByLabel('Conteúdo', { exact: true })).toHaveValue('');
}

/** The demo user's API session, to make a ticket and a customer of the test's own. */
async function apiHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await idToken(request, demo)}` };
}

/** A ticket titled `Chamado <tag>` for a customer named `Cliente <tag>` (a valid CPF). */
async function ticketAndCustomer(request: APIRequestContext, tag: string) {
  const headers = await apiHeaders(request);
  const base = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
  const customer = await request.post('/api/v1/customers', {
    headers,
    data: { name: `Cliente ${tag}`, document: `${base}${cpfCheckDigits(base)}` },
  });
  expect(customer.status()).toBe(201);
  const { id: customerId, document } = (await customer.json()) as { id: string; document: string };
  const ticket = await request.post('/api/v1/tickets', {
    headers,
    data: { title: `Chamado ${tag}`, content: 'O cliente pergunta pelo pedido.', customer_id: customerId },
  });
  expect(ticket.status()).toBe(201);
  const { id: ticketId } = (await ticket.json()) as { id: string };
  return { ticketId, ticketTitle: `Chamado ${tag}`, customerName: `Cliente ${tag}`, document };
}

/** Types into a picker, waits for `option`, then ArrowDown and Enter choose it. */
async function pick(page: Page, label: string, text: string, option: string) {
  const picker = page.getByRole('combobox', { name: label, exact: true });
  await picker.fill(text);
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.locator(`[id="${await picker.getAttribute('aria-controls')}"]`);
  await expect(listbox.getByRole('option').first()).toContainText(option);
  await picker.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-activedescendant', /.+/);
  await picker.press('Enter');
  await expect(picker).toHaveValue(option);
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  return picker;
}

async function searchContent(page: Page, text: string) {
  await page.getByLabel('Buscar conteúdo').fill(text);
  await page.getByRole('button', { name: 'Aplicar' }).click();
}

test('messages: create (analysed on arrival), read the analysis, reprocess, flag', async ({ page }) => {
  await openAs(page, demo, '/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible();
  for (const column of ['ID', 'Conteúdo', 'Direção', 'Chamado', 'Status', 'Ações']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Canal')).toHaveValue('web');
  await expect(page.getByLabel('Direção', { exact: true })).toHaveValue('inbound');
  await expectAccessible(page);

  // Content is required: 'Criar' stays disabled without it (whitespace included).
  const create = page.getByRole('button', { name: 'Criar' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Conteúdo', { exact: true }).fill('   ');
  await expect(create).toBeDisabled();

  // A malformed optional id is refused under its input; an unknown one by the server, also under
  // it (one error per failure: no toast).
  const expert = page.getByLabel('ID do especialista (opcional)');
  await expert.fill('nao-e-um-uuid');
  await page.getByLabel('Conteúdo', { exact: true }).fill('Mensagem com especialista inválido');
  await create.click();
  await expect(page.getByText('Identificador inválido (esperado um UUID).')).toBeVisible();
  await expect(expert).toBeFocused();
  await expert.fill('00000000-0000-4000-8000-000000000000');
  await create.click();
  await expect(page.getByText('Especialista não encontrado.')).toBeVisible();
  await expect(expert).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Erro ao criar mensagem')).toHaveCount(0);
  await expert.fill('');
  await expect(page.getByText('Especialista não encontrado.')).toHaveCount(0);

  // An inbound message holding an active term arrives analysed and flagged.
  const tag = unique();
  const content = `Mensagem ${tag}: acho que sofri uma fraude no boleto, estou muito insatisfeito`;
  await createMessage(page, content);
  await expect(page.getByText('Mensagem criada')).toBeVisible();
  await searchContent(page, tag);
  const row = page.getByRole('row').filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Analisada')).toBeVisible();
  await expect(row.getByText('Marcada', { exact: true })).toBeVisible();
  await expect(row.getByText('Entrada', { exact: true })).toBeVisible();

  // The analysis panel.
  await row.getByRole('button', { name: /^Ver análise/ }).click();
  const panel = page.getByRole('region', { name: 'Análise da mensagem' });
  for (const label of ['Sentimento', 'Intenção', 'Urgência', 'Confiança', 'Idioma detectado']) {
    await expect(panel.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(panel.getByText('Negativo')).toBeVisible();
  await expect(panel.getByText('fraude', { exact: true })).toBeVisible();
  await expect(panel.getByText('Versão 1')).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Copiar sugestão/ }).first()).toBeVisible();
  await expectAccessible(page);

  // Reprocess: a new version.
  await row.getByRole('button', { name: /^Reprocessar mensagem/ }).click();
  await expect(page.getByText('Análise concluída')).toBeVisible();
  await expect(panel.getByText('Versão 2')).toBeVisible();
  await row.getByRole('button', { name: /^Ocultar análise/ }).click();
  await expect(panel).toHaveCount(0);

  // Flag toggle.
  await row.getByRole('button', { name: /^Desmarcar mensagem/ }).click();
  await expect(row.getByText('Marcada', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: /^Marcar mensagem/ }).click();
  await expect(row.getByText('Marcada', { exact: true })).toBeVisible();

  // Delete, after a confirmation that can be cancelled.
  await row.getByRole('button', { name: /^Excluir mensagem/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir mensagem' });
  await expect(confirm.getByText(/Tem certeza que deseja excluir esta mensagem\?/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Excluir mensagem/ }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Mensagem excluída')).toBeVisible();
  await expect(page.getByText('Nenhuma mensagem encontrada.')).toBeVisible();
  // The deleted row's button is gone: the list has the focus, not the page's body.
  await expect(page.getByRole('region', { name: 'Lista de mensagens' })).toBeFocused();
});

test('messages: bulk analyse, flag and unflag the selected rows', async ({ page }) => {
  await openAs(page, demo, '/messages');
  const tag = unique();
  await createMessage(page, `Resposta ${tag} um: obrigado pelo contato`, 'Saída');
  await createMessage(page, `Resposta ${tag} dois: seguimos à disposição`, 'Saída');
  await searchContent(page, tag);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.getByText('Pendente')).toHaveCount(2);
  await expect(rows.getByText('Saída', { exact: true })).toHaveCount(2);

  // Header checkbox selects all, then clears all.
  await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).click();
  await expect(page.getByText('2 selecionadas')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).click();
  await expect(page.getByRole('region', { name: 'Ações em lote' })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).click();
  const bulk = page.getByRole('region', { name: 'Ações em lote' });
  const analyses = [] as string[];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/analyze')) analyses.push(request.url());
  });
  await bulk.getByRole('button', { name: 'Analisar com IA' }).click();
  // Two analyses, then the list's refetch: beyond 10 s once on a loaded CI machine.
  await expect(rows.getByText('Analisada')).toHaveCount(2, { timeout: 30_000 });
  expect(analyses).toHaveLength(2);

  await bulk.getByRole('button', { name: 'Marcar todas', exact: true }).click();
  await expect(rows.getByText('Marcada', { exact: true })).toHaveCount(2);
  await bulk.getByRole('button', { name: 'Desmarcar todas' }).click();
  await expect(rows.getByText('Marcada', { exact: true })).toHaveCount(0);

  await bulk.getByRole('button', { name: 'Limpar seleção' }).click();
  await expect(bulk).toHaveCount(0);

  await searchContent(page, `${tag}naoexiste`);
  await expect(page.getByText('Nenhuma mensagem encontrada.')).toBeVisible();
});

test('messages: a second tenant never sees the first tenant’s messages', async ({ page, browser }) => {
  const tag = unique();
  await openAs(page, demo, '/messages');
  await createMessage(page, `Mensagem ${tag} do tenant demo`);
  await searchContent(page, tag);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(1);

  const context = await browser.newContext();
  const otherPage = await context.newPage();
  await openAs(otherPage, other, '/messages');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await expect(otherPage.getByText(tag)).toHaveCount(0);
  await searchContent(otherPage, tag);
  await expect(otherPage.getByText('Nenhuma mensagem encontrada.')).toBeVisible();
  await context.close();
});

test('messages: ticket and customer chosen in the pickers; the list shows the title and filters by it', async ({
  page,
  request,
}) => {
  const tag = unique();
  const { ticketId, ticketTitle, customerName, document } = await ticketAndCustomer(request, tag);
  await openAs(page, demo, '/messages');

  // Keyboard only: type, ArrowDown, Enter. The customer is found by name, shown with the document.
  const ticketPicker = await pick(page, 'Chamado (opcional)', ticketTitle, ticketTitle);
  const customerPicker = page.getByRole('combobox', { name: 'Cliente (opcional)', exact: true });
  await customerPicker.fill(customerName);
  const formatted = `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
  await expect(page.getByRole('option', { name: new RegExp(customerName) })).toContainText(formatted);
  await expectAccessible(page); // with the list open
  await customerPicker.press('Escape');
  await expect(customerPicker).toHaveAttribute('aria-expanded', 'false');
  await customerPicker.press('ArrowDown');
  await customerPicker.press('ArrowDown');
  await customerPicker.press('Enter');
  await expect(customerPicker).toHaveValue(customerName);
  await expect(page.getByText(formatted)).toBeVisible();

  const requests: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/messages')) requests.push(r.postDataJSON());
  });
  await createMessage(page, `Sobre o pedido ${tag}`);
  expect(requests[0]).toMatchObject({ ticket_id: ticketId, customer_id: expect.any(String) });
  await expect(ticketPicker).toHaveValue('');
  await expect(customerPicker).toHaveValue('');

  await searchContent(page, tag);
  const row = page.getByRole('row').filter({ hasText: `Sobre o pedido ${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: ticketTitle })).toBeVisible();
  await expect(row.getByText(customerName)).toBeVisible();

  // The ticket filter is a picker too, kept in the URL with its title.
  await page.goto('/messages');
  const filter = await pick(page, 'Filtrar por chamado', ticketTitle, ticketTitle);
  await expect(page).toHaveURL(new RegExp(`[?&]ticket_id=${ticketId}(&|$)`));
  await expect(page.getByRole('row').filter({ hasText: `Sobre o pedido ${tag}` })).toHaveCount(1);
  await expect(page.getByText('1 mensagem', { exact: true })).toBeVisible();
  await page.reload();
  await expect(filter).toHaveValue(ticketTitle);
  await page.getByRole('button', { name: `Remover ${ticketTitle}` }).click();
  await expect(page).not.toHaveURL(/ticket_id=/);
  await page.goBack();
  await expect(filter).toHaveValue(ticketTitle);

  await page.getByRole('row').filter({ hasText: tag }).getByRole('link', { name: ticketTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("messages: a row's actions are visible, with no sideways scrolling", async ({ page }) => {
    await openAs(page, demo, '/messages');
    const tag = unique();
    await createMessage(
      page,
      `Mensagem ${tag} vista no celular, um texto comprido o bastante para quebrar a linha`,
    );
    await searchContent(page, tag);
    const row = page.getByRole('row').filter({ hasText: tag });
    await expect(row).toHaveCount(1);
    const fits = async () => {
      for (const name of [/^Marcar mensagem/, /^Reprocessar mensagem/, /^Ver análise/, /^Excluir mensagem/]) {
        const button = row.getByRole('button', { name });
        await expect(button).toBeInViewport();
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} is inside the screen`).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    };
    await row.scrollIntoViewIfNeeded();
    await fits();
    await row.getByRole('button', { name: /^Ver análise/ }).click();
    await expect(page.getByRole('region', { name: 'Análise da mensagem' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});

test('messages: search, direction and flagged filters live in the URL', async ({ page }) => {
  await openAs(page, demo, '/messages');
  const text = unique();
  await createMessage(page, `Entrada ${text}`, 'Entrada');
  await createMessage(page, `Saída ${text}`, 'Saída');
  await searchContent(page, text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}(&|$)`));
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(2);

  await page.getByLabel('Filtrar por direção').selectOption({ label: 'Saída' });
  await expect(page).toHaveURL(/[?&]direction=outbound(&|$)/);
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: `Saída ${text}` })).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel('Buscar conteúdo')).toHaveValue(text);
  await expect(page.getByLabel('Filtrar por direção')).toHaveValue('outbound');
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(1);

  await page.getByRole('checkbox', { name: 'Apenas marcadas' }).click();
  await expect(page).toHaveURL(/[?&]flagged=true(&|$)/);
  await expect(page.getByText('Nenhuma mensagem', { exact: false }).first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('row').filter({ hasText: `Saída ${text}` })).toHaveCount(1);
});
