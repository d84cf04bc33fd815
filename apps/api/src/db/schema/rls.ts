import { sql } from 'drizzle-orm';
import { type AnyPgColumn, pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The role every tenant request runs as (SET LOCAL ROLE); created by migration 0000. */
export const appUser = pgRole('app_user').existing();

/**
 * Row-level security for a tenant-owned table: app_user sees and writes only rows whose
 * tenant column equals the transaction's `app.tenant_id` (see withTenant). The sub-select makes
 * PostgreSQL read the setting once per query (an InitPlan), not once per row.
 */
export function tenantIsolation(tenantColumn: AnyPgColumn) {
  return pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: appUser,
    using: sql`${tenantColumn} = (select app_current_tenant())`,
    withCheck: sql`${tenantColumn} = (select app_current_tenant())`,
  });
}
