import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Runs `work` in one transaction as the database owner, which row-level security does not limit:
 * the one door for work that spans tenants (periodic jobs: the SLA monitor, pruning). `purpose`
 * names the job in pg_stat_activity (`application_name`) and in errors, so every cross-tenant
 * statement has an owner. Requests never use it: they run as app_user through withTenant.
 */
export function withSystem<T>(db: Db, purpose: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!/^[a-z][a-z0-9-]{0,40}$/.test(purpose)) throw new Error(`withSystem: not a job name: ${purpose}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('application_name', ${`atende:${purpose}`}, true)`);
    return work(tx);
  });
}
