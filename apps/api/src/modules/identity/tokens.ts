import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { User } from '../../db/schema/index.ts';
import type { IdpSettings } from './idp-config.ts';
import type { SigningKey } from './keys.ts';
import { generationClaim } from './token-revocation.ts';

export const tokenLifetimeSeconds = 60 * 60;
export const refreshLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Opaque secrets handed to the client (refresh tokens, challenge sessions); stored hashed. */
export const newSecret = () => randomBytes(48).toString('base64url');

/** Cognito-shaped ID and access tokens for a user (claims as a Cognito user pool issues them). */
export async function signTokens(user: User, authTime: Date, key: SigningKey, idp: IdpSettings) {
  const now = Math.floor(Date.now() / 1000);
  const common = {
    auth_time: Math.floor(authTime.getTime() / 1000),
    'cognito:groups': user.groups,
    [generationClaim]: user.tokenGeneration,
  };
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(idp.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + tokenLifetimeSeconds)
      .setJti(randomUUID())
      .sign(key.privateKey);

  const [idToken, accessToken] = await Promise.all([
    sign({
      ...common,
      aud: idp.clientId,
      token_use: 'id',
      'cognito:username': user.email,
      email: user.email,
      email_verified: true,
      'custom:tenant_id': user.tenantId,
    }),
    sign({
      ...common,
      client_id: idp.clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: user.email,
    }),
  ]);
  return { IdToken: idToken, AccessToken: accessToken, ExpiresIn: tokenLifetimeSeconds, TokenType: 'Bearer' };
}
