import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authenticate } from './auth.ts';
import { idpRoutes } from './idp.routes.ts';
import { idpSettings } from './idp-config.ts';
import { IdentityProvider, identityLimits } from './idp-provider.ts';
import { loadSigningKey, type SigningKey } from './keys.ts';
import { MailSender } from './mail-queue.ts';
import { createMailer } from './mailer.ts';
import { tokenKeys } from './token-keys.ts';
import { TokenRevocation } from './token-revocation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook that authenticates /api/v1 (sets request.auth and request.tenantTx). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * The built-in identity provider's running parts, for jobs.ts (a job drains the mail queue)
     * and reactions.ts (ended sessions leave the revocation cache); undefined with an external
     * Cognito pool.
     */
    builtInIdp: { mail: MailSender; revocation: TokenRevocation } | undefined;
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

  let builtIn: FastifyInstance['builtInIdp'];
  if (!idp.external) {
    const mail = new MailSender(database.db, createMailer(config, app.log), app.log);
    const provider = new IdentityProvider(
      database.db,
      idp,
      key,
      mail,
      app.cpu,
      identityLimits(config),
      app.log,
      app.events,
      app.secretKey.key,
    );
    app.addHook('onClose', async () => {
      await provider.close();
      await mail.stop();
    });
    await app.register(idpRoutes, { provider, key, poolId: idp.poolId });
    builtIn = { mail, revocation: new TokenRevocation(database.db) };
  }

  app.decorateRequest('auth', null as never);
  app.decorateRequest('tenantTx', null as never);
  app.decorate('builtInIdp', builtIn);
  app.decorate('authenticate', authenticate(database.db, idp, tokenKeys(idp, key), builtIn?.revocation));
};
Object.assign(identityPlugin, { [Symbol.for('skip-override')]: true });
