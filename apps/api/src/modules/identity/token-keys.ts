import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { IdpSettings } from './idp-config.ts';
import type { SigningKey } from './keys.ts';

/** The keys that may sign ID tokens: ours, or the external pool's JWKS (fetched and cached by jose). */
export function tokenKeys(idp: IdpSettings, key: () => Promise<SigningKey>): JWTVerifyGetKey {
  if (idp.external) return createRemoteJWKSet(new URL(idp.jwksUrl), { timeoutDuration: 5000 });
  let local: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    local ??= createLocalJWKSet((await key()).publicJwks);
    return local(header, token);
  };
}
