import fs from 'node:fs';
import path from 'node:path';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import { feedbackUser, otherUser } from '../fixtures.ts';
import { expectAccessible, idToken, openAs } from './helpers.ts';

// Agents' 👍/👎 on analyses, in the browser: an escalated ticket's panel (reasons in pt-BR, a 👍 that
// survives a reload, a 👎 with a correction), a message's intent corrected, Settings › Qualidade da
// análise counting them and exporting the corrections as JSONL, and another tenant seeing none of
// it. The counts are exact: the agent's tenant is its own, one per attempt (fixtures.ts). Screenshots
// go to .cache/screenshots/; docs/screenshots/ keeps copies.

const shots = path.join(import.meta.dirname, '..', '..', '.cache', 'screenshots');
const shot = (name: string) => path.join(shots, `${name}.png`);

const TICKET_TITLE = 'Cliente liga pela terceira vez';
const TICKET_CONTENT = 'É a terceira vez que ligo e ninguém resolve. Vou abrir reclamação no Procon.';
const MESSAGE = 'Olá, gostaria de saber o horário de funcionamento da loja?';

const THANKS = 'Obrigado pelo retorno!';

// Two screens, a second browser and a download on a busy machine.
test.slow();

const thumbUp = (scope: Locator, field: string) =>
  scope.getByRole('button', { name: `Análise correta: ${field}`, exact: true });
const thumbDown = (scope: Locator, field: string) =>
  scope.getByRole('button', { name: `Análise incorreta: ${field}`, exact: true });
const correctionForm = (scope: Locator, field: string) =>
  scope.getByRole('form', { name: `Corrigir análise: ${field}` });

/** Waits for the POST of one feedback (201) started by `act`, and answers what was sent. */
async function sendFeedback(page: Page, act: () => Promise<void>) {
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/analysis-feedback') && r.request().method() === 'POST',
  );
  await act();
  const response = await posted;
  expect(response.status()).toBe(201);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: THANKS }).first()).toBeVisible();
  return response.request().postDataJSON() as Record<string, unknown>;
}

