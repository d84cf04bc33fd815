import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the rest of the API sees of its database, on either driver (pglite.ts, postgres.ts). */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  /** Applies the committed migrations in drizzle/ that this database has not seen yet. */
  migrate(): Promise<void>;
  /**
   * Calls `fn` with the payload of every NOTIFY on `channel` (delivered on commit), from any
   * process on PostgreSQL, from this instance on PGlite. Resolves once listening; answers the
   * unlisten. On PostgreSQL one dedicated connection per Database listens (opened with the first
   * listener, closed with the last or with the database) and reconnects with back-off; after a
   * reconnect `fn` is called with '' (notifications may have been missed meanwhile).
   */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether this process leads the periodic jobs (lib/workers.ts): on PostgreSQL, it holds a
   * session advisory lock on a dedicated connection, kept while that connection lives and tried
   * again on each call; when the leader dies its connection closes and another process takes over.
   * PGlite: always (one process per data directory).
   */
  isLeader(): Promise<boolean>;
  close(): Promise<void>;
}
