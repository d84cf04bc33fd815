import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testRuntimeConfig } from '../../../testing/fake-server.ts';
import { fetchRuntimeConfig } from './runtime-config.ts';

afterEach(() => vi.unstubAllGlobals());

const unavailable = 'Não foi possível carregar as configurações de login. Recarregue a página.';

describe('fetchRuntimeConfig', () => {
  it('reads the identity provider settings', async () => {
    vi.stubGlobal('fetch', async () => json(testRuntimeConfig));
    await expect(fetchRuntimeConfig()).resolves.toEqual(testRuntimeConfig);
  });

  it.each([
    ['a failed request', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an error status', async () => json({ code: 'internal_error', detail: 'x' }, 500)],
    ['HTML instead of JSON', async () => new Response('<!doctype html>', { status: 200 })],
    ['a missing field', async () => json({ idp: { ...testRuntimeConfig.idp, clientId: undefined } })],
  ])('says the settings are unavailable on %s', async (_, answer) => {
    vi.stubGlobal('fetch', answer);
    await expect(fetchRuntimeConfig()).rejects.toThrow(unavailable);
  });
});
