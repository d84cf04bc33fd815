import type { Database } from './db/client.ts';
import { tenants, users } from './db/schema/index.ts';
import { generatePassword, hashPassword } from './modules/identity/passwords.ts';
import { countTenants } from './modules/tenants/tenants.repo.ts';

export const demoTenant = { name: 'Demonstração', slug: 'demo' } as const;
export const demoEmail = 'demo@atende.local';

export interface SeedResult {
  seeded: boolean;
  /** Set when DEMO_PASSWORD was not given: print it once, it is not stored in clear. */
  generatedPassword?: string;
}

/**
 * Fills an empty database with the demo tenant and its admin user so a newcomer sees a working
 * product. Skipped as soon as any tenant exists, so it never touches real data; atomic.
 */
export async function seedDemo(database: Database, demoPassword?: string): Promise<SeedResult> {
  return database.db.transaction(async (tx) => {
    if ((await countTenants(tx)) > 0) return { seeded: false };
    const password = demoPassword ?? generatePassword();
    const passwordHash = await hashPassword(password);
    // Two processes starting on one empty PostgreSQL may race here: the second inserts nothing.
    const [tenant] = await tx.insert(tenants).values(demoTenant).onConflictDoNothing().returning();
    if (!tenant) return { seeded: false };
    await tx.insert(users).values({ tenantId: tenant.id, email: demoEmail, passwordHash, groups: ['admin'] });
    return { seeded: true, generatedPassword: demoPassword ? undefined : password };
  });
}
