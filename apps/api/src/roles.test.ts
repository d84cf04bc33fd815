import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiCall,
  createTestUser,
  signedInClient,
  startTestServer,
  type TestServer,
} from './test/helpers.ts';

/**
 * Every /api/v1 route an agent may not call. The test below holds the served routes to this list
 * both ways: a new route is either added here (and declares `config.adminOnly`) or is open to
 * agents on purpose — it cannot be forgotten.
 */
const adminOnlyRoutes = [
  'PUT /api/v1/tenants/settings',
  'PUT /api/v1/tenants/settings/business-hours',
  'POST /api/v1/flagged-terms',
  'POST /api/v1/flagged-terms/bulk',
  'PUT /api/v1/flagged-terms/:id',
  'DELETE /api/v1/flagged-terms/:id',
  'PATCH /api/v1/flagged-terms/:id/toggle',
  'POST /api/v1/tenants/settings/digisac/test',
  'POST /api/v1/tenants/settings/digisac/webhook',
  'DELETE /api/v1/tenants/settings/digisac/webhook',
  'POST /api/v1/tenants/settings/digisac/import',
  'DELETE /api/v1/tenants/settings/digisac/import',
  'POST /api/v1/tenants/settings/digisac/events/:id/retry',
  'GET /api/v1/users',
  'POST /api/v1/users',
  'PATCH /api/v1/users/:id',
  'POST /api/v1/users/:id/resend',
  'GET /api/v1/audit',
].sort();

/** A route's path with its parameters filled in (ids that exist nowhere: the role is checked first). */
const pathOf = (url: string, tenantId: string) =>
  url
    .replace(/^\/api\/v1/, '')
    .replace(':tenantId', tenantId)
    .replace(/:\w+/g, randomUUID());

describe('roles', () => {
  let server: TestServer;
  let admin: ApiCall;
  let agent: ApiCall;
  let tenantId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const first = await createTestUser(server.database);
    const second = await createTestUser(server.database, { tenant: first.tenant, groups: [] });
    tenantId = first.tenant.id;
    admin = await signedInClient(server, first);
    agent = await signedInClient(server, second);
  });
  afterAll(() => server.close());

  const apiRoutes = () =>
    server.app.routeInventory.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD');

  it('marks exactly the listed routes admin-only', () => {
    const marked = apiRoutes()
      .filter((r) => r.adminOnly)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(marked).toEqual(adminOnlyRoutes);
  });

  it.each(adminOnlyRoutes)('refuses an agent on %s with a 403 that says why', async (route) => {
    const [method = '', url = ''] = route.split(' ');
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const refused = await agent(method, pathOf(url, tenantId), body);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect(refused.body.detail).toMatch(/^Apenas administradores podem .+\.$/);
    // The admin gets past the role check (whatever the empty body or unknown id then answer).
    const allowed = await admin(method, pathOf(url, tenantId), body);
    expect(allowed.status, `${route}: ${JSON.stringify(allowed.body)}`).not.toBe(403);
  });

  it('lets an agent read what admins change, and tells the web app the role', async () => {
    expect((await agent('GET', '/tenants/settings')).status).toBe(200);
    expect((await agent('GET', '/flagged-terms')).status).toBe(200);
    expect((await agent('GET', '/tenants/current')).body.role).toBe('agent');
    expect((await admin('GET', '/tenants/current')).body.role).toBe('admin');
  });

  it('takes the admin group from ADMIN_GROUP', async () => {
    const other = await startTestServer({ env: { ADMIN_GROUP: 'gestores' } });
    try {
      const manager = await createTestUser(other.database, { groups: ['gestores'] });
      const plainAdmin = await createTestUser(other.database, { tenant: manager.tenant, groups: ['admin'] });
      const asManager = await signedInClient(other, manager);
      const asPlainAdmin = await signedInClient(other, plainAdmin);
      const settings = { name: 'Empresa Gerida' };
      expect((await asManager('PUT', '/tenants/settings', settings)).status).toBe(200);
      expect((await asPlainAdmin('PUT', '/tenants/settings', settings)).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
