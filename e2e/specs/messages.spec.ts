import { expect, type Page, test } from '@playwright/test';
import { demo, otherUser as other } from '../fixtures.ts';
import { expectAccessible, openAs } from './helpers.ts';

// Several screens and a second browser per test on a busy machine.
test.slow();

const unique = () => `marca${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createMessage(page: Page, content: string, direction: 'Entrada' | 'Saída' = 'Entrada') {
  await page.getByLabel('Direção', { exact: true }).selectOption({ label: direction });
  await page.getByLabel('Conteúdo', { exact: true }).fill(content);
  await page.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByLabel('Conteúdo', { exact: true })).toHaveValue('');
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

  // A malformed optional id: the server names the field.
  await page.getByLabel('ID do chamado (opcional)').fill('nao-e-um-uuid');
  await page.getByLabel('Conteúdo', { exact: true }).fill('Mensagem com chamado inválido');
  await create.click();
  await expect(page.getByText('Erro ao criar mensagem')).toBeVisible();
  await expect(page.getByText('Identificador inválido (esperado um UUID).').first()).toBeVisible();
  await page.getByLabel('ID do chamado (opcional)').fill('');

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
  await expect(row.getByText('Entrada')).toBeVisible();

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
  await expect(rows.getByText('Saída')).toHaveCount(2);

  // Header checkbox selects all, then clears all.
  await page.getByRole('checkbox', { name: 'Selecionar todas' }).click();
  await expect(page.getByText('2 selecionadas')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Selecionar todas' }).click();
  await expect(page.getByRole('region', { name: 'Ações em lote' })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Selecionar todas' }).click();
  const bulk = page.getByRole('region', { name: 'Ações em lote' });
  const analyses = [] as string[];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/analyze')) analyses.push(request.url());
  });
  await bulk.getByRole('button', { name: 'Analisar com IA' }).click();
  await expect(rows.getByText('Analisada')).toHaveCount(2);
  expect(analyses).toHaveLength(2);

  await bulk.getByRole('button', { name: 'Marcar todas', exact: true }).click();
  await expect(rows.getByText('Marcada', { exact: true })).toHaveCount(2);
  await bulk.getByRole('button', { name: 'Desmarcar todas' }).click();
  await expect(rows.getByText('Marcada', { exact: true })).toHaveCount(0);

  await bulk.getByRole('button', { name: 'Limpar' }).click();
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

test("messages: the list names a message's ticket by its title, linking to it", async ({ page }) => {
  await openAs(page, demo, '/tickets?q=Pedido%20n%C3%A3o%20entregue');
  await page.getByRole('table').getByRole('link', { name: 'Pedido não entregue', exact: true }).click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketId = page.url().split('/').at(-1) ?? '';

  await page.goto('/messages');
  const text = unique();
  await page.getByLabel('ID do chamado (opcional)').fill(ticketId);
  await createMessage(page, `Sobre o pedido ${text}`);
  await searchContent(page, text);
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('link', { name: 'Pedido não entregue' }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
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
