import type { Role } from '@atende/contracts';
import type { FastifyRequest } from 'fastify';
import { type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import type { Db } from '../../db/client.ts';
import { type TenantTx, tenantTxOf } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import type { IdpSettings } from './idp-config.ts';
import type { TokenRevocation } from './token-revocation.ts';

export interface AuthUser {
  sub: string;
  email: string | undefined;
  groups: string[];
  tenantId: string;
  /** `admin` when the token's groups hold the admin group (ADMIN_GROUP), else `agent`. */
  role: Role;
  /** The token's `auth_time` (seconds): when the person signed in. */
  authTime: number | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller of an /api/v1 route. */
    auth: AuthUser;
    /** Runs database work as the caller's tenant (row-level security applies): db/tenant.ts. */
    tenantTx: TenantTx;
  }
  interface FastifyContextConfig {
    /**
     * Marks an admin-only route: what an agent may not do, completing "Apenas administradores
     * podem …" (e.g. 'alterar as configurações da organização'). One hook (`requireAdmin`) checks
     * it on every /api/v1 route, and the route test over the whole inventory checks the marks.
     */
    adminOnly?: string;
  }
}

/**
 * Refuses an agent on an admin-only route (its `config.adminOnly`) with a 403 saying what only
 * admins may do. Runs after `authenticate` on every /api/v1 route.
 */
export async function requireAdmin(request: FastifyRequest) {
  const action = request.routeOptions.config.adminOnly;
  if (action !== undefined && request.auth.role !== 'admin') {
    throw new AppError('forbidden', `Apenas administradores podem ${action}.`);
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unauthorized = (detail = 'Sessão inválida ou expirada. Faça login novamente.') =>
  new AppError('unauthorized', detail);

/**
 * Why a token is refused, in words the sign-in screen can show (it does for a token refused
 * right after sign-in): a wrong issuer, client or key usually means a misconfigured server.
 */
function refusalDetail(err: InstanceType<typeof joseErrors.JOSEError>): string | undefined {
  if (err instanceof joseErrors.JWTExpired) return 'Sessão expirada. Faça login novamente.';
  if (err instanceof joseErrors.JWTClaimValidationFailed && (err.claim === 'iss' || err.claim === 'aud')) {
    return 'O token não foi emitido para este servidor (emissor ou cliente diferente do configurado). Faça login novamente.';
  }
  if (
    err instanceof joseErrors.JWKSNoMatchingKey ||
    err instanceof joseErrors.JWSSignatureVerificationFailed
  ) {
    return 'A assinatura do token não confere com as chaves do provedor de identidade configurado. Faça login novamente.';
  }
  return undefined;
}

/** How long a verified token is trusted again without checking its signature (never past its exp). */
const verifiedTtlMs = 60_000;
/** Verified tokens remembered per process at most (~1 kB each); past it, all are forgotten. */
const verifiedLimit = 10_000;

/**
 * Verifies the bearer ID token (signature, issuer, audience, token_use, expiry), takes the tenant
 * from `custom:tenant_id`, and checks X-Tenant-ID against it. Sets request.auth and tenantTx.
 * A token that passed is remembered by its exact text for up to a minute (issue 33: the RS256
 * check was ~7 % of a list request's CPU): its claims cannot change, its expiry still applies,
 * and the revocation check below runs on every request. A signing key withdrawn from the key set
 * stops its tokens within that minute.
 */
export function authenticate(
  db: Db,
  idp: IdpSettings,
  keys: JWTVerifyGetKey,
  /** The built-in provider's revocation check (absent with an external pool). */
  revocation?: TokenRevocation,
) {
  const verified = new Map<string, { claims: Record<string, unknown>; until: number }>();
  return async (request: FastifyRequest) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Autenticação necessária.');
    let claims: Record<string, unknown>;
    const now = Date.now();
    const known = verified.get(token);
    try {
      if (known && known.until > now) claims = known.claims;
      else {
        verified.delete(token);
        ({ payload: claims } = await jwtVerify(token, keys, {
          issuer: idp.issuer,
          audience: idp.clientId,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
        if (verified.size >= verifiedLimit) verified.clear();
        verified.set(token, { claims, until: Math.min(now + verifiedTtlMs, Number(claims.exp) * 1000) });
      }
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) {
        request.log.info({ reason: err.code }, 'token refused');
        throw unauthorized(refusalDetail(err));
      }
      throw err; // e.g. AppError 'unavailable' from token-keys: the key server cannot be reached
    }
    if (claims.token_use !== 'id') throw unauthorized('Use o ID token para chamar a API.');
    if (revocation && (await revocation.isRevoked(String(claims.sub), claims))) {
      throw unauthorized(
        'Sua sessão foi encerrada (senha alterada ou acesso desativado). Faça login novamente.',
      );
    }
    const tenantId = claims['custom:tenant_id'];
    if (typeof tenantId !== 'string' || !uuid.test(tenantId)) {
      throw new AppError('forbidden', 'Seu usuário não pertence a nenhuma organização.');
    }
    const header = request.headers['x-tenant-id'];
    if (header !== undefined && header !== tenantId) {
      throw new AppError('forbidden', 'O cabeçalho X-Tenant-ID não corresponde à sua organização.');
    }
    const claimed = claims['cognito:groups'];
    const groups = Array.isArray(claimed) ? claimed.map(String) : [];
    request.auth = {
      sub: String(claims.sub),
      email: typeof claims.email === 'string' ? claims.email : undefined,
      groups,
      tenantId,
      role: groups.includes(idp.adminGroup) ? 'admin' : 'agent',
      authTime: typeof claims.auth_time === 'number' ? claims.auth_time : undefined,
    };
    request.tenantTx = tenantTxOf(db, tenantId);
  };
}
