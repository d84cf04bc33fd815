import type { Database } from './db/client.ts';
import { tenants } from './db/schema/index.ts';
import { countTenants } from './modules/tenants/tenants.repo.ts';

export const demoTenant = { name: 'Demonstração', slug: 'demo' } as const;

/**
 * Fills an empty database with the demo tenant so a newcomer sees a working product.
 * Skipped as soon as any tenant exists, so it never touches real data; atomic.
 */
export async function seedDemo(database: Database): Promise<{ seeded: boolean }> {
  return database.db.transaction(async (tx) => {
    if ((await countTenants(tx)) > 0) return { seeded: false };
    // Two processes starting on one empty PostgreSQL may race here: the second inserts nothing.
    const rows = await tx.insert(tenants).values(demoTenant).onConflictDoNothing().returning();
    return { seeded: rows.length > 0 };
  });
}
