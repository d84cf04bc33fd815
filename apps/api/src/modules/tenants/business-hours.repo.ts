import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { businessHours } from '../../db/schema/index.ts';

// Tenant requests (request.tenantTx): row-level security shows the caller's own row only, and
// every query names the tenant as well.

export type BusinessHoursRow = typeof businessHours.$inferSelect;

/** The tenant's business hours; undefined until it saves them (24×7). */
export async function findBusinessHours(tx: Tx, tenantId: string) {
  const [row] = await tx.select().from(businessHours).where(eq(businessHours.tenantId, tenantId));
  return row;
}

/** The tenant's business hours, locked until the transaction ends (a change compares before/after). */
export async function findBusinessHoursForUpdate(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select()
    .from(businessHours)
    .where(eq(businessHours.tenantId, tenantId))
    .for('update');
  return row;
}

export type BusinessHoursValues = Omit<typeof businessHours.$inferInsert, 'tenantId' | 'updatedAt'>;

/** Stores (inserts or replaces) the tenant's business hours; answers the row. */
export async function saveBusinessHours(tx: Tx, tenantId: string, values: BusinessHoursValues) {
  const [row] = await tx
    .insert(businessHours)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: businessHours.tenantId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row as BusinessHoursRow;
}
