import type { Mail } from './mailer.ts';

/** The pt-BR password-reset mail. */
export function resetCodeMail(to: string, code: string): Mail {
  const text = [
    'Olá,',
    '',
    'Recebemos um pedido para redefinir a sua senha do Atende.',
    'Seu código de verificação é:',
    '',
    // Alone on its line: easy to read, copy, and find in the .eml.
    `    ${code}`,
    '',
    'O código vale por 1 hora. Se você não pediu a troca de senha, ignore este e-mail: sua senha continua a mesma.',
    '',
    'Equipe Atende',
  ].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif;color:#0f172a">
<p>Olá,</p>
<p>Recebemos um pedido para redefinir a sua senha do Atende.</p>
<p>Seu código de verificação é: <strong style="font-size:20px;letter-spacing:4px">${code}</strong></p>
<p>O código vale por 1 hora. Se você não pediu a troca de senha, ignore este e-mail: sua senha continua a mesma.</p>
<p>Equipe Atende</p></body></html>`;
  return { to, subject: 'Atende: código para redefinir sua senha', text, html };
}
