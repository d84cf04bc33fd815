import type { RuntimeConfig } from '@atende/contracts';
import type { Config } from '../../config.ts';
import { idpSettings } from './idp-config.ts';

// What other modules may ask of the identity module (users.service.ts creates and lists users).

// The people of a tenant (modules/users): invitations with a temporary password by mail, and
// ending a person's sessions, from the tenant's transaction.
export { endSessionsInTenant } from './identity.repo.ts';
export { invitationMail } from './invitation-mail.ts';
export { enqueueTenantMail } from './mail-queue.ts';
export { hashPassword, temporaryPassword } from './passwords.ts';
// Fixed-window counters in the database, shared by every server process (DigiSac's per-tenant
// call limit counts with them).
export { type CounterHit, hitCounter } from './security-counters.ts';
// An invitation's temporary password gets its SRP verifier too: the first access may use SRP.
export { makeSrpVerifier } from './srp.ts';

/** The identity provider the web app signs in with (`/config.json`): the built-in one or Cognito. */
export function webAppIdp(config: Config): RuntimeConfig['idp'] {
  const { endpoint, region, poolId, clientId } = idpSettings(config);
  return { endpoint, region, userPoolId: poolId, clientId };
}
