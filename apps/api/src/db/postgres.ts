import type { Database, Db } from './database.ts';
import { pgLeader } from './leader-lock.ts';
import { pgListener } from './listen-connection.ts';
import * as schema from './schema/index.ts';
import type { DbTimeouts } from './timeouts.ts';

// Any constant shared by every Atende process: serialises concurrent migrations on PostgreSQL.
const migrationLockKey = 7_201_400_501;

/**
 * PostgreSQL (DATABASE_URL): a pool of `poolMax` connections with the session timeouts, plus one
 * connection each for LISTEN (listen-connection.ts), the leader lock (leader-lock.ts) and
 * migrations. node-postgres is imported here, on first call, so a PGlite server never loads it
 * (the server build keeps it in a chunk of its own: scripts/build-server.mjs).
 */
export async function createPostgresDatabase(
  { databaseUrl, poolMax }: { databaseUrl: string; poolMax?: number },
  timeouts: DbTimeouts,
  migrationsFolder: string,
): Promise<Database> {
  const [{ default: driver }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new driver.Pool({
    connectionString: databaseUrl,
    max: poolMax ?? 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    lock_timeout: timeouts.lockTimeoutMs,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const listener = pgListener(driver, databaseUrl, timeouts.connectTimeoutMs);
  const leader = pgLeader(driver, databaseUrl, timeouts.connectTimeoutMs);
  return {
    db,
    driver: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    migrate: async () => {
      // Its own connection, without the short timeouts: a migration may lock and rewrite tables.
      // Several processes (test workers, replicas) may start at once: one migrates, the rest wait.
      const conn = new driver.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: timeouts.connectTimeoutMs,
      });
      await conn.connect();
      conn.on('error', () => {});
      try {
        await conn.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migrateNodePg(drizzleNodePg({ client: conn }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
        await conn.end().catch(() => {});
      }
    },
    listen: (channel, fn) => listener.listen(channel, fn),
    isLeader: () => leader.isLeader(),
    close: async () => {
      await leader.close();
      await listener.close();
      await pool.end();
    },
  };
}
