import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  connectToFakeDigisac,
  type FakeDigisac,
  startFakeDigisac,
} from '../../apps/api/src/test/fake-digisac.ts';
import { ingestionUser } from '../fixtures.ts';
import { expectAccessible, idToken, openAs } from './helpers.ts';

// DigiSac's conversations coming in, as an administrator sees it (issue 29): a fake DigiSac of
// this spec's own (in this process, 90 tickets over the last week) for a tenant of its own per
// attempt. The dashboard's first-run hint leads to Configurações › DigiSac; there real time is
// turned on (the fake then plays conversations into the webhook, as `npm run fake-digisac --
// --live` does) and 7 days of history are imported with a progress bar to the end; the tickets
// list shows the origin badge and filters by 'Origem'; a failed event is listed and retried; a
// customer from DigiSac shows a formatted phone and is found by part of it. 390 px and the dark
// theme; axe on each screen. Screenshots go to .cache/screenshots/digisac-ingestion-*.png;
// docs/screenshots/ keeps copies.

const shots = path.join(import.meta.dirname, '..', '..', '.cache', 'screenshots');
const shot = (name: string) => path.join(shots, `digisac-ingestion-${name}.png`);

const generated = 90;
const card = (page: Page) => page.getByRole('region', { name: 'Conversas do DigiSac' });
const realtime = (page: Page) => page.getByRole('switch', { name: 'Receber mensagens em tempo real' });
const ticketRows = (page: Page) => page.getByRole('table', { name: 'Chamados' }).locator('tbody tr');

async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

let fake: FakeDigisac;
test.beforeAll(async () => {
  // One ticket every 100 minutes back from now: the 90 span 6¼ days, inside a 7-day import, and
  // fill two of the import's pages (50 a page), so its bar moves before it ends.
  fake = await startFakeDigisac({ tickets: generated, now: new Date(), spacingMinutes: 100 });
});
test.afterAll(async () => {
  await fake?.close();
});

