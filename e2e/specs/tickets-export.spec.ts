import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demo } from '../fixtures.ts';
import { signIn } from './helpers.ts';

// 'Exportar CSV' on the tickets list: the file the browser saves (BOM, pt-BR header, `;`, CRLF) holds
// the tickets of the list's filters, every page of them.

const header =
  'ID;Título;Cliente;Criado em;Atualizado em;Marcado;Origem;Protocolo;Sentimento;CSAT;Situação;Complexidade;' +
  'Urgência;Sinais de alerta;Termos de alerta;Requer escalonamento;Motivos de escalonamento;Conteúdo';

/** A word no other spec (or seed row) contains, to find this test's tickets. */
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createTicket(page: Page, title: string, content: string) {
  const toggle = page.getByRole('button', { name: 'Novo Chamado' });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByLabel('Título').fill(title);
  await page.getByRole('textbox', { name: 'Conteúdo' }).fill(content);
  await page.getByRole('button', { name: 'Criar Chamado' }).click();
  await expect(page.getByText('Chamado criado').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Conteúdo' })).toHaveValue('');
}

/** Clicks 'Exportar CSV' and answers the saved file's name and bytes. */
async function exportCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

test.describe.configure({ timeout: 60_000 });

test('exports the filtered list as a CSV file for spreadsheets', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const tag = unique('exporta');
  await page.goto('/tickets');
  await createTicket(page, `Reembolso ${tag}`, 'Cliente pede reembolso; cobrança em duplicidade.');
  await createTicket(page, `=Fórmula ${tag}`, 'Outro chamado da mesma busca.');

  await page.goto(`/tickets?q=${tag}`);
  await expect(page.getByRole('row').filter({ hasText: `Reembolso ${tag}` })).toBeVisible();
  const { name, bytes } = await exportCsv(page);

  expect(name).toMatch(/^chamados-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(header);
  expect(lines.at(-1)).toBe(''); // every row ends with CRLF
  const rows = lines.slice(1, -1);
  // Only the search's two tickets, newest first; a leading '=' is neutralised, a ';' quoted.
  expect(rows).toHaveLength(2);
  expect(rows[0]).toContain(`;'=Fórmula ${tag};`);
  expect(rows[1]).toContain(`;Reembolso ${tag};`);
  expect(rows[1]).toMatch(/;"Cliente pede reembolso; cobrança em duplicidade\."$/);
  // Created just now, in São Paulo (dd/MM/yyyy HH:mm:ss); not flagged; made here; no analysis yet.
  expect(rows[1]).toMatch(
    /;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};Não;Interno;;;;;;;;;;;/,
  );
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
});
