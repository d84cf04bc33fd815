import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demo } from '../fixtures.ts';
import { expectAccessible, openAs, signIn } from './helpers.ts';

/** The temporary password of the newest invitation mailed to `email` (the server's outbox). */
async function invitedPassword(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let password = '';
  await expect
    .poll(() => {
      const newest = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((f) => f.includes(email))
            .sort()
            .at(-1)
        : undefined;
      // Quoted-printable: a long line is cut with a soft break (`=` at its end).
      const mail = newest ? fs.readFileSync(path.join(outbox, newest), 'utf8').replace(/=\r?\n/g, '') : '';
      password = /ria: ([A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4})\b/.exec(mail)?.[1] ?? '';
      return password;
    })
    .toMatch(/^.{14}$/);
  return password;
}

const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : undefined;

test('an admin invites an agent, who signs in and cannot open Equipe nor save the settings', async ({
  page,
  browser,
}) => {
  // Two sign-ins, a first access (password scoring and hashing) and four screens.
  test.slow();
  // Unique per run and attempt: e-mails are unique across every organisation.
  const email = `agente.${Date.now()}@atende.local`;
  await openAs(page, demo, '/settings/equipe');
  await expect(page.getByRole('heading', { name: 'Equipe' })).toBeVisible();
  await expect(page.getByRole('cell', { name: demo.email })).toBeVisible();
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar pessoa' });
  await dialog.getByLabel('E-mail').fill(email);
  await expect(dialog.getByLabel('Papel')).toHaveValue('agent');
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Convite pendente')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Agente', exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'team-admin');

  // The invited person, in a browser of their own: the mailed temporary password, then their own.
  const temporary = await invitedPassword(email);
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const agent = await context.newPage();
  await agent.goto('/login');
  await signIn(agent, email, temporary);
  await expect(agent).toHaveURL(/\/nova-senha$/);
  await agent.getByLabel('Nova senha', { exact: true }).fill('Atendente#Nova2026');
  await agent.getByLabel('Confirme a nova senha').fill('Atendente#Nova2026');
  await agent.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(agent).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await agent.goto('/settings/equipe');
  await expect(
    agent.getByText(
      'Apenas administradores podem ver e gerenciar a equipe. Peça a um administrador da sua organização.',
    ),
  ).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Convidar pessoa' })).toHaveCount(0);
  await expectAccessible(agent);
  await shot(agent, 'team-agent');

  await agent.goto('/settings');
  await expect(
    agent.getByText(/Apenas administradores podem alterar as configurações da organização/),
  ).toBeVisible();
  await expect(agent.getByLabel('Nome da conta')).toBeDisabled();
  await expect(agent.getByRole('button', { name: 'Salvar Configurações' })).toBeDisabled();
  await shot(agent, 'settings-agent');
  // The server refuses it too, whatever the page shows.
  const token = await agent.evaluate(() => localStorage.getItem('atende.idToken'));
  const refused = await agent.request.put('/api/v1/tenants/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Invasão' },
  });
  expect(refused.status()).toBe(403);
  await context.close();

  // The admin sees the person active now, and the audit log has the invitation.
  await page.reload();
  await expect(
    page.getByRole('row').filter({ hasText: email }).getByText('Ativo', { exact: true }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Auditoria' }).click();
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Pessoa convidada' }).filter({ hasText: email }),
  ).toBeVisible();
  await shot(page, 'audit-admin');
});
