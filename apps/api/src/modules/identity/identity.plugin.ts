import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authenticate } from './auth.ts';
import { idpRoutes } from './idp.routes.ts';
import { idpSettings } from './idp-config.ts';
import { IdentityProvider, identityLimits } from './idp-provider.ts';
import { loadSigningKey, type SigningKey } from './keys.ts';
import { MailSender } from './mail-queue.ts';
import { createMailer } from './mailer.ts';
import { sweepCounters } from './security-counters.ts';
import { tokenKeys } from './token-keys.ts';
import { TokenRevocation } from './token-revocation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook that authenticates /api/v1 (sets request.auth and request.tenantTx). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Wires identity into the app: the built-in provider's routes (unless an external Cognito pool
 * is configured) and the hook that authenticates /api/v1, decorated as `app.authenticate`.
 * Not encapsulated (Symbol.for('skip-override'), what the fastify-plugin package sets): its
 * decorations are the app's, for app.ts to put the hook on /api/v1 and for routes to read
 * request.auth and request.tenantTx.
 */
export const identityPlugin: FastifyPluginAsync = async (app) => {
  const { config, database } = app;
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
    await app.register(idpRoutes, { provider, key, poolId: idp.poolId });
    const tokens = new TokenRevocation(database.db);
    // A disabled user or a new password ends the sessions in every process now, not in ≤ 5 s
    // (a stolen token could otherwise reopen the notification stream within the cache's window).
    app.events.onCommitted('user.sessions_ended', ({ data }) => tokens.forget(data.user_id));
    revocation = tokens;
  }

  app.decorateRequest('auth', null as never);
  app.decorateRequest('tenantTx', null as never);
  app.decorate('authenticate', authenticate(database.db, idp, tokenKeys(idp, key), revocation));
};
Object.assign(identityPlugin, { [Symbol.for('skip-override')]: true });
