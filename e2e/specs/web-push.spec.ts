import { createECDH, randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { demo } from '../fixtures.ts';
import { openAs } from './helpers.ts';

// Web Push in the browser (issue 34). Headless Chromium has no push service (its subscribe()
// fails), so PushManager is stubbed in the page: subscribe() answers a subscription shaped like a
// real one (an https endpoint, a P-256 key, an auth secret) and records what it was asked. What is
// checked is the app's side: it subscribes with userVisibleOnly and the server's VAPID key once
// the browser preference is on, POSTs the subscription, DELETEs it when the preference goes off,
// and DELETEs it before signing out. Delivery itself is proven by the API's tests (push.test.ts).

const bell = (page: Page) =>
  page
    .getByRole('banner', { includeHidden: true })
    .getByRole('button', { name: /^Notificações/, includeHidden: true });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notificações' });
const isSubscriptions = (url: string) => new URL(url).pathname === '/api/v1/notifications/push-subscriptions';

test('with the browser preference on, the app subscribes and posts; off and sign-out delete', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['notifications']);
  const device = {
    endpoint: `https://push.example.com/e2e/${testInfo.retry}-${randomBytes(8).toString('hex')}`,
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  await page.addInitScript((d) => {
    const w = window as unknown as { __push: { asked: unknown[]; unsubscribed: number } };
    w.__push = { asked: [], unsubscribed: 0 };
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey as Uint8Array;
      w.__push.asked.push({ userVisibleOnly: options?.userVisibleOnly, keyBytes: key.byteLength });
      const subscription = {
        endpoint: d.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer },
        toJSON: () => ({
          endpoint: d.endpoint,
          expirationTime: null,
          keys: { p256dh: d.p256dh, auth: d.auth },
        }),
        unsubscribe: async () => {
          w.__push.unsubscribed++;
          current = null;
          return true;
        },
      };
      current = subscription as unknown as PushSubscription;
      return current;
    };
  }, device);

  await openAs(page, demo, '/dashboard');
  const toggle = async (to: 'Ativado' | 'Desativado') => {
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    const from = to === 'Ativado' ? 'Desativado' : 'Ativado';
    await panel(page)
      .getByRole('button', { name: `Navegador: ${from}` })
      .click();
    await expect(panel(page).getByRole('button', { name: `Navegador: ${to}` })).toBeVisible();
    await page.keyboard.press('Escape');
  };
  const call = (method: 'POST' | 'DELETE') =>
    page.waitForResponse((r) => isSubscriptions(r.url()) && r.request().method() === method);

  // On: subscribed with userVisibleOnly and the 65-byte VAPID key, and stored.
  let posted = call('POST');
  await toggle('Ativado');
  let response = await posted;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    endpoint: device.endpoint,
    expirationTime: null,
    keys: { p256dh: device.p256dh, auth: device.auth },
  });
  expect((await response.json()).devices).toBeGreaterThanOrEqual(1);
  expect(
    await page.evaluate(() => (window as unknown as { __push: { asked: unknown[] } }).__push.asked),
  ).toEqual([{ userVisibleOnly: true, keyBytes: 65 }]);

  // Off: the API forgets the device and the browser unsubscribes.
  const deleted = call('DELETE');
  await toggle('Desativado');
  response = await deleted;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ endpoint: device.endpoint });
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __push: { unsubscribed: number } }).__push.unsubscribed),
    )
    .toBe(1);

  // On again, then Sair: the DELETE goes out (with the session's token) before the sign-in screen.
  posted = call('POST');
  await toggle('Ativado');
  expect((await posted).status()).toBe(200);
  const signOutDelete = call('DELETE');
  await page.getByRole('button', { name: 'Sair' }).click();
  response = await signOutDelete;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ endpoint: device.endpoint });
  // (Its body is not read: the page has left for /login, and a keepalive answer's body goes with it.)
  await expect(page).toHaveURL(/\/login$/);
});
