import { sql } from 'drizzle-orm';
import { isUuid } from '../lib/db-helpers.ts';
import { databaseUnavailable } from '../lib/errors.ts';
import { type Db, pipelinedTransactionOf, type Tx, transactionQueueLimitMs } from './client.ts';

// The tenant setup: set_config('role', …, true) is SET LOCAL ROLE. A prepared statement on
// PostgreSQL's pipelined path (parsed once per connection).
const setupText = "select set_config('app.tenant_id', $1, true), set_config('role', 'app_user', true)";
const setupName = 'atende_tenant_setup';

/** The transactions of a PostgreSQL database made with ATENDE_HOTPATH=off (postgres.ts). */
const hotpathOff = new WeakSet<Tx>();

/**
 * Whether `tx` is of a database made with ATENDE_HOTPATH=off: the bench's "before" of issue 33,
 * where the repositories keep the statements as they were (see tickets.repo.ts).
 */
export const isHotpathOff = (tx: Tx) => hotpathOff.has(tx);

/**
 * One tenant's transaction: what every tenant-scoped service takes (`({ tx }: TenantScope, …)`).
 * Row-level security limits `tx` to the tenant's rows; `tenantId` is for the rows it writes.
 */
export interface TenantScope {
  readonly tenantId: string;
  readonly tx: Tx;
}

/**
 * Opens transactions of one tenant: `request.tenantTx` (auth.ts), `tenantTxOf(db, id)` for jobs.
 * A service takes it instead of a scope only when it must work between two transactions (the
 * analyzer on the CPU pool, an LLM, a stream), holding none meanwhile.
 */
export interface TenantTx {
  readonly tenantId: string;
  <T>(work: (scope: TenantScope) => Promise<T>): Promise<T>;
}

export const tenantTxOf = (db: Db, tenantId: string): TenantTx =>
  Object.assign(<T>(work: (scope: TenantScope) => Promise<T>) => withTenant(db, tenantId, work), {
    tenantId,
  });

/**
 * Runs `work` in one transaction as the unprivileged app_user with `app.tenant_id` set, so
 * row-level security limits every statement to that tenant's rows. Both settings are LOCAL:
 * they end with the transaction and never leak into the next request on the connection.
 * Inside, use the scope's `tx` only: touching the outer db deadlocks on PGlite's single connection.
 */
export function withTenant<T>(
  db: Db,
  tenantId: string,
  work: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  if (!isUuid(tenantId)) throw new Error(`withTenant: not a tenant id: ${tenantId}`);
  const pipelined = pipelinedTransactionOf(db);
  // PostgreSQL: BEGIN, the setup and work's first statement in one round trip (postgres.ts).
  if (pipelined)
    return pipelined({ name: setupName, text: setupText, values: [tenantId] }, (tx) =>
      work({ tenantId, tx }),
    );
  const run = async (tx: Tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(
      sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`,
    );
    return work({ tenantId, tx });
  };
  const queueLimit = transactionQueueLimitMs(db);
  // PostgreSQL without the pipelined path: ATENDE_HOTPATH=off.
  if (queueLimit === undefined)
    return db.transaction((tx) => {
      hotpathOff.add(tx);
      return run(tx);
    });

  // PGlite: statement_timeout cannot stop a statement that runs on this thread, but a request
  // that has waited queueLimit for the one connection answers 503 and its work never starts.
  return new Promise<T>((resolve, reject) => {
    let gaveUp = false;
    const timer = setTimeout(() => {
      gaveUp = true;
      reject(databaseUnavailable());
    }, queueLimit);
    db.transaction(async (tx) => {
      if (gaveUp) throw databaseUnavailable();
      clearTimeout(timer); // running: it finishes (PGlite cannot cancel it)
      return run(tx);
    }).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        if (!gaveUp) reject(err);
      },
    );
  });
}
