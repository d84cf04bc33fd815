import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './database.ts';
import { acquireLock } from './lock.ts';
import * as schema from './schema/index.ts';
import type { DbTimeouts } from './timeouts.ts';

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
 * A PGlite with the extensions our migrations use (pg_trgm: trigram search; btree_gin: the tenant
 * first in the trigram indexes); in memory without a directory. Every PGlite of the project
 * (server, tests, benches) is opened here.
 */
export function openPglite(dataDir?: string, options: PGliteOptions = {}) {
  return PGlite.create(dataDir, { ...options, extensions: { btree_gin, pg_trgm, ...options.extensions } });
}

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
 * PGlite (DATA_DIR, or an open one): PostgreSQL in WebAssembly inside this process, durable on
 * disk, one process per directory (lock.ts). Its NOTIFY reaches this instance only, and this
 * process always leads the periodic jobs.
 */
export async function createPgliteDatabase(
  source: { dataDir: string } | { pglite: PGlite },
  timeouts: DbTimeouts,
  migrationsFolder: string,
): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if ('pglite' in source) {
    client = source.pglite;
  } else {
    fs.mkdirSync(source.dataDir, { recursive: true });
    release = acquireLock(path.join(source.dataDir, 'pglite.lock'));
    try {
      client = await openPglite(path.join(source.dataDir, 'pglite'), { startParams: durableStartParams });
      makeFsyncReal(client);
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  queueLimits.set(db, timeouts.statementTimeoutMs);
  // PGlite runs each statement on this thread and its promises resolve without leaving the
  // microtask queue: a job's chain of transactions kept timers and sockets — every other request,
  // the queue limit's own timer — waiting until the chain ended (CI saw stalls over 10 s). One hop
  // through the event loop before each transaction lets them in.
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return transaction(...args);
  }) as Db['transaction'];
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
