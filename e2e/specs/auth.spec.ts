import { expect, type Page, test } from '@playwright/test';
import { passwordRule } from '../../packages/contracts/src/password-policy.ts';
import { demo, firstAccessUser, recoveryUser } from '../fixtures.ts';
import { expectAccessible, mailedCode, signIn } from './helpers.ts';

/** The bodies of the calls to the identity provider (`POST /`), as the page sends them. */
function idpCalls(page: Page) {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/')
      bodies.push(request.postData() ?? '');
  });
  return {
    bodies,
    /** Each call's AuthFlow or ChallengeName, in order. */
    steps: () =>
      bodies.map((body) => {
        const parsed = JSON.parse(body) as { AuthFlow?: string; ChallengeName?: string };
        return parsed.AuthFlow ?? parsed.ChallengeName;
      }),
  };
}

test('the demo user signs in, sees the organisation, and signs out', async ({ page }) => {
  const calls = idpCalls(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Entrar na plataforma' })).toBeVisible();
  await expectAccessible(page);
  await signIn(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Over SRP: the claim proves the password, which never leaves the browser.
  expect(calls.steps()).toEqual(['USER_SRP_AUTH', 'PASSWORD_VERIFIER']);
  expect(calls.bodies.join('\n')).not.toContain(demo.password);
  await expect(page.getByText(demo.email)).toBeVisible();
  await expect(page.getByText('Demonstração')).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the error and keeps the user on the login screen', async ({ page }) => {
  const calls = idpCalls(page);
  await page.goto('/login');
  await signIn(page, demo.email, 'Errada#Senha1');
  await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos.');
  await expect(page).toHaveURL(/\/login$/);
  // The refused claim, then the one fallback (refused as well: the claim tested the password).
  expect(calls.steps()).toEqual(['USER_SRP_AUTH', 'PASSWORD_VERIFIER', 'USER_PASSWORD_AUTH']);
});

test('an empty login is refused in pt-BR under the inputs, the browser never checking it itself', async ({
  page,
}) => {
  await page.goto('/login');
  // The browser's own validation bubbles would be in the browser's language: the form checks itself.
  await expect(page.locator('form')).toHaveAttribute('novalidate', '');
  const email = page.getByLabel('E-mail');
  const password = page.getByLabel('Senha', { exact: true });
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByText('Informe seu e-mail.')).toBeVisible();
  await expect(page.getByText('Informe sua senha.')).toBeVisible();
  await expect(email).toHaveAccessibleDescription('Informe seu e-mail.');
  await expect(password).toHaveAccessibleDescription('Informe sua senha.');
  await expect(email).toBeFocused();
  // Empty and `required`, so the browser would have stopped the submit with its bubble: ours showed.
  expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);

  await email.fill('demo-sem-arroba');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected deep link returns to itself after sign-in', async ({ page }) => {
  await page.goto('/tickets?q=procon');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/tickets\?q=procon$/);
  await expect(page.getByRole('heading', { name: 'Chamados' })).toBeVisible();
});

test('first access with a temporary password goes through /nova-senha', async ({ page }, testInfo) => {
  const user = firstAccessUser(testInfo.retry);
  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/nova-senha$/);
  // The rule is stated before anything is typed, and read with the field.
  const newPassword = page.getByLabel('Nova senha', { exact: true });
  await expect(page.getByText(passwordRule)).toBeVisible();
  await expect(newPassword).toHaveAccessibleDescription(passwordRule);

  await newPassword.fill('Nova#Senha2026');
  await page.getByLabel('Confirme a nova senha').fill('Outra#Senha2027');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('As senhas não conferem.')).toBeVisible();
  await expectAccessible(page);

  // A guessable password meets the character classes, but the server refuses it and says why:
  // once, under the field, after the rule.
  await newPassword.fill('Senha@1234');
  await page.getByLabel('Confirme a nova senha').fill('Senha@1234');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  const guessable = 'A senha é fácil de adivinhar. Use uma frase longa ou misture palavras pouco comuns.';
  await expect(page.getByText(guessable)).toBeVisible();
  await expect(newPassword).toHaveAccessibleDescription(`${passwordRule} ${guessable}`);
  await expect(newPassword).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/nova-senha$/);

  await newPassword.fill('Nova#Senha2026');
  await page.getByLabel('Confirme a nova senha').fill('Nova#Senha2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(user.email)).toBeVisible();
});

test('password recovery with the mailed code, then sign-in with the new password', async ({
  page,
}, testInfo) => {
  const { email } = recoveryUser(testInfo.retry);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/esqueci-minha-senha$/);
  await expect(page.getByRole('link', { name: 'Voltar ao login' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('Código enviado. Verifique seu e-mail.')).toBeVisible();
  await expectAccessible(page);

  await expect(page.getByText(passwordRule)).toBeVisible();
  await page.getByLabel('Código de verificação').fill(await mailedCode(email));
  await page.getByLabel('Nova senha', { exact: true }).fill('Recuperada#2026');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso. Você já pode entrar.')).toBeVisible();

  await page.getByRole('link', { name: 'Voltar ao login' }).click();
  await signIn(page, email, 'Recuperada#2026');
  await expect(page).toHaveURL(/\/dashboard$/);
});
