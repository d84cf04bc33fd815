import { expect, type Page, test } from '@playwright/test';
import { cpfCheckDigits } from '../../packages/contracts/src/documents.ts';
import { demo, otherUser as other } from '../fixtures.ts';
import { expectAccessible, openAs } from './helpers.ts';

// Several screens and a second browser per test on a busy machine.
test.slow();

let counter = 0;
/** A fresh valid CPF (its check digits computed) and a name no other test uses. */
function fresh() {
  counter += 1;
  const base = `${Date.now()}${counter}${Math.floor(Math.random() * 1e6)}`.slice(-9).padStart(9, '7');
  const digits = `${base}${cpfCheckDigits(base)}`;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  return { name: `Cliente E2E ${tag}`, tag, document: digits };
}

const cpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

async function search(page: Page, text: string) {
  await page.getByLabel('Buscar clientes').fill(text);
  await page.getByLabel('Buscar clientes').press('Enter');
}

async function createCustomer(page: Page, customer: { name: string; document: string }) {
  await page.getByRole('button', { name: 'Novo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
  await dialog.getByLabel('Nome').fill(customer.name);
  await dialog.getByLabel('Documento').fill(customer.document);
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Cliente Criado').first()).toBeVisible();
}

/** Creates customers through the API with the page's own session (faster than the dialog). */
async function createThroughApi(page: Page, customers: Array<{ name: string; document: string }>) {
  const statuses = await page.evaluate(async (list) => {
    const token = localStorage.getItem('atende.idToken');
    const answers = [];
    for (const body of list) {
      const response = await fetch('/api/v1/customers', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      answers.push(response.status);
    }
    return answers;
  }, customers);
  expect(statuses.every((status) => status === 201)).toBe(true);
}

test('customers: validate, create, refuse a duplicate, edit only what changed, delete', async ({ page }) => {
  await openAs(page, demo, '/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  for (const column of ['Nome', 'Documento', 'Empresa', 'Contato', 'Criado em']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Próxima' })).toBeVisible();
  await expectAccessible(page);

  // Required fields, then a malformed document: said under the input, once (no toast as well).
  const customer = fresh();
  await page.getByRole('button', { name: 'Novo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
  await expect(dialog.getByLabel('E-mail')).toHaveAttribute('type', 'email');
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await expect(dialog.getByText('Nome é obrigatório.')).toBeVisible();
  await expect(dialog.getByText('Documento é obrigatório.')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Nome').fill(customer.name);
  await dialog.getByLabel('Documento').fill('123');
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await expect(
    dialog.getByText('Documento deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos).'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Documento')).toBeFocused();
  // Eleven digits whose check digits do not match.
  await dialog.getByLabel('Documento').fill('123.456.789-00');
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await expect(dialog.getByText('CPF inválido: confira os dígitos.')).toBeVisible();

  await dialog.getByLabel('Documento').fill(cpf(customer.document));
  await dialog.getByLabel('E-mail').fill(`${customer.tag}@exemplo.com.br`);
  await dialog.getByLabel('Telefone').fill('(11) 91234-5678');
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await expect(page.getByText('Cliente Criado')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await search(page, customer.tag);
  const row = page.getByRole('row').filter({ hasText: customer.name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(cpf(customer.document));
  await expect(row).toContainText(`${customer.tag}@exemplo.com.br`);
  await expect(row).toContainText('(11) 91234-5678');
  // Found by the document as shown, and by a prefix of it; the search is in the URL.
  await search(page, cpf(customer.document));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(cpf(customer.document))}`));
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Cliente E2E' })).toHaveCount(1);
  await search(page, cpf(customer.document).slice(0, 11));
  await expect(row).toBeVisible();

  // The same document again: the server's word, under the input it names, and nothing else.
  await page.getByRole('button', { name: 'Novo cliente' }).click();
  await dialog.getByLabel('Nome').fill(`${customer.name} bis`);
  await dialog.getByLabel('Documento').fill(customer.document);
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await expect(dialog.getByText('Já existe um cliente com este documento.')).toBeVisible();
  await expect(dialog.getByLabel('Documento')).toBeFocused();
  await expect(page.getByText('Falha ao criar cliente. Tente novamente.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('button', { name: 'Novo cliente' })).toBeFocused(); // back to the opener

  // Edit: only the company is sent.
  await row.getByRole('button', { name: `Editar ${customer.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar cliente' });
  await expect(edit.getByLabel('Nome')).toHaveValue(customer.name);
  await edit.getByLabel('Empresa').fill('Empresa Editada Ltda');
  const put = page.waitForRequest((request) => request.method() === 'PUT');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  expect((await put).postDataJSON()).toEqual({ company: 'Empresa Editada Ltda' });
  await expect(page.getByText('Cliente Atualizado')).toBeVisible();
  await expect(row).toContainText('Empresa Editada Ltda');

  // Delete, after the spec's question.
  await row.getByRole('button', { name: `Excluir ${customer.name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Tem certeza que deseja excluir este cliente?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo cliente' })).toBeFocused();
});

test('customers: failures are said and lose nothing', async ({ page }) => {
  const failure = { code: 'internal', detail: 'Erro interno.', request_id: 'e2e' };
  const isList = (url: URL) => url.pathname === '/api/v1/customers';
  await page.route(isList, (route) => route.fulfill({ status: 500, json: failure }));
  await openAs(page, demo, '/customers');
  // While it is tried again, the list says so; after 3 retries, the error and a button.
  await expect(page.getByText('Falha ao buscar clientes. Tentando novamente…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Falha ao buscar clientes.')).toHaveCount(1); // one error, no toast as well
  await page.unroute(isList);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  // Other specs add customers in parallel: find the seeded one by name.
  await page.getByLabel('Buscar clientes').fill('Fernanda Oliveira');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Fernanda Oliveira' });
  await expect(row).toBeVisible();

  await page.route('**/api/v1/customers/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: failure }) : route.fallback(),
  );
  await row.getByRole('button', { name: 'Excluir Fernanda Oliveira' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Falha ao excluir cliente')).toBeVisible();
  await expect(row).toBeVisible();
});

test('customers: ten per page with Anterior/Próxima, search and page in the URL', async ({ page }) => {
  await openAs(page, demo, '/customers');
  const tag = fresh().tag;
  await createThroughApi(
    page,
    Array.from({ length: 11 }, (_, i) => ({
      name: `Pagina ${tag} ${String(i).padStart(2, '0')}`,
      document: fresh().document,
    })),
  );
  await search(page, `Pagina ${tag}`);
  await expect(page.getByText('1–10 de 11')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Pagina ${tag}` })).toHaveCount(10);
  await page.getByRole('button', { name: 'Próxima' }).click();
  await expect(page.getByText('11–11 de 11')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Pagina ${tag}` })).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  // Back and forward restore the page; a reload keeps search and page.
  await page.goBack();
  await expect(page.getByText('1–10 de 11')).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
  await page.goForward();
  await expect(page.getByText('11–11 de 11')).toBeVisible();
  await page.reload();
  await expect(page.getByText('11–11 de 11')).toBeVisible();
  await expect(page.getByLabel('Buscar clientes')).toHaveValue(`Pagina ${tag}`);
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByText('1–10 de 11')).toBeVisible();
});

test('customers: a second tenant never sees the first tenant’s customers', async ({ page, browser }) => {
  const customer = fresh();
  await openAs(page, demo, '/customers');
  await createCustomer(page, customer);

  const context = await browser.newContext();
  const otherPage = await context.newPage();
  await openAs(otherPage, other, '/customers');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(otherPage.getByText(customer.name)).toHaveCount(0);
  await search(otherPage, customer.tag);
  await expect(otherPage.getByText('Nenhum cliente encontrado')).toBeVisible();
  // The same document is free in the other tenant.
  await createCustomer(otherPage, { name: `${customer.name} outra`, document: customer.document });
  await context.close();
});
