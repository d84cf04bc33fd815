import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `work` in one transaction as the unprivileged app_user with `app.tenant_id` set, so
 * row-level security limits every statement to that tenant's rows. Both settings are LOCAL:
 * they end with the transaction and never leak into the next request on the connection.
 * Inside, use `tx` only: touching the outer db deadlocks on PGlite's single connection.
 */
export function withTenant<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!uuidPattern.test(tenantId)) throw new Error(`withTenant: not a tenant id: ${tenantId}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    await tx.execute(sql`set local role app_user`);
    return work(tx);
  });
}
