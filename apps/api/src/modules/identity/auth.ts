import type { FastifyRequest } from 'fastify';
import { type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import type { IdpSettings } from './idp-config.ts';

export interface AuthUser {
  sub: string;
  email: string | undefined;
  groups: string[];
  tenantId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller of an /api/v1 route. */
    auth: AuthUser;
    /** Runs database work as the caller's tenant (row-level security applies). */
    tenantTx: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unauthorized = (detail = 'Sessão inválida ou expirada. Faça login novamente.') =>
  new AppError('unauthorized', detail);

/**
 * Verifies the bearer ID token (signature, issuer, audience, token_use, expiry), takes the tenant
 * from `custom:tenant_id`, and checks X-Tenant-ID against it. Sets request.auth and tenantTx.
 */
export function authenticate(db: Db, idp: IdpSettings, keys: JWTVerifyGetKey) {
  return async (request: FastifyRequest) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Autenticação necessária.');
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: idp.issuer,
        audience: idp.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) {
        request.log.info({ reason: err.code }, 'token refused');
        throw unauthorized(
          err instanceof joseErrors.JWTExpired ? 'Sessão expirada. Faça login novamente.' : undefined,
        );
      }
      throw err;
    }
    if (claims.token_use !== 'id') throw unauthorized('Use o ID token para chamar a API.');
    const tenantId = claims['custom:tenant_id'];
    if (typeof tenantId !== 'string' || !uuid.test(tenantId)) {
      throw new AppError('forbidden', 'Seu usuário não pertence a nenhuma organização.');
    }
    const header = request.headers['x-tenant-id'];
    if (header !== undefined && header !== tenantId) {
      throw new AppError('forbidden', 'O cabeçalho X-Tenant-ID não corresponde à sua organização.');
    }
    const groups = claims['cognito:groups'];
    request.auth = {
      sub: String(claims.sub),
      email: typeof claims.email === 'string' ? claims.email : undefined,
      groups: Array.isArray(groups) ? groups.map(String) : [],
      tenantId,
    };
    request.tenantTx = (work) => withTenant(db, tenantId, work);
  };
}
