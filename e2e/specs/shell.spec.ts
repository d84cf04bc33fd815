import { expect, test } from '@playwright/test';
import { demo } from '../fixtures.ts';
import { expectAccessible, signIn } from './helpers.ts';

test.describe('shell', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/dashboard');
    await signIn(page, demo.email, demo.password);
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
  });

  test('side menu: every screen, the organisation, the user, the page title', async ({ page }) => {
    test.setTimeout(90_000); // seven screens, each loaded on demand
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(page.getByText('Demonstração')).toBeVisible();
    await expect(page.getByText(demo.email)).toBeVisible();
    await expect(page).toHaveTitle('Painel · Atende');
    await expect(page.getByText('Bom dia!')).toBeVisible();

    for (const [label, path, heading] of [
      ['Chamados', '/tickets', 'Chamados'],
      ['Clientes', '/customers', 'Clientes'],
      ['Mensagens', '/messages', 'Mensagens'],
      ['Termos Sinalizados', '/flagged-terms', 'Termos Sinalizados'],
      ['Especialistas', '/experts', 'Gestão de Especialistas'],
      ['Configurações', '/settings', 'Configurações'],
      ['Painel', '/dashboard', 'Painel'],
    ] as const) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    await menu.getByRole('link', { name: 'Notificações' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page).toHaveTitle('Notificações · Atende');

    await expectAccessible(page);
  });

  test('dark theme: follows the system until chosen in the header, then remembered', async ({ page }) => {
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: 'Tema escuro' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/); // no choice yet: the system's theme, live
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const background = () =>
      page.evaluate(
        () => getComputedStyle(document.getElementById('conteudo')?.parentElement as Element).backgroundColor,
      );
    const light = await background();

    await toggle.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await background()).not.toBe(light);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/); // remembered, though the system is light
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Tema escuro' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).not.toHaveClass(/\bdark\b/); // the user's choice wins over the system
  });

  test('the experts placeholder', async ({ page }) => {
    await page.goto('/experts');
    await expect(page.getByRole('heading', { name: 'Gestão de Especialistas' })).toBeVisible();
    await expect(page.getByText('23', { exact: true })).toBeVisible();
    await expect(page.getByText('2,3 min')).toBeVisible();
    await expect(page.getByText('4,8/5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Em breve - Gestão de Especialistas' })).toBeVisible();
    await expectAccessible(page);
  });

  test('Alt shortcuts, ignored while typing; Alt+L signs out', async ({ page }) => {
    await page.keyboard.press('Alt+t');
    await expect(page).toHaveURL(/\/tickets$/);
    await page.keyboard.press('Alt+c');
    await expect(page).toHaveURL(/\/customers$/);
    await page.keyboard.press('Alt+m');
    await expect(page).toHaveURL(/\/messages$/);
    await page.keyboard.press('Alt+s');
    await expect(page).toHaveURL(/\/settings$/);

    // Typing in a field: the shortcut is the user's text, not a navigation.
    const name = page.getByLabel('Nome da conta');
    await name.focus();
    await page.keyboard.press('Alt+g');
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('heading', { level: 1 }).click(); // leave the field

    await page.evaluate(() => {
      window.addEventListener('toggle-notifications', () =>
        document.body.setAttribute('data-toggled', 'yes'),
      );
    });
    await page.keyboard.press('Alt+n');
    await expect(page.locator('body')).toHaveAttribute('data-toggled', 'yes');

    await page.keyboard.press('Alt+g');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Alt+l');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Entrar na plataforma' })).toBeVisible();
    await page.goBack(); // sign-out replaced the entry: back does not reopen a screen
    await expect(page).not.toHaveURL(/\/dashboard$/);
  });

  test('skip link jumps to the content', async ({ page }) => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#conteudo')).toBeFocused();
  });

  test('Sair signs out', async ({ page }) => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer with the organisation, settings and Sair', async ({ page }) => {
    await page.goto('/dashboard');
    await signIn(page, demo.email, demo.password);
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Demonstração')).toBeVisible();
    await expect(drawer.getByText('demo', { exact: true })).toBeVisible();
    await expect(drawer.getByText(demo.email)).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Configurações da conta' })).toBeVisible();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await drawer
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Chamados' })
      .click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Chamados', level: 1 })).toBeVisible();

    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
