import { invitationLifetimeDays } from '@atende/contracts';
import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The pt-BR invitation: the address to open, the e-mail and the temporary password. */
export function invitationMail(input: {
  to: string;
  organisation: string;
  temporaryPassword: string;
  loginUrl: string;
}): Mail {
  const { to, organisation, temporaryPassword, loginUrl } = input;
  const text = [
    'Olá,',
    '',
    `Você foi convidado para a equipe de ${organisation} no Atende.`,
    `Para entrar, abra ${loginUrl} e use:`,
    '',
    `    E-mail: ${to}`,
    // Alone on its line: easy to read, copy, and find in the .eml.
    `    Senha temporária: ${temporaryPassword}`,
    '',
    `No primeiro acesso você escolhe a sua senha. A senha temporária vale por ${invitationLifetimeDays} dias; depois disso, peça um novo convite a um administrador.`,
    '',
    'Equipe Atende',
  ].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif;color:#0f172a">
<p>Olá,</p>
<p>Você foi convidado para a equipe de ${escapeHtml(organisation)} no Atende.</p>
<p>Para entrar, abra <a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a> e use:</p>
<p>E-mail: <strong>${escapeHtml(to)}</strong><br>Senha temporária: <strong style="font-size:18px;letter-spacing:2px">${escapeHtml(temporaryPassword)}</strong></p>
<p>No primeiro acesso você escolhe a sua senha. A senha temporária vale por ${invitationLifetimeDays} dias; depois disso, peça um novo convite a um administrador.</p>
<p>Equipe Atende</p></body></html>`;
  return { to, subject: `Atende: convite para a equipe de ${organisation}`, text, html };
}
