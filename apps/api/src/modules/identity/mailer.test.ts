import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.ts';
import { createTestUser, startTestServer, type TestServer } from '../../test/helpers.ts';
import { builtInClientId } from './idp-config.ts';
import { createMailer } from './mailer.ts';

describe('reset mail through SMTP_URL', () => {
  const received: { to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the pt-BR reset mail with the code to a real SMTP peer', async () => {
    const { email } = await createTestUser(server.database);
    const cognito = new CognitoIdentityProviderClient({
      region: 'sa-east-1',
      endpoint: server.url,
      maxAttempts: 1,
    });
    await cognito.send(new ForgotPasswordCommand({ ClientId: builtInClientId, Username: email }));
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(received[0]?.to).toEqual([email]);
    const mail = received[0]?.data ?? '';
    expect(mail).toContain('Subject: =?UTF-8?Q?Atende=3A_c=C3=B3digo_para_redefinir_sua?=');
    expect(mail).toMatch(/^\s*\d{6}\s*$/m);
    expect(mail).toContain('Recebemos um pedido para redefinir a sua senha do Atende.');
  });
});

describe('reset mail to the outbox (no SMTP_URL)', () => {
  it('keeps every mail to one address written in the same millisecond', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-outbox-'));
    const send = createMailer({ DATA_DIR: dataDir } as Config, { info() {} } as unknown as FastifyBaseLogger);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T10:00:00.000Z') });
    try {
      const mail = { to: 'ana@example.com', subject: 'Código', text: 'x', html: '<p>x</p>' };
      await Promise.all(Array.from({ length: 5 }, () => send(mail)));
    } finally {
      vi.useRealTimers();
    }
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(5);
    expect(
      files.every((f) => f.startsWith('2026-11-28T10-00-00-000Z-') && f.endsWith('ana@example.com.eml')),
    ).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
