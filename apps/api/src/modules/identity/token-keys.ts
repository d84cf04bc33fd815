import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  errors as joseErrors,
} from 'jose';
import { AppError } from '../../lib/errors.ts';
import type { IdpSettings } from './idp-config.ts';
import type { SigningKey } from './keys.ts';

export const keysUnavailableDetail =
  'Não foi possível obter as chaves do provedor de identidade. Tente novamente em instantes.';

export interface RemoteKeyOptions {
  /** How long fetched keys count as fresh (jose's cacheMaxAge; default 10 min). */
  cacheMaxAge?: number;
  /** How long one fetch may take (default 3 s). */
  timeoutMs?: number;
  /** After a failed fetch, how long the last keys that worked are used without asking again. */
  retryAfterFailureMs?: number;
}

/** Errors that are about the token (unknown kid, unsupported alg), not about the key server. */
const tokenProblems = [
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JWKSMultipleMatchingKeys,
  joseErrors.JOSENotSupported,
];

/**
 * The external pool's JWKS, fetched and cached by jose; when a refetch fails (the key server is
 * down, slow or answers garbage) the last keys that worked keep serving, and for a while nobody
 * waits on the key server again. With no keys at all: 503 (AppError 'unavailable'), never a 500
 * nor a 401 that would sign people out because of someone else's outage.
 */
export function remoteTokenKeys(jwksUrl: string, options: RemoteKeyOptions = {}): JWTVerifyGetKey {
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 30_000;
  let lastGood: JWTVerifyGetKey | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  const remote = createRemoteJWKSet(new URL(jwksUrl), {
    timeoutDuration: options.timeoutMs ?? 3000,
    ...(options.cacheMaxAge === undefined ? {} : { cacheMaxAge: options.cacheMaxAge }),
    // Keeps a copy of every key set that arrives whole, for when the key server is gone.
    [customFetch]: async (url: string, init: RequestInit) => {
      const response = await fetch(url, init);
      if (response.status === 200) {
        try {
          lastGood = createLocalJWKSet((await response.clone().json()) as JSONWebKeySet);
        } catch {
          // not a key set: jose refuses it too, and the last good one stays
        }
      }
      return response;
    },
  });

  const fromLastGood: JWTVerifyGetKey = async (header, token) => {
    if (!lastGood) throw new AppError('unavailable', keysUnavailableDetail);
    try {
      return await lastGood(header, token);
    } catch (err) {
      // A key we have never seen (rotated while the server is down): cannot tell yet, so 503.
      if (err instanceof joseErrors.JWKSNoMatchingKey)
        throw new AppError('unavailable', keysUnavailableDetail);
      throw err;
    }
  };

  return async (header, token) => {
    if (lastGood && Date.now() - failedAt < retryAfterFailureMs) return fromLastGood(header, token);
    try {
      return await remote(header, token);
    } catch (err) {
      if (tokenProblems.some((type) => err instanceof type)) throw err;
      failedAt = Date.now();
      return fromLastGood(header, token);
    }
  };
}

/** The keys that may sign ID tokens: ours, or the external pool's JWKS. */
export function tokenKeys(
  idp: IdpSettings,
  key: () => Promise<SigningKey>,
  options?: RemoteKeyOptions,
): JWTVerifyGetKey {
  if (idp.external) return remoteTokenKeys(idp.jwksUrl, options);
  let local: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    local ??= createLocalJWKSet((await key()).publicJwks);
    return local(header, token);
  };
}
