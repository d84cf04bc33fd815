import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { defaultPaths } from '../config.ts';
import type { Database } from './database.ts';
import { createPgliteDatabase } from './pglite.ts';
import { createPostgresDatabase } from './postgres.ts';
import { type DbTimeouts, dbTimeouts, defaultDbTimeouts } from './timeouts.ts';

// The database's public face: createDb() opens PGlite (pglite.ts) or PostgreSQL (postgres.ts,
// with listen-connection.ts and leader-lock.ts); both answer the Database of database.ts; their
// time limits are timeouts.ts. Callers import from here.
export type { Database, Db, Schema, Tx } from './database.ts';
export { openPglite, transactionQueueLimitMs } from './pglite.ts';
export { hotpathEnabled, pipelinedTransactionOf } from './postgres.ts';
export { type DbTimeouts, dbTimeouts, defaultDbTimeouts } from './timeouts.ts';

export type DbOptions = (
  | { databaseUrl: string }
  | { dataDir: string }
  /** An already-open PGlite (tests clone one migrated template). */
  | { pglite: PGlite }
) & {
  timeouts?: DbTimeouts;
  /** PostgreSQL connections in the pool (DB_POOL_MAX). */
  poolMax?: number;
  /** Where migrate() reads the SQL migrations (MIGRATIONS_DIR; default apps/api/drizzle). */
  migrationsDir?: string;
};

export async function createDb(options: DbOptions): Promise<Database> {
  const timeouts = options.timeouts ?? defaultDbTimeouts;
  const migrationsFolder = path.resolve(options.migrationsDir ?? defaultPaths.MIGRATIONS_DIR);
  if ('databaseUrl' in options) return createPostgresDatabase(options, timeouts, migrationsFolder);
  return createPgliteDatabase(options, timeouts, migrationsFolder);
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export function createDbFromConfig(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_LOCK_TIMEOUT_MS: number;
  DB_CONNECT_TIMEOUT_MS: number;
  DB_POOL_MAX: number;
  MIGRATIONS_DIR: string;
}) {
  return createDb({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }),
    timeouts: dbTimeouts(config),
    poolMax: config.DB_POOL_MAX,
    migrationsDir: config.MIGRATIONS_DIR,
  });
}
