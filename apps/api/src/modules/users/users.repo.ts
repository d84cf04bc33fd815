import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants, users } from '../../db/schema/index.ts';

// Tenant requests (request.tenantTx): row-level security shows the tenant's own users, and every
// query names the tenant as well. Credentials stay the identity module's (modules/identity).

export function listTenantUsers(tx: Tx, tenantId: string) {
  return tx.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.email));
}

export async function findTenantUser(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row;
}

export async function insertTenantUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Locks the tenant's row until the transaction ends: role and access changes take turns per
 * tenant, so two concurrent demotions cannot both see the other admin and leave none. Answers
 * the tenant's name.
 */
export async function lockTenant(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('no key update');
  return row;
}

export async function tenantName(tx: Tx, tenantId: string) {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name;
}

/** Enabled users of the tenant in `adminGroup`. */
export async function countEnabledAdmins(tx: Tx, tenantId: string, adminGroup: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(eq(users.tenantId, tenantId), eq(users.enabled, true), sql`${adminGroup} = any(${users.groups})`),
    );
  return row?.n ?? 0;
}

/**
 * Changes groups and/or access, and bumps the token generation: the user's tokens issued before
 * stop working at once (a role change applies from the next token).
 */
export async function updateTenantUser(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'groups' | 'enabled' | 'passwordHash' | 'srpSalt' | 'srpVerifier' | 'invitedAt'
    >
  >,
) {
  const [row] = await tx
    .update(users)
    .set({ ...values, tokenGeneration: sql`${users.tokenGeneration} + 1` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  return row;
}
