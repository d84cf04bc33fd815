/** Unsigned JWTs shaped like the identity provider's ID tokens (the browser never verifies them). */

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function fakeJwt(payload: unknown): string {
  return [
    base64Url(JSON.stringify({ alg: 'RS256', kid: 'test' })),
    base64Url(JSON.stringify(payload)),
    'sig',
  ].join('.');
}

export function fakeIdToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({
    sub: 'user-1',
    email: 'demo@atende.local',
    'cognito:groups': ['admin'],
    'custom:tenant_id': 'tenant-1',
    token_use: 'id',
    iat: now,
    exp: now + 3600,
    ...claims,
  });
}
