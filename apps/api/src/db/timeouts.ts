/**
 * How long the application's work may take in the database before it answers 503 instead of
 * hanging (DB_* in config). On PostgreSQL these are session settings of every pooled connection
 * (sent at connect, no extra round trip); migrations run on a connection of their own without them.
 * On PGlite, which cannot cancel a statement, statementTimeoutMs bounds a transaction's wait in
 * its queue instead (pglite.ts).
 */
export interface DbTimeouts {
  /** statement_timeout: a statement running longer is cancelled (57014). */
  statementTimeoutMs: number;
  /** lock_timeout: waiting longer for a lock fails (55P03). */
  lockTimeoutMs: number;
  /** Connecting, or waiting for a free pooled connection, longer fails. */
  connectTimeoutMs: number;
}

export const defaultDbTimeouts: DbTimeouts = {
  statementTimeoutMs: 10_000,
  lockTimeoutMs: 3_000,
  connectTimeoutMs: 3_000,
};

export function dbTimeouts(config: {
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_LOCK_TIMEOUT_MS: number;
  DB_CONNECT_TIMEOUT_MS: number;
}): DbTimeouts {
  return {
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  };
}
