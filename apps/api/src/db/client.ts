import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireLock } from './lock.ts';
import * as schema from './schema/index.ts';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
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
  close(): Promise<void>;
}

export type DbOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /** An already-open PGlite (tests clone one migrated template). */
  | { pglite: PGlite };

export async function createDb(options: DbOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      migrate: async () => {
        // Several processes (test workers, replicas) may start at once: one migrates, the rest wait.
        const conn = await pool.connect();
        try {
          await conn.query('select pg_advisory_lock($1)', [migrationLockKey]);
          await migrateNodePg(drizzleNodePg({ client: conn }), { migrationsFolder });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
          conn.release();
        }
      },
      close: () => pool.end(),
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
      client = await PGlite.create(path.join(options.dataDir, 'pglite'));
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
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
export function createDbFromConfig(config: { DATABASE_URL?: string; DATA_DIR: string }) {
  return createDb(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
}