/** Clicks 'Exportar correções (JSONL)' and answers the downloaded file's parsed lines. */
async function exportCorrections(page: Page, card: Locator) {
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Exportar correções (JSONL)' }).click();
  const download: Download = await downloading;
  expect(download.suggestedFilename()).toBe('feedback-analises.jsonl');
  const file = await download.path();
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n').filter((line) => line !== '');
  if (lines.length) expect(text.endsWith('\n'), 'every line ends with a newline').toBe(true);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The summary table's row of `field`: 👍, 👎 and agreement as the card shows them. */
async function expectCounts(card: Locator, label: string, up: string, down: string, agreement: string) {
  const row = card
    .getByRole('row')
    .filter({ has: card.page().getByRole('rowheader', { name: label, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([up, down, agreement]);
}

test('an escalated ticket and a message rated, counted in Settings and exported; another tenant sees none', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const agent = feedbackUser(testInfo.retry);
  const token = await idToken(request, agent);
  const created = await request.post('/api/v1/tickets', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: TICKET_TITLE, content: TICKET_CONTENT },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string };

  // (1) The ticket is analysed from its detail: escalation needed, the reasons in pt-BR.
  await openAs(page, agent, `/tickets/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1, name: TICKET_TITLE })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Análise de IA' });
  await expect(panel.getByText('Este chamado ainda não foi analisado.', { exact: false })).toBeVisible();
  await expect(thumbUp(panel, 'sentimento')).toHaveCount(0); // nothing to rate yet
  await panel.getByRole('button', { name: 'Analisar' }).click();
  await expect(panel.getByText(/^Versão 1/)).toBeVisible();
  await expect(panel.getByText('Necessário', { exact: true })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveText([
    'Contato repetido ou falha repetida sem solução',
    'Queixa a órgão regulador (Procon, Anatel…)',
  ]);
  await expect(panel.getByText('Negativo', { exact: true })).toBeVisible();
  for (const field of ['sentimento', 'sinais de alerta', 'escalonamento']) {
    await expect(thumbUp(panel, field)).toHaveAttribute('aria-pressed', 'false');
    await expect(thumbDown(panel, field)).toHaveAttribute('aria-pressed', 'false');
  }

  // (2) 👍 on sentiment: pressed, thanked, and still pressed after a reload.
  const up = await sendFeedback(page, () => thumbUp(panel, 'sentimento').click());
  expect(up).toMatchObject({ analysis_type: 'ticket', field: 'sentiment', verdict: 'up', correction: null });
  await expect(thumbUp(panel, 'sentimento')).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbDown(panel, 'sentimento')).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(panel.getByText(/^Versão 1/)).toBeVisible();
  await expect(thumbUp(panel, 'sentimento')).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbUp(panel, 'escalonamento')).toHaveAttribute('aria-pressed', 'false');

  // (3) 👎 on escalation opens the correction form (its select focused); axe and a screenshot with
  // it open; 'Não deveria escalonar' is sent.
  const escalationDown = thumbDown(panel, 'escalonamento');
  await escalationDown.click();
  await expect(escalationDown).toHaveAttribute('aria-expanded', 'true');
  const form = correctionForm(panel, 'escalonamento');
  await expect(form).toBeVisible();
  const select = form.getByLabel('Valor correto (opcional): escalonamento');
  await expect(select).toBeFocused();
  // The analysis said it should escalate: that is not offered as the correction.
  await expect(select.getByRole('option')).toHaveText(['Valor correto (opcional)', 'Não deveria escalonar']);
  // Cancel first: nothing is sent, the focus goes back to the 👎.
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toHaveCount(0);
  await expect(escalationDown).toBeFocused();
  await expect(escalationDown).toHaveAttribute('aria-pressed', 'false');
  await escalationDown.click();
  await select.selectOption({ label: 'Não deveria escalonar' });
  await expectAccessible(page);
  await panel.screenshot({ path: shot('ticket-analysis-feedback') });
  const down = await sendFeedback(page, () => form.getByRole('button', { name: 'Enviar' }).click());
  expect(down).toMatchObject({
    analysis_type: 'ticket',
    field: 'escalation',
    verdict: 'down',
    correction: 'false',
  });
  await expect(form).toHaveCount(0);
  await expect(escalationDown).toHaveAttribute('aria-pressed', 'true');
  await expect(escalationDown).toBeFocused();
  await expect(thumbUp(panel, 'sentimento')).toHaveAttribute('aria-pressed', 'true'); // untouched
  // After a reload the 👎 stays, and its form starts from the correction sent.
  await page.reload();
  await expect(escalationDown).toHaveAttribute('aria-pressed', 'true');
  await escalationDown.click();
  await expect(select).toHaveValue('false');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expectAccessible(page);

  // (4) A message: created inbound (analysed on arrival), its panel opened, 👎 on intent corrected.
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await page.getByLabel('Direção', { exact: true }).selectOption({ label: 'Entrada' });
  await page.getByLabel('Conteúdo', { exact: true }).fill(MESSAGE);
  await page.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Mensagem criada')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: MESSAGE });
  await expect(row.getByText('Analisada')).toBeVisible();
  await row.getByRole('button', { name: /^Ver análise da mensagem/ }).click();
  const messagePanel = page.getByRole('region', { name: 'Análise da mensagem' });
  await expect(messagePanel.getByText('Pergunta', { exact: true })).toBeVisible();
  await thumbDown(messagePanel, 'intenção').click();
  const intentForm = correctionForm(messagePanel, 'intenção');
  const intentSelect = intentForm.getByLabel('Valor correto (opcional): intenção');
  await expect(intentSelect.getByRole('option', { name: 'Pergunta', exact: true })).toHaveCount(0);
  await intentSelect.selectOption({ label: 'Consulta' });
  const intent = await sendFeedback(page, () => intentForm.getByRole('button', { name: 'Enviar' }).click());
  expect(intent).toMatchObject({
    analysis_type: 'message',
    field: 'intent',
    verdict: 'down',
    correction: 'inquiry',
  });
  await expect(thumbDown(messagePanel, 'intenção')).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbUp(messagePanel, 'sentimento')).toHaveAttribute('aria-pressed', 'false');

  // (5) Settings: exact counts for this tenant, and the corrections as JSONL in the dev-set formats.
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Qualidade da análise' });
  await expect(card.getByRole('row')).toHaveCount(5); // header + 4 fields
  await expectCounts(card, 'Sentimento', '1', '0', '100%');
  await expectCounts(card, 'Intenção', '0', '1', '0%');
  await expectCounts(card, 'Escalonamento', '0', '1', '0%');
  await expectCounts(card, 'Sinais de alerta', '0', '0', '—');
  await expect(card.getByText('Nenhuma avaliação nos últimos 30 dias.', { exact: false })).toHaveCount(0);
  // Newest first: the message's intent, then the ticket's escalation (its text: the content).
  expect(await exportCorrections(page, card)).toEqual([
    { text: MESSAGE, intent: 'inquiry' },
    { text: TICKET_CONTENT, escalate: false },
  ]);
  await expect(page.getByText('Correções exportadas.')).toBeVisible();
  await expectAccessible(page);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: shot('settings-analysis-quality') });

  // (6) Another tenant: zero everywhere, and nothing to export.
  const context = await browser.newContext();
  try {
    const outra = await context.newPage();
    await openAs(outra, otherUser, '/settings');
    const otherCard = outra.getByRole('region', { name: 'Qualidade da análise' });
    for (const label of ['Sentimento', 'Intenção', 'Escalonamento', 'Sinais de alerta']) {
      await expectCounts(otherCard, label, '0', '0', '—');
    }
    await expect(
      otherCard.getByText('Nenhuma avaliação nos últimos 30 dias.', { exact: false }),
    ).toBeVisible();
    expect(await exportCorrections(outra, otherCard)).toEqual([]);
    // The ticket itself is not theirs either.
    await outra.goto(`/tickets/${ticket.id}`);
    await expect(outra.getByText('Dados do chamado não disponíveis')).toBeVisible();
  } finally {
    await context.close();
  }
});
