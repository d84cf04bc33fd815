import { afterEach, describe, expect, it } from 'vitest';
import { fakeIdToken, fakeJwt } from '../testing/id-token.ts';
import { decodeIdToken, ID_TOKEN_STORAGE_KEY, readStoredSession, storeIdToken } from './id-token.ts';

afterEach(() => localStorage.clear());

describe('decodeIdToken', () => {
  it('reads the user from the claims the app uses', () => {
    const token = fakeIdToken({
      sub: 'abc',
      email: 'joão@atende.local',
      'cognito:groups': ['admin', 'suporte'],
      'custom:tenant_id': 't-9',
      iat: 1_999_996_400,
      exp: 2_000_000_000,
    });
    expect(decodeIdToken(token)).toEqual({
      idToken: token,
      expiresAt: 2_000_000_000_000,
      issuedAt: 1_999_996_400_000,
      user: { sub: 'abc', email: 'joão@atende.local', groups: ['admin', 'suporte'], tenantId: 't-9' },
    });
  });

  it('defaults missing groups and tenant', () => {
    const token = fakeJwt({ sub: 'abc', exp: 2_000_000_000 });
    expect(decodeIdToken(token)?.user).toEqual({ sub: 'abc', email: '', groups: [], tenantId: null });
  });

  it.each([
    ['not a JWT', 'garbage'],
    ['a payload that is not base64url JSON', 'a.%%%.c'],
    ['a payload that is not an object', fakeJwt([1, 2])],
    ['no subject', fakeJwt({ exp: 2_000_000_000 })],
    ['no expiry', fakeJwt({ sub: 'abc' })],
  ])('rejects %s', (_, token) => {
    expect(decodeIdToken(token)).toBeNull();
  });
});

describe('readStoredSession', () => {
  it('restores a stored, unexpired token', () => {
    const token = fakeIdToken();
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, token);
    expect(readStoredSession()?.idToken).toBe(token);
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('removes a token that does not decode', () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, 'garbage');
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('removes an expired token', () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken({ exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('stores only tokens that decode', () => {
    expect(storeIdToken('garbage')).toBeNull();
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
    const token = fakeIdToken();
    expect(storeIdToken(token)?.user.email).toBe('demo@atende.local');
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBe(token);
  });
});
