import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { authenticate } from './auth.ts';
import { registerIdpRoutes } from './idp.routes.ts';
import { IdentityProvider } from './idp.service.ts';
import { idpSettings } from './idp-config.ts';
import { loadSigningKey, type SigningKey } from './keys.ts';
import { createMailer } from './mailer.ts';
import { tokenKeys } from './token-keys.ts';

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

  if (!idp.external) {
    const provider = new IdentityProvider(database.db, idp, key, createMailer(config, app.log));
    await registerIdpRoutes(app, provider, key, idp.poolId);
  }

  app.decorateRequest('auth', null as never);
  app.decorateRequest('tenantTx', null as never);
  return authenticate(database.db, idp, tokenKeys(idp, key));
}
