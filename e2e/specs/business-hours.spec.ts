import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { hoursUser, warningTenant, warningUser } from '../fixtures.ts';
import { expectAccessible, idToken, openAs } from './helpers.ts';

// Issue 31 in the browser: an admin sets the team's week in Configurações › Horário de atendimento
// (copy to all days, closed weekend, a day off), saves, reloads and finds it; and an SLA warning
// (sla_warning) reaching the bell. Tenants of their own per attempt (fixtures.ts). Screenshots go
// to .cache/screenshots/business-hours-*.png; docs/screenshots/ keeps copies.

const shots = path.join(import.meta.dirname, '..', '..', '.cache', 'screenshots');
const shot = (name: string) => path.join(shots, `business-hours-${name}.png`);

const hoursCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Horário de atendimento' }) });

/** São Paulo's date `days` from today, as dd/mm/aaaa and YYYY-MM-DD. */
function spDay(days: number) {
  const iso = new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return { iso, typed: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The card alone, from the whole page (an element shot scrolls, and the sticky header lands on it). */
async function cardShot(page: Page, card: ReturnType<typeof hoursCard>, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await card.boundingBox();
  if (!box) throw new Error('no card');
  await page.screenshot({ path: shot(name), fullPage: true, clip: box });
}

test.use({ colorScheme: 'light' });

test('an admin sets the week, a day off and the UF; after a reload it is all there', async ({
  page,
}, testInfo) => {
  test.slow(); // a reload, three screenshots and axe twice
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, hoursUser(testInfo.retry), '/settings');
  const card = hoursCard(page);
  await expect(card.getByText(/Ainda não definido/)).toBeVisible();

  // Monday: 08:00–12:00 and 13:00–18:00, then copied to every day.
  await card.getByLabel('Segunda-feira, intervalo 1: início').fill('08:00');
  await card.getByLabel('Segunda-feira, intervalo 1: fim').fill('12:00');
  await card.getByRole('button', { name: 'Adicionar intervalo em segunda-feira' }).click();
  await card.getByLabel('Segunda-feira, intervalo 2: início').fill('13:00');
  await card.getByLabel('Segunda-feira, intervalo 2: fim').fill('18:00');
  await card.getByRole('button', { name: 'Copiar o horário de segunda-feira para todos os dias' }).click();
  await expect(card.getByLabel('Quinta-feira, intervalo 2: fim')).toHaveValue('18:00');
  // The weekend closed, from the keyboard.
  await card.getByRole('switch', { name: 'Sábado: aberto' }).focus();
  await page.keyboard.press('Space');
  await card.getByRole('switch', { name: 'Domingo: aberto' }).click();
  await expect(card.getByTestId('day-sat').getByText('Fechado')).toBeVisible();

  await card.getByLabel('UF (feriados estaduais)').selectOption('SP');
  const dayOff = spDay(2);
  await card.getByRole('button', { name: 'Adicionar folga' }).click();
  await card.getByLabel('Folga 1: data').fill(dayOff.typed);
  await card.getByLabel('Folga 1: nome').fill('Inventário anual');

  // A wrong interval is said under its input before anything is sent.
  await card.getByLabel('Quarta-feira, intervalo 2: início').fill('11:00');
  await card.getByRole('button', { name: 'Salvar Horário' }).click();
  await expect(card.getByText('Este intervalo começa antes do fim do anterior.')).toBeVisible();
  await card.getByLabel('Quarta-feira, intervalo 2: início').fill('13:00');

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/tenants/settings/business-hours') && r.request().method() === 'PUT',
  );
  await card.getByRole('button', { name: 'Salvar Horário' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Horário de atendimento salvo!')).toBeVisible();
  await expect(card.getByText(/Ainda não definido/)).toHaveCount(0);
  const upcoming = card.getByTestId('upcoming-closed-days');
  await expect(upcoming.getByText('Inventário anual')).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(card.getByLabel('Sexta-feira, intervalo 1: início')).toHaveValue('08:00');
  await expect(card.getByLabel('Sexta-feira, intervalo 2: fim')).toHaveValue('18:00');
  await expect(card.getByLabel('Quarta-feira, intervalo 2: início')).toHaveValue('13:00');
  await expect(card.getByTestId('day-sat').getByText('Fechado')).toBeVisible();
  await expect(card.getByTestId('day-sun').getByText('Fechado')).toBeVisible();
  await expect(card.getByLabel('UF (feriados estaduais)')).toHaveValue('SP');
  await expect(card.getByLabel('Folga 1: data')).toHaveValue(dayOff.typed);
  await expect(card.getByLabel('Folga 1: nome')).toHaveValue('Inventário anual');
  await expect(card.getByRole('button', { name: 'Salvar Horário' })).toBeDisabled();
  await expect(card.getByRole('switch', { name: /pontos facultativos/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await cardShot(page, card, 'card-1366-light');

  // A phone, light then dark: it fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageOverflow(page), 'the settings page is wider than the screen').toBeLessThanOrEqual(0);
  await cardShot(page, card, 'card-390-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await cardShot(page, card, 'card-390-dark');
});

test('a wait reaching the warning share shows in the bell as «Prazo perto do fim»', async ({
  page,
  request,
}, testInfo) => {
  // The SLA monitor checks every 30 s (SLA_CHECK_INTERVAL_SECONDS): the warning comes with the next check.
  test.setTimeout(120_000);
  const user = warningUser(testInfo.retry);
  const headers = { authorization: `Bearer ${await idToken(request, user)}` };
  // A 1-minute limit warning at 1 %: a new ticket's wait warns at once (every minute counts: no hours set).
  const settings = await request.put('/api/v1/tenants/settings', {
    headers,
    data: {
      name: warningTenant(testInfo.retry).name,
      max_customer_wait_time_minutes: 1,
      sla_warning_percent: 1,
    },
  });
  expect(settings.status()).toBe(200);
  const title = `Pedido sem resposta ${testInfo.retry}`;
  const ticket = await request.post('/api/v1/tickets', {
    headers,
    data: { title, content: 'Olá, estou aguardando o retorno sobre o meu pedido.' },
  });
  expect(ticket.status()).toBe(201);

  await openAs(page, user, '/dashboard');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
  await expect(bell).toHaveAccessibleName(/Notificações: \d+ não lidas?/, { timeout: 90_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  const warning = panel
    .getByRole('listitem')
    .filter({ hasText: `Prazo de resposta perto do fim no chamado «${title}»` });
  await expect(warning).toBeVisible();
  await expect(warning.getByText('Média', { exact: true })).toBeVisible();
  await expect(
    warning.getByText(/O cliente aguarda resposta há .*; o limite da empresa é 1 min\./),
  ).toBeVisible();
  await page.screenshot({ path: shot('warning-bell') });
});

test('the dashboard shows «SLA cumprido» for the waits answered in time', async ({
  page,
  request,
}, testInfo) => {
  const user = hoursUser(testInfo.retry);
  const headers = { authorization: `Bearer ${await idToken(request, user)}` };
  // Three customers write; two are answered at once (in time whatever the hours), one still waits.
  for (const [index, answered] of [true, true, false].entries()) {
    const ticket = await request.post('/api/v1/tickets', {
      headers,
      data: { title: `Dúvida ${index + 1}`, content: 'Boa tarde, podem me ajudar com a entrega?' },
    });
    expect(ticket.status()).toBe(201);
    if (!answered) continue;
    const answer = await request.post('/api/v1/messages', {
      headers,
      data: { content: 'Claro! Já verificamos.', direction: 'outbound', ticket_id: (await ticket.json()).id },
    });
    expect(answer.status()).toBe(201);
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, user, '/dashboard?days=7');
  const card = page.getByTestId('sla-card');
  await expect(card.getByRole('heading', { name: 'SLA cumprido' })).toBeVisible();
  await expect(card.getByTestId('sla-met-percent')).toHaveText('100%');
  await expect(card.getByText('2 de 2 esperas respondidas no prazo')).toBeVisible();
  await expect(card.getByTestId('sla-breaches')).toHaveText('0');
  // The tenant was created with this run: its figures start inside the window.
  await expect(card.getByText(/^\(desde \d{2}\/\d{2}\)$/)).toBeVisible();
  await card.screenshot({ path: shot('dashboard-card-1366-light') });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectAccessible(page);
  await card.screenshot({ path: shot('dashboard-card-390-dark') });
});
