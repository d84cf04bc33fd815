import { documentProblem } from '@atende/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { passwordPolicyProblem, verifyPassword } from './modules/identity/passwords.ts';
import { listUsers } from './modules/identity/users.service.ts';
import { createTenant, listTenants } from './modules/tenants/tenants.service.ts';
import { seedDemo } from './seed.ts';
import { demoCustomers } from './seed-data.ts';
import { freshDatabase, signedInClient, startTestServer } from './test/helpers.ts';

describe('seedDemo', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('gives the demo customers documents the API accepts (CPF/CNPJ check digits)', () => {
    for (const customer of demoCustomers)
      expect(documentProblem(customer.document), customer.name).toBeUndefined();
  });

  it('creates the demo tenant on an empty database, once', async () => {
    database = await freshDatabase();
    expect(await seedDemo(database, 'Painel#Suporte2026')).toEqual({ seeded: true });
    expect(await seedDemo(database, 'Painel#Suporte2026')).toEqual({ seeded: false });
    const tenants = await listTenants(database.db);
    expect(tenants.map((t) => [t.slug, t.name])).toEqual([['demo', 'Demonstração']]);
    const users = await listUsers(database.db, 'demo');
    expect(users.map((u) => [u.email, u.groups, u.mustChangePassword])).toEqual([
      ['demo@atende.local', ['admin'], false],
    ]);
    expect(await verifyPassword(users[0]?.passwordHash, 'Painel#Suporte2026')).toBe(true);
  });

  it('fills the demo tenant with Portuguese sample content that the API serves', async () => {
    database = await freshDatabase();
    await seedDemo(database, 'Painel#Suporte2026');
    const server = await startTestServer({ database });
    try {
      const api = await signedInClient(server, {
        email: 'demo@atende.local',
        password: 'Painel#Suporte2026',
      });
      const customers = (await api('GET', '/customers')).body;
      expect(customers.total).toBeGreaterThanOrEqual(8);
      const tickets = (await api('GET', '/tickets?search=procon')).body;
      expect(tickets.total).toBeGreaterThanOrEqual(1);
      expect(tickets.tickets[0].customer_name).toBe('Maria Aparecida Santos');
      expect((await api('GET', '/messages')).body.total).toBeGreaterThanOrEqual(10);
      expect(tickets.tickets[0].analysis).toMatchObject({ contains_red_flags: true, provider: 'local' });
      expect((await api('GET', '/tickets?sentiment=negative')).body.total).toBeGreaterThan(2);
      expect((await api('GET', '/messages?flagged=true')).body.total).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('generates a demo password that meets the policy when none is configured', async () => {
    database = await freshDatabase();
    const result = await seedDemo(database);
    expect(result.seeded).toBe(true);
    expect(passwordPolicyProblem(result.generatedPassword ?? '')).toBeUndefined();
    const [user] = await listUsers(database.db, 'demo');
    expect(await verifyPassword(user?.passwordHash, result.generatedPassword ?? '')).toBe(true);
  });

  it('accepts a weak DEMO_PASSWORD (the operator chose it for a demo) and says why it is weak', async () => {
    database = await freshDatabase();
    expect(await seedDemo(database, 'Demo#Senha2026')).toEqual({
      seeded: true,
      weakPasswordReason: 'A senha não pode conter o seu e-mail.',
    });
  });

  it('leaves a database that already has a tenant alone', async () => {
    database = await freshDatabase();
    await createTenant(database.db, { name: 'Acme', slug: 'acme' });
    expect(await seedDemo(database)).toEqual({ seeded: false });
    expect((await listTenants(database.db)).map((t) => t.slug)).toEqual(['acme']);
  });
});
