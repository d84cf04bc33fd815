import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { defaultPaths } from '../config.ts';
import { acquireLock } from './lock.ts';
import * as schema from './schema/index.ts';

// Any constant shared by every Atende process: serialises concurrent migrations on PostgreSQL.
const migrationLockKey = 7_201_400_501;

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

type ListenFn = (payload: string) => void;
/** node-postgres, loaded only when DATABASE_URL is set (a PGlite server never needs it). */
type PgDriver = typeof pg;

/** PostgreSQL's LISTEN side: one pg.Client besides the pool, shared by every listener. */
function pgListener(driver: PgDriver, connectionString: string, connectTimeoutMs: number) {
  const channels = new Map<string, Set<ListenFn>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let backoffMs = 250;
  let closed = false;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const listenerCount = () => [...channels.values()].reduce((n, set) => n + set.size, 0);

  const drop = (conn: pg.Client) => {
    if (client !== conn) return;
    client = undefined;
    conn.end().catch(() => {});
    scheduleReconnect();
  };
  const scheduleReconnect = () => {
    if (closed || retryTimer || listenerCount() === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect(true);
    }, backoffMs);
    retryTimer.unref();
    backoffMs = Math.min(backoffMs * 2, 10_000);
  };
  // A connection dropped without a word (a NAT, a failover) would stay "listening" to nothing:
  // a ping every 30 s that fails or hangs for 10 s reconnects it (and resyncs the listeners).
  const ping = setInterval(() => {
    const conn = client;
    if (!conn) return;
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), 10_000);
    });
    Promise.race([conn.query('select 1'), hung])
      .catch(() => drop(conn))
      .finally(() => clearTimeout(timer));
  }, 30_000);
  ping.unref();
  const connect = (reconnect: boolean) => {
    connecting ??= (async () => {
      if (client || closed) return;
      const conn = new driver.Client({
        connectionString,
        connectionTimeoutMillis: connectTimeoutMs,
        keepAlive: true,
      });
      conn.on('error', () => drop(conn));
      conn.on('end', () => drop(conn));
      conn.on('notification', (msg) => {
        for (const fn of channels.get(msg.channel) ?? []) fn(msg.payload ?? '');
      });
      try {
        await conn.connect();
        for (const channel of channels.keys()) await conn.query(`listen ${quote(channel)}`);
        if (closed || listenerCount() === 0) {
          await conn.end().catch(() => {});
          return;
        }
        client = conn;
        backoffMs = 250;
        if (reconnect) for (const set of channels.values()) for (const fn of set) fn('');
      } catch {
        conn.end().catch(() => {});
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async listen(channel: string, fn: ListenFn) {
      if (closed) throw new Error('database closed');
      const added = !channels.has(channel);
      const set = channels.get(channel) ?? new Set<ListenFn>();
      channels.set(channel, set);
      set.add(fn);
      if (connecting) await connecting;
      if (client && added) await client.query(`listen ${quote(channel)}`).catch(() => {});
      else if (!client) await connect(false);
      return async () => {
        set.delete(fn);
        if (set.size > 0) return;
        channels.delete(channel);
        if (channels.size > 0) {
          await client?.query(`unlisten ${quote(channel)}`).catch(() => {});
          return;
        }
        clearTimeout(retryTimer);
        retryTimer = undefined;
        const conn = client;
        client = undefined;
        await conn?.end().catch(() => {});
      };
    },
    async close() {
      closed = true;
      clearInterval(ping);
      clearTimeout(retryTimer);
      channels.clear();
      if (connecting) await connecting;
      const conn = client;
      client = undefined;
      await conn?.end().catch(() => {});
    },
  };
}

/** Any constant shared by every Atende process: the periodic jobs' leader lock. */
const leaderLockKey = 7_201_400_502;

/** PostgreSQL's leader lock: a session advisory lock on its own connection (none held in the pool). */
function pgLeader(driver: PgDriver, connectionString: string, connectTimeoutMs: number) {
  let client: pg.Client | undefined;
  let held = false;
  let closed = false;
  let trying: Promise<boolean> | undefined;
  const drop = (conn: pg.Client) => {
    if (client !== conn) return;
    client = undefined;
    held = false;
    conn.end().catch(() => {});
  };
  const tryLead = async () => {
    if (closed) return false;
    try {
      // A round trip proves the session (and so the lock) is still there: a connection dropped
      // without a word (a NAT, a failover) must not keep "leading" while another process leads.
      if (client && held) {
        await client.query('select 1');
        return true;
      }
      if (!client) {
        const conn = new driver.Client({
          connectionString,
          connectionTimeoutMillis: connectTimeoutMs,
          // Who leads, for operators (pg_stat_activity) and the two-process test.
          application_name: `atende-leader:${process.pid}`,
          keepAlive: true,
        });
        conn.on('error', () => drop(conn));
        conn.on('end', () => drop(conn));
        await conn.connect();
        if (closed) {
          await conn.end().catch(() => {});
          return false;
        }
        client = conn;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        leaderLockKey,
      ]);
      held = rows[0]?.locked === true;
      return held;
    } catch {
      if (client) drop(client);
      return false;
    }
  };
  return {
    isLeader() {
      trying ??= tryLead().finally(() => {
        trying = undefined;
      });
      return trying;
    },
    async close() {
      closed = true;
      if (trying) await trying;
      const conn = client;
      client = undefined;
      held = false;
      await conn?.end().catch(() => {}); // ending the session releases the lock
    },
  };
}

/**
 * How long the application's work may take in the database before it answers 503 instead of
 * hanging (DB_* in config). On PostgreSQL these are session settings of every pooled connection
 * (sent at connect, no extra round trip); migrations run on a connection of their own without them.
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

/**
 * PGlite runs one statement at a time on this thread and cannot cancel one: a request's
 * transaction that has waited this long in PGlite's queue gives up (503) without running.
 */
const queueLimits = new WeakMap<object, number>();

/** How long a transaction may wait for PGlite's one connection; undefined on PostgreSQL. */
export function transactionQueueLimitMs(db: Db): number | undefined {
  return queueLimits.get(db);
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node filesystem (Emscripten's NODEFS)
 * has no fsync: a commit reaches the kernel's page cache (safe from kill -9) but not the disk
 * (lost on power loss until the kernel writes it back, up to ~30 s on Linux). So: fsync on,
 * WAL synced with fsync() (fdatasync() is a no-op in the WASM build), and NODEFS's fsync made
 * real, below. One fsync per commit; reads are unaffected.
 */
const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

interface EmscriptenStream {
  nfd?: number;
  node: { mode: number };
}

/** Gives PGlite's NODEFS mount an fsync that reaches the disk (files, and directories for new names). */
function makeFsyncReal(client: PGlite) {
  const module = (
    client as unknown as {
      Module: {
        FS: {
          lookupPath(p: string): { node: { mount: { type: unknown } } };
          isDir(mode: number): boolean;
          ErrnoError: new (errno: number) => Error;
        };
      };
    }
  ).Module;
  const nodefs = module.FS.lookupPath(PGlite.paths.PGDATA).node.mount.type as {
    stream_ops: { fsync?: (stream: EmscriptenStream) => number };
    realPath(node: EmscriptenStream['node']): string;
  };
  nodefs.stream_ops.fsync = (stream) => {
    if (stream.nfd !== undefined) {
      try {
        fs.fsyncSync(stream.nfd);
        return 0;
      } catch {
        throw new module.FS.ErrnoError(29); // EIO: PostgreSQL then refuses to pretend it is durable
      }
    }
    if (module.FS.isDir(stream.node.mode)) {
      // PostgreSQL fsyncs a directory after creating a file in it (a new WAL segment, a table).
      try {
        const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
        try {
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        // PostgreSQL ignores a directory that cannot be synced, as on some filesystems
      }
    }
    return 0;
  };
}

/**
 * A PGlite with the extensions our migrations use (pg_trgm: trigram search); in memory without a
 * directory. Every PGlite of the project (server, tests, benches) is opened here.
 */
export function openPglite(dataDir?: string, options: PGliteOptions = {}) {
  return PGlite.create(dataDir, { ...options, extensions: { pg_trgm, ...options.extensions } });
}

export async function createDb(options: DbOptions): Promise<Database> {
  const timeouts = options.timeouts ?? defaultDbTimeouts;
  const migrationsFolder = path.resolve(options.migrationsDir ?? defaultPaths.MIGRATIONS_DIR);
  if ('databaseUrl' in options) {
    const [{ default: driver }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new driver.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      statement_timeout: timeouts.statementTimeoutMs,
      lock_timeout: timeouts.lockTimeoutMs,
    });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const listener = pgListener(driver, options.databaseUrl, timeouts.connectTimeoutMs);
    const leader = pgLeader(driver, options.databaseUrl, timeouts.connectTimeoutMs);
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      migrate: async () => {
        // Its own connection, without the short timeouts: a migration may lock and rewrite tables.
        // Several processes (test workers, replicas) may start at once: one migrates, the rest wait.
        const conn = new driver.Client({
          connectionString: options.databaseUrl,
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
  let release = () => {};
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = acquireLock(path.join(options.dataDir, 'pglite.lock'));
    try {
      client = await openPglite(path.join(options.dataDir, 'pglite'), { startParams: durableStartParams });
      makeFsyncReal(client);
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  queueLimits.set(db, timeouts.statementTimeoutMs);
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    listen: async (channel, fn) => {
      const unlisten = await client.listen(channel, fn);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    isLeader: async () => !client.closed,
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
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
