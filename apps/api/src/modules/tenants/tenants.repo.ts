import { asc, count } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';

// System-level queries (CLI, seed): they run as the connection's owner role, outside any tenant.
// Tenant requests read their own tenant through withTenant and row-level security instead.

export async function insertTenant(db: Db | Tx, values: { name: string; slug: string }) {
  const [row] = await db.insert(tenants).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function listTenants(db: Db | Tx) {
  return db.select().from(tenants).orderBy(asc(tenants.createdAt), asc(tenants.slug));
}

export async function countTenants(db: Db | Tx) {
  const [row] = await db.select({ n: count() }).from(tenants);
  return row?.n ?? 0;
}