test('turns real time on, imports a week, lists DigiSac tickets and customers, retries a failed event', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000); // an import at DigiSac's call limit, a failure's five tries, two themes with axe
  const user = ingestionUser(testInfo.retry);
  const headers = { authorization: `Bearer ${await idToken(request, user)}` };
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await request.fetch(`/api/v1${url}`, { method, headers, data: body });
    return { status: res.status(), body: (await res.json().catch(() => null)) as Record<string, unknown> };
  };
  await connectToFakeDigisac(api, fake.url);
  // One ticket made in Atende: the 'Internos' choice of the filter shows it alone.
  const internal = await api('POST', '/tickets', {
    title: 'Chamado interno de teste',
    content: 'Aberto pela equipe no Atende.',
  });
  expect(internal.status).toBe(201);
  fs.mkdirSync(shots, { recursive: true });

  // ── First run: the dashboard says where to start ─────────────────────────────────────────────
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await openAs(page, user, '/dashboard');
  const hint = page.getByTestId('digisac-first-run');
  await expect(hint).toContainText('nenhuma conversa chegou ainda');
  await hint.getByRole('link', { name: 'Abrir Configurações › DigiSac' }).click();
  await expect(page).toHaveURL(/\/settings\/digisac$/);
  await expect(card(page)).toBeVisible();
  await expect(realtime(page)).not.toBeChecked();
  await expect(page.getByTestId('digisac-last-event')).toContainText('Desligado');
  await expect(page.getByText('Nenhum evento com falha.')).toBeVisible();
  await expectAccessible(page);

  // ── Real time on: Atende's webhook is registered at DigiSac ──────────────────────────────────
  await realtime(page).click();
  await expect(page.getByText(/Tempo real ligado/)).toBeVisible();
  await expect(realtime(page)).toBeChecked();
  await expect(page.getByTestId('digisac-last-event')).toContainText('aguardando o primeiro evento');
  expect(fake.webhooks().filter((w) => w.active && !w.deletedAt)).toHaveLength(1);

  // ── 'Importar histórico', 7 days: the bar moves to the end ───────────────────────────────────
  await expect(page.getByLabel('Período', { exact: true })).toHaveValue('7');
  await page.getByRole('button', { name: 'Importar histórico' }).click();
  const bar = page.getByRole('progressbar', { name: 'Progresso da importação' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  // Polled every 2 s while it runs: the bar moves with the import's pages, then the outcome shows.
  const seen = new Set<number>();
  let pictured = false;
  await expect
    .poll(
      async () => {
        const now = Number(await bar.getAttribute('aria-valuenow', { timeout: 500 }).catch(() => 0));
        seen.add(now);
        if (now > 0 && !pictured) {
          pictured = true;
          await card(page).screenshot({ path: shot('importing-1366-light') });
        }
        return page.getByText(/Última importação concluída/).count();
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(1);
  await expect(
    page.getByText(new RegExp(`Última importação concluída agora mesmo: ${generated} chamados`)),
  ).toBeVisible();
  await expect(bar).toHaveCount(0);
  expect(Math.max(...seen), 'the bar moved past 0 % before the end').toBeGreaterThan(0);
  const imported = (await api('GET', '/tenants/settings/digisac/import')).body;
  expect(imported).toMatchObject({ state: 'done', progress: 1, tickets: generated });

  // ── Live: the fake plays conversations into the webhook ──────────────────────────────────────
  const played = await fake.simulate({ count: 12, ratePerSecond: 20, tickets: 2, seed: 29 });
  expect(played.deliveries.every((d) => d.status === 202)).toBe(true);
  await page.reload();
  await expect(page.getByTestId('digisac-last-event')).toContainText('Último evento recebido agora mesmo');
  // Everything in the inbox processed before DigiSac starts failing (only the next event fails).
  const inbox = async (state: string) =>
    (await api('GET', `/tenants/settings/digisac/events?state=${state}`)).body.total;
  await expect.poll(() => inbox('pending'), { timeout: 60_000, intervals: [1_000] }).toBe(0);

  // ── A failed event: DigiSac fails while a new conversation's ticket is read, five tries ───────
  fake.failNext(10_000, 500);
  const { ticket, message } = fake.openTicket({ name: 'Marcos Teixeira', number: '5541996910256' });
  const [delivery] = await fake.deliver('message.created', message);
  expect(delivery?.status).toBe(202);
  await expect
    // Five tries, 2 + 4 + 8 + 16 s apart.
    .poll(() => inbox('failed'), { timeout: 90_000, intervals: [1_000] })
    .toBe(1);
  fake.failNext(0);
  await page.reload();
  const failedList = page.getByRole('list', { name: 'Eventos com falha' });
  await expect(failedList.getByRole('listitem')).toHaveCount(1);
  await expect(failedList).toContainText('O DigiSac respondeu 500.');
  await expect(failedList).toContainText('5 tentativas');
  await expectAccessible(page);
  await card(page).screenshot({ path: shot('status-1366-light') });
  await failedList.getByRole('button', { name: /^Tentar novamente o evento/ }).click();
  await expect(page.getByText('Evento enviado para processar de novo.')).toBeVisible();
  await expect.poll(() => inbox('failed'), { timeout: 30_000 }).toBe(0);
  await page.reload();
  await expect(page.getByText('Nenhum evento com falha.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Receber mensagens em tempo real' })).toBeChecked();

  // ── 390 px, dark: the card fits ──────────────────────────────────────────────────────────────
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await pageOverflow(page), 'the DigiSac settings are wider than the screen').toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.screenshot({ path: shot('status-390-dark'), fullPage: true });

  // ── The tickets list: the origin badge and the 'Origem' filter ───────────────────────────────
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/tickets');
  await expect(page.getByTestId('digisac-first-run')).toHaveCount(0); // no longer a first run
  await expect(ticketRows(page)).toHaveCount(20);
  const retried = ticketRows(page).filter({ hasText: 'Marcos Teixeira' });
  await expect(retried.getByTestId('digisac-badge')).toHaveText(`DigiSac#${ticket.protocol}`);
  await page.getByRole('button', { name: 'Mostrar filtros' }).click();
  const origin = page.getByLabel('Origem', { exact: true });
  await expect(origin.locator('option')).toHaveText(['Todos', 'Internos', 'DigiSac']);
  await origin.selectOption('digisac');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/[?&]source=digisac(&|$)/);
  await expect(ticketRows(page)).toHaveCount(20);
  await expect(ticketRows(page).getByTestId('digisac-badge')).toHaveCount(20);
  await expect(ticketRows(page).filter({ hasText: 'Chamado interno de teste' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ocultar filtros' }).click();
  await page.screenshot({ path: shot('tickets-1366-light') });
  await page.getByRole('button', { name: 'Mostrar filtros' }).click();
  await origin.selectOption('internal');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/[?&]source=internal(&|$)/);
  await expect(ticketRows(page)).toHaveCount(1);
  await expect(ticketRows(page)).toContainText('Chamado interno de teste');
  await expect(ticketRows(page).getByTestId('digisac-badge')).toHaveCount(0);
  // The URL alone brings the filter back (a link, a reload).
  await page.getByRole('button', { name: 'Ocultar filtros' }).click();
  await page.goto('/tickets?source=digisac');
  await expect(ticketRows(page).getByTestId('digisac-badge')).toHaveCount(20);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageOverflow(page), 'the tickets page is wider than the screen').toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.screenshot({ path: shot('tickets-390-dark'), fullPage: true });

  // ── A customer from DigiSac: the phone formatted, a badge, found by part of the number ───────
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const search of ['99691', '41 99691', '(41) 9969']) {
    await page.goto(`/customers?q=${encodeURIComponent(search)}`);
    const rows = page.getByRole('table', { name: 'Clientes' }).locator('tbody tr');
    await expect(rows, search).toHaveCount(1);
    await expect(rows).toContainText('Marcos Teixeira');
    await expect(rows).toContainText('+55 (41) 99691-0256');
    await expect(rows.getByTestId('digisac-badge')).toHaveText('DigiSac');
  }
  await expectAccessible(page);
  await page.screenshot({ path: shot('customer-1366-light') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageOverflow(page), 'the customers page is wider than the screen').toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.screenshot({ path: shot('customer-390-dark'), fullPage: true });
});
