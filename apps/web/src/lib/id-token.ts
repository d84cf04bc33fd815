/**
 * The signed-in user's ID token: where it is kept and what it says. Shared by the auth feature
 * (session state) and the API client (bearer and tenant headers), so it lives in lib/.
 * The browser only decodes the token; the API verifies its signature.
 */

export const ID_TOKEN_STORAGE_KEY = 'atende.idToken';

export interface AuthUser {
  sub: string;
  email: string;
  /** The token's `cognito:groups` claim. */
  groups: string[];
  /** The token's `custom:tenant_id` claim; null when the user has no tenant. */
  tenantId: string | null;
}

export interface IdTokenSession {
  idToken: string;
  user: AuthUser;
  /** Epoch milliseconds after which the API rejects the token. */
  expiresAt: number;
  /** Epoch milliseconds when it was issued (`iat`); null when the token does not say. */
  issuedAt: number | null;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a JWT's payload into a session; null when the token is not a usable ID token. */
export function decodeIdToken(idToken: string): IdTokenSession | null {
  const payloadSegment = idToken.split('.')[1];
  if (!payloadSegment) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(payloadSegment));
  } catch {
    return null;
  }
  if (!isRecord(claims)) return null;
  const { sub, email, exp, iat } = claims;
  if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number') return null;
  const groups = claims['cognito:groups'];
  const tenantId = claims['custom:tenant_id'];
  return {
    idToken,
    expiresAt: exp * 1000,
    issuedAt: typeof iat === 'number' ? iat * 1000 : null,
    user: {
      sub,
      email: typeof email === 'string' ? email : '',
      groups: Array.isArray(groups) ? groups.filter((group) => typeof group === 'string') : [],
      tenantId: typeof tenantId === 'string' && tenantId !== '' ? tenantId : null,
    },
  };
}

// Storage can be unavailable (disabled cookies, some private modes): then nobody stays signed in
// across reloads, but nothing crashes.
function readStorage(): string | null {
  try {
    return localStorage.getItem(ID_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function removeStoredIdToken(): void {
  try {
    localStorage.removeItem(ID_TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to remove
  }
}

/** The stored session, if its token decodes and has not expired; otherwise the token is removed. */
export function readStoredSession(now = Date.now()): IdTokenSession | null {
  const idToken = readStorage();
  if (idToken === null) return null;
  const session = decodeIdToken(idToken);
  if (!session || session.expiresAt <= now) {
    removeStoredIdToken();
    return null;
  }
  return session;
}

/** Keeps a freshly issued token; null (and nothing stored) when it does not decode. */
export function storeIdToken(idToken: string): IdTokenSession | null {
  const session = decodeIdToken(idToken);
  if (!session) return null;
  try {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, idToken);
  } catch {
    // the session still works for this page load
  }
  return session;
}

/** The signed-in user's tenant (empty when the token names none): part of every tenant query key. */
export function currentTenantId(): string {
  return readStoredSession()?.user.tenantId ?? '';
}
