import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';

// Tenant requests only (request.tenantTx): row-level security shows the caller's own tenant row,
// and every query names it by id as well.

export async function findTenant(tx: Tx, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

export type SettingsValues = Partial<
  Pick<typeof tenants.$inferInsert, 'name' | 'digisacHost' | 'digisacToken' | 'maxCustomerWaitTimeMinutes'>
>;

export async function updateTenantSettings(tx: Tx, tenantId: string, values: SettingsValues) {
  const [row] = await tx.update(tenants).set(values).where(eq(tenants.id, tenantId)).returning();
  return row;
}
