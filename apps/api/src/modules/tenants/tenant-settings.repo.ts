import { and, eq, isNotNull, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';

// Tenant requests (request.tenantTx): row-level security shows the caller's own tenant row, and
// every query names it by id as well. The two functions at the end run in withSystem (boot).

export async function findTenant(tx: Tx, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

/**
 * The tenant's row, locked until the transaction ends: a settings change decides from what it
 * read (a new host clears the token), so no other change may commit in between. FOR NO KEY
 * UPDATE, the lock the UPDATE itself takes: it still lets rows referencing the tenant be inserted.
 */
export async function findTenantForUpdate(tx: Tx, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  return row;
}

export async function findDigisacSettings(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({
      host: tenants.digisacHost,
      token: tenants.digisacToken,
      tokenKeyId: tenants.digisacTokenKeyId,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row;
}

export type SettingsValues = Partial<
  Pick<
    typeof tenants.$inferInsert,
    | 'name'
    | 'digisacHost'
    | 'digisacToken'
    | 'digisacTokenKeyId'
    | 'digisacTokenLast4'
    | 'maxCustomerWaitTimeMinutes'
    | 'slaWarningPercent'
    | 'learnFromCorrections'
  >
>;

export async function updateTenantSettings(tx: Tx, tenantId: string, values: SettingsValues) {
  const [row] = await tx.update(tenants).set(values).where(eq(tenants.id, tenantId)).returning();
  return row;
}

/**
 * System (boot): the tokens to rewrite, locked until the transaction ends: stored before
 * encryption (no key id), or encrypted under `keyId` before the tenant binding (`v1:`).
 */
export async function unboundDigisacTokens(tx: Tx, keyId: string) {
  return tx
    .select({ id: tenants.id, token: tenants.digisacToken, keyId: tenants.digisacTokenKeyId })
    .from(tenants)
    .where(
      and(
        isNotNull(tenants.digisacToken),
        or(
          isNull(tenants.digisacTokenKeyId),
          and(eq(tenants.digisacTokenKeyId, keyId), like(tenants.digisacToken, 'v1:%')),
        ),
      ),
    )
    .for('update');
}

/** System (boot): how many tokens were encrypted under a key other than `keyId`. */
export async function countTokensOfOtherKeys(tx: Tx, keyId: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(tenants)
    .where(and(isNotNull(tenants.digisacToken), ne(tenants.digisacTokenKeyId, keyId)));
  return row?.count ?? 0;
}

/**
 * System (boot): every stored DigiSac host, read without a lock: a FOR UPDATE here would wait on
 * (and block) every transaction inserting a row that references a tenant (its foreign key's
 * key-share lock), on every start, for nothing when no host needs clearing.
 */
export async function storedDigisacHosts(tx: Tx) {
  return tx
    .select({ id: tenants.id, host: tenants.digisacHost })
    .from(tenants)
    .where(isNotNull(tenants.digisacHost));
}

/**
 * System (boot): clears the tenant's DigiSac host and token if the host is still `host` (what was
 * read without a lock); answers whether it did. The UPDATE's own row lock (FOR NO KEY UPDATE) lets
 * rows referencing the tenant be inserted meanwhile.
 */
export async function clearDigisacHostIf(tx: Tx, tenantId: string, host: string) {
  const rows = await tx
    .update(tenants)
    .set({ digisacHost: null, digisacToken: null, digisacTokenKeyId: null, digisacTokenLast4: null })
    .where(and(eq(tenants.id, tenantId), eq(tenants.digisacHost, host)))
    .returning({ id: tenants.id });
  return rows.length > 0;
}
