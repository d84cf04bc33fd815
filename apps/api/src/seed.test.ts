import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { listTenants } from './modules/tenants/tenants.repo.ts';
import { createTenant } from './modules/tenants/tenants.service.ts';
import { seedDemo } from './seed.ts';
import { freshDatabase } from './test/helpers.ts';

describe('seedDemo', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('creates the demo tenant on an empty database, once', async () => {
    database = await freshDatabase();
    expect(await seedDemo(database)).toEqual({ seeded: true });
    expect(await seedDemo(database)).toEqual({ seeded: false });
    const tenants = await listTenants(database.db);
    expect(tenants.map((t) => [t.slug, t.name])).toEqual([['demo', 'Demonstração']]);
  });

  it('leaves a database that already has a tenant alone', async () => {
    database = await freshDatabase();
    await createTenant(database.db, { name: 'Acme', slug: 'acme' });
    expect(await seedDemo(database)).toEqual({ seeded: false });
    expect((await listTenants(database.db)).map((t) => t.slug)).toEqual(['acme']);
  });
});
