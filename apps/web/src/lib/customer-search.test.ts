import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../testing/fake-server.ts';
import { fakeIdToken } from '../testing/id-token.ts';
import { searchCustomers } from './customer-search.ts';
import { ID_TOKEN_STORAGE_KEY } from './id-token.ts';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../testing/cognito-sdk-mock.ts'));

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const customer = (fields: Record<string, unknown>) => ({
  id: String(fields.name),
  source: 'internal',
  document: null,
  company: null,
  email: null,
  phone: null,
  created_at: '2026-03-05T12:00:00Z',
  updated_at: '2026-03-05T12:00:00Z',
  ...fields,
});

describe('searchCustomers', () => {
  it('shows the document formatted, or a DigiSac contact’s phone, under the name', async () => {
    const fetchMock = stubServer({
      '/api/v1/customers': () =>
        json({
          customers: [
            customer({ name: 'Maria', document: '39053344705', phone: '(11) 98888-7777' }),
            customer({ name: 'Marcos', source: 'digisac', phone: '5541996910256' }),
            customer({ name: 'Sem contato', source: 'digisac' }),
          ],
        }),
    });
    expect(await searchCustomers('mar')).toEqual([
      { id: 'Maria', label: 'Maria', detail: '390.533.447-05' },
      { id: 'Marcos', label: 'Marcos', detail: '+55 (41) 99691-0256' },
      { id: 'Sem contato', label: 'Sem contato', detail: '' },
    ]);
    const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'mar',
      match: 'name_document',
      limit: '10',
    });
  });
});
