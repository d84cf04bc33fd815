import type { Socket } from 'node:net';
import type pg from 'pg';
import type { Database, Db, Tx } from './database.ts';
import { pgLeader } from './leader-lock.ts';
import { pgListener } from './listen-connection.ts';
import * as schema from './schema/index.ts';
import type { DbTimeouts } from './timeouts.ts';

// Any constant shared by every Atende process: serialises concurrent migrations on PostgreSQL.
const migrationLockKey = 7_201_400_501;

/** A statement as node-postgres sends it; `name` makes it a prepared statement on each connection. */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * Runs `work` in one transaction whose opening is pipelined: BEGIN and `setup` are written at
 * once, and `work`'s first statement behind them, so they cost one round trip instead of three.
 */
export type PipelinedTransaction = <T>(setup: Statement, work: (tx: Tx) => Promise<T>) => Promise<T>;

const pipelined = new WeakMap<object, PipelinedTransaction>();

/** The pipelined transaction of a PostgreSQL database's pool (hot path on); undefined on PGlite. */
export function pipelinedTransactionOf(db: Db): PipelinedTransaction | undefined {
  return pipelined.get(db);
}

/**
 * Whether the request hot path is on (issue 33): pipelined tenant transactions here, compiled
 * response serializers in app.ts. ATENDE_HOTPATH=off, read when a database or an app is made,
 * turns both off: only for the scale bench's before/after in one run.
 */
export const hotpathEnabled = () => process.env.ATENDE_HOTPATH !== 'off';

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
  const [
    { default: driver },
    { drizzle: drizzleNodePg, NodePgSession, NodePgTransaction },
    { migrate: migrateNodePg },
  ] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const hotpath = hotpathEnabled();
  const pool = new driver.Pool({
    // Pipeline mode: a connection writes each query at once instead of queueing it until the
    // previous one answered (each still ends in its own Sync, so errors stay per statement).
    // Only the tenant transaction writes ahead; every other caller awaits each query as before.
    pipeline: hotpath,
    connectionString: databaseUrl,
    max: poolMax ?? 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    lock_timeout: timeouts.lockTimeoutMs,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  if (hotpath) {
    // Drizzle's transaction objects, one per pooled connection: drizzle builds one per
    // transaction otherwise, with a relational query builder per table (35).
    const internals = db as unknown as { dialect: never; session: { schema: never } };
    const transactions = new WeakMap<pg.PoolClient, Tx>();
    const txOf = (client: pg.PoolClient) => {
      let tx = transactions.get(client);
      if (!tx) {
        const session = new NodePgSession(client, internals.dialect, internals.session.schema);
        tx = new NodePgTransaction(internals.dialect, session, internals.session.schema) as unknown as Tx;
        transactions.set(client, tx);
      }
      return tx;
    };
    // node-postgres writes each protocol message on its own (Parse, Bind, Describe, Execute,
    // Sync: five writes per query). A corked socket sends a query's messages in one write, and
    // the tenant transaction's opening (BEGIN, setup, work's first query) in one.
    const openings = new WeakSet<pg.PoolClient>();
    pool.on('connect', (client) => {
      const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      const query = client.query;
      client.query = function (this: pg.PoolClient, ...args: unknown[]) {
        socket.cork();
        try {
          return (query as (...a: unknown[]) => unknown).apply(this, args);
        } finally {
          socket.uncork();
          if (openings.delete(this)) socket.uncork(); // the opening's own cork: sent now
        }
      } as typeof client.query;
    });
    pipelined.set(db, async (setup, work) => {
      const client = await pool.connect();
      const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      socket.cork();
      const begun = client.query('begin');
      const ready = client.query(setup);
      openings.add(client);
      // Should work send nothing in this turn (it awaits something else first), send the opening.
      setImmediate(() => {
        if (openings.delete(client)) socket.uncork();
      });
      // Settled below; an unawaited rejection meanwhile must not count as unhandled.
      begun.catch(() => {});
      ready.catch(() => {});
      let broken: Error | undefined;
      try {
        const result = await work(txOf(client));
        // Both settled before `result` is returned: had BEGIN failed (it cannot, short of a lost
        // connection, which fails everything behind it too), work would have run outside the
        // tenant setup, and that answer must not leave.
        await begun;
        await ready;
        await client.query('commit');
        return result;
      } catch (err) {
        // When BEGIN or the setup failed, work's statements failed for it: report the cause.
        const cause = await Promise.all([begun, ready]).then(
          () => err,
          (setupErr: unknown) => setupErr,
        );
        await client.query('rollback').catch((rollbackErr: Error) => {
          broken = rollbackErr; // the connection is gone or unusable: the pool drops it
        });
        throw cause;
      } finally {
        client.release(broken);
      }
    });
  }
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
