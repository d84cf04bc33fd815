import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

const from = 'Atende <nao-responda@atende.local>';

/**
 * Sends through SMTP_URL when set; otherwise writes each mail as an .eml file to DATA_DIR/outbox
 * (readable by any mail client) and logs where, so a newcomer still receives reset codes.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): SendMail {
  // nodemailer loads with the first mail, not with every server start.
  const nodemailer = async () => (await import('nodemailer')).default;
  const smtpUrl = config.SMTP_URL;
  if (smtpUrl) {
    let transport: Promise<Transporter> | undefined;
    return async (mail) => {
      transport ??= nodemailer().then((n) => n.createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...mail });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  return async (mail) => {
    const transport = (await nodemailer()).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
    const info = await transport.sendMail({ from, ...mail });
    fs.mkdirSync(outbox, { recursive: true });
    // The time first, so names sort by it; then a random part, since mails to one address can be
    // written in the same millisecond (by this process or another one on the same DATA_DIR).
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const unique = randomBytes(4).toString('hex');
    const file = path.join(outbox, `${stamp}-${unique}-${mail.to.replace(/[^\w@.-]/g, '_')}.eml`);
    fs.writeFileSync(file, info.message as Buffer, { flag: 'wx' });
    log.info(
      { to: mail.to, subject: mail.subject, file },
      'mail written to the outbox (SMTP_URL is not set)',
    );
  };
}
