import type { Config } from '../../config.ts';

/** The built-in provider's fixed pool and app client (what /config.json hands the SPA). */
export const builtInPoolId = 'sa-east-1_atende';
export const builtInClientId = 'atende-web';

export interface IdpSettings {
  /** True when COGNITO_ISSUER points at an external user pool. */
  external: boolean;
  issuer: string;
  clientId: string;
  poolId: string;
  region: string;
  /** Where the SPA sends Cognito's JSON calls. */
  endpoint: string;
  /** Where the signing keys are: `{issuer}/.well-known/jwks.json` unless COGNITO_JWKS_URL says. */
  jwksUrl: string;
  /** The group (`cognito:groups`) that makes a user an admin (ADMIN_GROUP); the others are agents. */
  adminGroup: string;
}

export function idpSettings(config: Config): IdpSettings {
  if (config.COGNITO_ISSUER && config.COGNITO_CLIENT_ID) {
    const issuer = config.COGNITO_ISSUER.replace(/\/+$/, '');
    return {
      external: true,
      issuer,
      clientId: config.COGNITO_CLIENT_ID,
      poolId: issuer.split('/').pop() ?? '',
      region: config.COGNITO_REGION,
      endpoint: config.COGNITO_ENDPOINT ?? `https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com`,
      // Cognito emulators (moto, LocalStack) put AWS's issuer in tokens but serve keys elsewhere.
      jwksUrl: config.COGNITO_JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
      adminGroup: config.ADMIN_GROUP,
    };
  }
  const issuer = `${config.PUBLIC_URL}/idp/${builtInPoolId}`;
  return {
    external: false,
    issuer,
    clientId: builtInClientId,
    poolId: builtInPoolId,
    region: config.COGNITO_REGION,
    endpoint: config.COGNITO_ENDPOINT ?? config.PUBLIC_URL,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    adminGroup: config.ADMIN_GROUP,
  };
}
