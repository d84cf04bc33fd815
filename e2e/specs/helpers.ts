import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Opens a protected screen as `user`: the sign-in screen first, then back to `path`. */
export async function openAs(page: Page, user: { email: string; password: string }, path: string) {
  await page.goto(path);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/** The 6-digit code of the newest reset mail to `email` in the server's outbox (no SMTP in e2e). */
export async function mailedCode(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let code = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((f) => f.includes(email))
            .sort()
        : [];
      const newest = files.at(-1);
      code = newest
        ? (/^\s*(\d{6})\s*$/m.exec(fs.readFileSync(path.join(outbox, newest), 'utf8'))?.[1] ?? '')
        : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Lets transitions finish (not the endless ones: spinners, skeletons), at most 3 s. */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {}); // something still moving after 3 s: check it as it is
}

/** No serious or critical accessibility violation on the page as it is now (axe-core). */
export async function expectAccessible(page: Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const violations = async () => {
    // A toast still fading in has, for that moment, too little contrast.
    await settled(page);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };
  let serious = await violations();
  // Another spec's alert toast for the same tenant may arrive (or start leaving) while axe reads
  // the page, and be caught mid-fade: look again once, a real problem is still there.
  if (serious.length > 0) {
    await page.waitForTimeout(1_000);
    serious = await violations();
  }
  expect(serious, 'serious or critical axe violations').toEqual([]);
}

/** An ID token of `user` from the built-in identity provider (as apps/api's signInIdToken). */
export async function idToken(request: APIRequestContext, user: { email: string; password: string }) {
  const response = await request.post('/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      ClientId: 'atende-web',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  });
  expect(response.status()).toBe(200);
  const token = (await response.json()).AuthenticationResult?.IdToken as string | undefined;
  if (!token) throw new Error('no ID token');
  return token;
}
