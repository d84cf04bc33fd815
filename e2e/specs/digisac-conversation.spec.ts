import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  connectToFakeDigisac,
  type FakeDigisac,
  type NewFakeMessage,
  startFakeDigisac,
} from '../../apps/api/src/test/fake-digisac.ts';
import { conversationUser } from '../fixtures.ts';
import { expectAccessible, idToken, openAs } from './helpers.ts';

// A DigiSac ticket's conversation (issue 29): a fake DigiSac of this spec's own (in this process)
// for a tenant of its own per attempt; real-time messages turned on through the API, so the fake
// POSTs each message to the server's webhook as DigiSac would. The ticket is then read as a chat
// — in order, with day separators, a bot's line, a media chip, a note and a system line, a red
// flag marked — older messages page in on scroll-up, and a new customer message appears without
// reloading (the open conversation is polled every 15 s). Screenshots go to
// .cache/screenshots/digisac-conversation-*.png; docs/screenshots/ keeps copies.

const shots = path.join(import.meta.dirname, '..', '..', '.cache', 'screenshots');
const shot = (name: string) => path.join(shots, `digisac-conversation-${name}.png`);

const hour = 3600;
const day = 24 * hour;
const spDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** 'dd/mm/aaaa' of a moment (seconds) in São Paulo. */
const spDate = (seconds: number) =>
  spDay
    .format(seconds * 1000)
    .split('-')
    .reverse()
    .join('/');

const log = (page: Page) => page.getByRole('log', { name: 'Conversa' });
const rows = (page: Page) => log(page).getByRole('listitem');

async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

let fake: FakeDigisac;
test.beforeAll(async () => {
  fake = await startFakeDigisac({ tickets: 0 });
});
test.afterAll(async () => {
  await fake?.close();
});

