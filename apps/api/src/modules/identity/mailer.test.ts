import {
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '../../test/helpers.ts';
import { builtInClientId } from './idp-config.ts';

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
