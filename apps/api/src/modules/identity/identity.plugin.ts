import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { authenticate } from './auth.ts';
import { registerIdpRoutes } from './idp.routes.ts';
import { IdentityProvider, identityLimits } from './idp.service.ts';
import { idpSettings } from './idp-config.ts';
import { loadSigningKey, type SigningKey } from './keys.ts';
import { MailSender } from './mail-queue.ts';
import { createMailer } from './mailer.ts';
import { sweepCounters } from './security-counters.ts';
import { tokenKeys } from './token-keys.ts';
import { TokenRevocation } from './token-revocation.ts';

/**
 * Wires identity into the app: the built-in provider's routes (unless an external Cognito pool
 * is configured) and the hook that authenticates /api/v1. Returns that hook.
 */
export async function registerIdentity(app: FastifyInstance, config: Config, database: Database) {
  const idp = idpSettings(config);
  let signingKey: Promise<SigningKey> | undefined;
  const key = () => {
    signingKey ??= loadSigningKey(database.db).catch((err) => {
      signingKey = undefined; // retry on the next call, e.g. once the database is back
      throw err;
    });
    return signingKey;
  };

  let revocation: TokenRevocation | undefined;
  if (!idp.external) {
    const mail = new MailSender(database.db, createMailer(config, app.log), app.log);
    app.workers.schedule({ name: 'mail-queue', everyMs: 5_000, run: () => mail.drain() });
    // Old security-counter windows go every few minutes.
    app.workers.schedule({
      name: 'security-counter-sweep',
      everyMs: 5 * 60_000,
      run: () => sweepCounters(database.db),
    });
    const provider = new IdentityProvider(
      database.db,
      idp,
      key,
      mail,
      app.cpu,
      identityLimits(config),
      app.log,
      app.events,
    );
    app.addHook('onClose', async () => {
      await provider.close();
      await mail.stop();
    });
    await registerIdpRoutes(app, provider, key, idp.poolId);
    const tokens = new TokenRevocation(database.db);
    // A disabled user or a new password ends the sessions in every process now, not in ≤ 5 s
    // (a stolen token could otherwise reopen the notification stream within the cache's window).
    app.events.onCommitted('user.sessions_ended', ({ data }) => tokens.forget(data.user_id));
    revocation = tokens;
  }

  app.decorateRequest('auth', null as never);
  app.decorateRequest('tenantTx', null as never);
  return authenticate(database.db, idp, tokenKeys(idp, key), revocation);
}