test('a DigiSac ticket reads as a chat, pages backwards and shows a new message live', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000); // webhook deliveries, the poll's 15 s, two themes with axe
  const user = conversationUser(testInfo.retry);
  const headers = { authorization: `Bearer ${await idToken(request, user)}` };
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await request.fetch(`/api/v1${url}`, { method, headers, data: body });
    return { status: res.status(), body: (await res.json().catch(() => null)) as unknown };
  };
  await connectToFakeDigisac(api, fake.url);
  const hook = await api('POST', '/tenants/settings/digisac/webhook');
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);

  // ── A conversation at DigiSac: history three days ago, yesterday's exchange, today's ───────────
  const now = Math.floor(Date.now() / 1000);
  const today = Date.parse(`${spDay.format(now * 1000)}T00:00:00-03:00`) / 1000;
  const older = today - 3 * day + 9 * hour;
  const yesterday = today - 12 * hour; // noon
  const todayAt = Math.max(now - 2 * hour, today + 60);
  const { ticket, message: opened } = fake.openTicket({
    name: `Marina Lopes ${testInfo.retry + 1}`,
    number: '5541996910256',
    timestamp: older - 60,
  });
  const say = (input: Omit<NewFakeMessage, 'ticketId'>) => fake.addMessage({ ticketId: ticket.id, ...input });
  const written = [opened];
  for (let i = 1; i <= 50; i++) {
    written.push(say({ text: `Mensagem antiga ${i}`, isFromMe: i % 2 === 0, timestamp: older + i * 60 }));
  }
  written.push(
    say({ text: 'Bom dia, minha fatura veio com cobrança duplicada.', timestamp: yesterday }),
    say({
      text: 'Olá! Sou o assistente virtual. Digite 1 para financeiro.',
      isFromMe: true,
      isFromBot: true,
      origin: 'bot',
      timestamp: yesterday + 10,
    }),
    say({ text: 'Bom dia, Marina! Vou verificar a cobrança.', isFromMe: true, timestamp: yesterday + 300 }),
    say({ text: 'Cliente antiga, priorizar.', isFromMe: true, isComment: true, timestamp: yesterday + 320 }),
    say({
      type: 'image',
      text: null,
      file: { name: 'fatura-outubro.jpg', mimetype: 'image/jpeg' },
      timestamp: todayAt,
    }),
    say({ text: 'Estorno solicitado, prazo de 5 dias úteis.', isFromMe: true, timestamp: todayAt + 60 }),
  );
  for (const message of written) {
    const [delivery] = await fake.deliver('message.created', message);
    expect(delivery?.status).toBe(202);
  }

  // Ingested: one DigiSac ticket holding every message.
  let ticketId = '';
  await expect
    .poll(
      async () => {
        const list = (await api('GET', '/tickets?source=digisac')).body as { tickets: { id: string }[] };
        ticketId = list.tickets[0]?.id ?? '';
        if (!ticketId) return 0;
        const page = (await api('GET', `/tickets/${ticketId}/conversation?limit=100`)).body as {
          messages: unknown[];
        };
        return page.messages.length;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(written.length);

  // ── The chat, newest first ───────────────────────────────────────────────────────────────────
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await openAs(page, user, `/tickets/${ticketId}`);
  await expect(page.getByRole('heading', { name: 'Conversa', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Conteúdo', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Análise de IA' })).toBeVisible();
  // The newest 50 of 57: the old ones from the 7th on, then yesterday and today in order.
  const olderLabel = spDate(older);
  const expectedTail = [
    ...Array.from({ length: 44 }, (_, i) => {
      const n = i + 7;
      return new RegExp(
        `^${n % 2 === 0 ? 'Atendente' : 'Cliente'}, \\d\\d:\\d\\d:Mensagem antiga ${n}(Sentimento: \\S+)?\\d\\d:\\d\\d$`,
      );
    }),
    /^Ontem$/,
    /^Cliente, \d\d:\d\d:Bom dia, minha fatura veio com cobrança duplicada\./,
    /^Bot, \d\d:\d\d:BotOlá! Sou o assistente virtual/,
    /^Atendente, \d\d:\d\d:Bom dia, Marina! Vou verificar a cobrança\./,
    /^Nota interna de atendente: Cliente antiga, priorizar\. · \d\d:\d\d$/,
    /^Hoje$/,
    /^Cliente, \d\d:\d\d:Imagem· fatura-outubro\.jpg/,
    /^Atendente, \d\d:\d\d:Estorno solicitado, prazo de 5 dias úteis\.\d\d:\d\d$/,
  ];
  await expect(rows(page)).toHaveText([`${olderLabel}`, ...expectedTail]);
  await expect(log(page).getByRole('button', { name: 'Carregar mensagens anteriores' })).toBeVisible();
  // Nothing flagged yet (the red flag comes live below); the bot's line says so.
  await expect(log(page).locator('mark')).toHaveCount(0);
  await expect(log(page).getByText('Bot', { exact: true })).toBeVisible();
  // The newest message is in view: the chat opened at its bottom.
  await expect(log(page).getByText('Estorno solicitado, prazo de 5 dias úteis.')).toBeInViewport();
  await expectAccessible(page);
  fs.mkdirSync(shots, { recursive: true });
  await log(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('1366-light') });

  // ── Scrolling to the top brings the older messages, the reader's place kept ───────────────────
  const firstLoaded = log(page).getByText('Mensagem antiga 7', { exact: true });
  await log(page).evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(log(page).getByText('Início da conversa')).toBeAttached();
  await expect(rows(page)).toHaveCount(written.length + 3); // + three day separators
  await expect(rows(page).nth(1)).toHaveText(/Chamado aberto no DigiSac/);
  await expect(rows(page).nth(2)).toHaveText(/Mensagem antiga 1(?!\d)/);
  await expect(firstLoaded).toBeInViewport(); // not thrown back to the top
  expect(await log(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  // ── New customer messages appear without reloading ─────────────────────────────────────────
  await log(page).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const navigations = await page.evaluate(() => performance.getEntriesByType('navigation').length);
  // One that raises no alert: the 15 s poll brings it.
  const [plain] = await fake.deliver('message.created', say({ text: 'Alguma novidade? Obrigada.' }));
  expect(plain?.status).toBe(202);
  const fresh = log(page).getByText('Alguma novidade? Obrigada.', { exact: true });
  await expect(fresh).toBeVisible({ timeout: 25_000 });
  await expect(fresh).toBeInViewport(); // a reader at the bottom follows new messages
  // The conversation's first red flag: marked in the chat, and its alert reaches the bell live.
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
  const unread = async () => Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);
  const unreadBefore = await unread();
  const [procon] = await fake.deliver(
    'message.created',
    say({ text: 'Se não resolverem hoje vou ao Procon.' }),
  );
  expect(procon?.status).toBe(202);
  await expect(log(page).getByText(/Se não resolverem hoje vou ao/)).toBeVisible({ timeout: 25_000 });
  await expect(log(page).locator('mark')).toHaveText(['Procon']);
  await expect.poll(unread, { timeout: 25_000 }).toBeGreaterThan(unreadBefore);
  await bell.click();
  // The panel's newest item is this ticket's burst (red flags, maybe with other reasons as chips).
  const newest = page.getByRole('dialog', { name: 'Notificações' }).getByRole('listitem').first();
  await expect(newest).toContainText(/no chamado «DigiSac #\d+ Marina Lopes/);
  await expect(newest).toContainText(/sinais de alerta/i);
  await page.keyboard.press('Escape');
  // Another red-flag message comes in the same way, marked.
  const [flagged] = await fake.deliver(
    'message.created',
    say({ text: 'Se não resolver vou cancelar tudo.' }),
  );
  expect(flagged?.status).toBe(202);
  await expect(log(page).getByText(/Se não resolver vou/)).toBeVisible({ timeout: 25_000 });
  await expect(log(page).locator('mark')).toHaveText(['Procon', 'cancelar']);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(navigations);

  // ── 390 px, dark ─────────────────────────────────────────────────────────────────────────────
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await pageOverflow(page), 'the ticket page is wider than the screen').toBeLessThanOrEqual(0);
  await log(page).scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await page.screenshot({ path: shot('390-dark') });
});
