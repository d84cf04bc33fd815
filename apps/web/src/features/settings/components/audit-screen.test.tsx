import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { demoTenant, json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { describeDetails } from './audit-screen.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const entry = {
  id: '00000000-0000-4000-8000-000000000009',
  created_at: '2026-03-01T15:00:00Z',
  action: 'user.updated',
  actor_id: '00000000-0000-4000-8000-000000000001',
  actor_email: 'admin@empresa.com',
  target: 'nova@empresa.com',
  details: { enabled: { before: true, after: false } },
  ip: '203.0.113.9',
  user_agent: 'Firefox',
};

describe('Configurações › Auditoria', () => {
  it('lists who did what, in words', async () => {
    stubServer({ '/api/v1/audit': () => json({ entries: [entry], total: 1, page: 1, per_page: 25 }) });
    renderApp('/settings/auditoria');
    const row = (await screen.findByText('nova@empresa.com', {}, { timeout: 10_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Pessoa alterada')).toBeTruthy();
    expect(within(row).getByText('admin@empresa.com')).toBeTruthy();
    expect(within(row).getByText('enabled: true → false')).toBeTruthy();
    expect(within(row).getByText('203.0.113.9')).toBeTruthy();
  }, 20_000);

  it('exports every row the filters find, not only the page on screen', async () => {
    // 230 rows: the screen shows 25; the CSV asks for pages of 100 until it has them all.
    const asked: string[] = [];
    stubServer({
      '/api/v1/audit': (request) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const perPage = Number(url.searchParams.get('per_page'));
        const count = Math.max(0, Math.min(perPage, 230 - (page - 1) * perPage));
        const entries = Array.from({ length: count }, (_, i) => ({
          ...entry,
          id: `00000000-0000-4000-8000-${String((page - 1) * perPage + i).padStart(12, '0')}`,
        }));
        return json({ entries, total: 230, page, per_page: perPage });
      },
    });
    let csv = '';
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => {
        csv = text;
      });
      return 'blob:auditoria';
    });
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/settings/auditoria');
    (await screen.findByRole('button', { name: 'Exportar CSV' }, { timeout: 10_000 })).click();
    await vi.waitFor(() => expect(csv.split('\r\n')).toHaveLength(231), { timeout: 10_000 });
    expect(click).toHaveBeenCalledOnce();
    expect(asked.filter((q) => q.includes('per_page=100'))).toEqual([
      '?page=1&per_page=100',
      '?page=2&per_page=100',
      '?page=3&per_page=100',
    ]);
    for (const spy of [click, created, revoked]) spy.mockRestore();
  }, 20_000);

  it('tells an agent why they cannot see it', async () => {
    stubServer({ '/api/v1/tenants/current': () => json({ ...demoTenant, role: 'agent' }) });
    renderApp('/settings/auditoria');
    expect(
      await screen.findByText(
        'Apenas administradores podem ver a auditoria. Peça a um administrador da sua organização.',
      ),
    ).toBeTruthy();
  });

  it('says what changed without secrets: fields, reasons, terms', () => {
    expect(
      describeDetails({ action: 'settings.updated', details: { fields: ['name', 'digisac_token'] } }),
    ).toBe('Campos: name, digisac_token');
    expect(describeDetails({ action: 'auth.sign_in_failed', details: { reason: 'wrong_password' } })).toBe(
      'senha incorreta',
    );
    expect(
      describeDetails({ action: 'flagged_term.created', details: { terms: ['a', 'b'], bulk: true } }),
    ).toBe('2 termo(s): a, b');
  });
});
