// Shared by the benches (not a bench: scripts/bench.mjs skips it): the server's settings and the
// server itself, and a scratch PostgreSQL database per run, made on the server at BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres; its user must be allowed to create databases)
// and dropped at the end, on failure and on Ctrl+C. BENCH_KEEP_DATABASE=1 keeps it and prints its
// name, to look at it afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';

/**
 * The /api/v1 rate limits raised far out of the way: the benches measure queries, floods and
 * attacks, not the limiter, and send more requests a minute than a user or tenant may.
 */
export const raisedRateLimits = {
  API_RATE_LIMIT_PER_USER_PER_MINUTE: '10000000',
  API_RATE_LIMIT_PER_TENANT_PER_MINUTE: '10000000',
};

/** The server's settings for a bench: silent, any free port, raisedRateLimits; `overrides` win. */
export const benchConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({ LOG_LEVEL: 'silent', PORT: '0', ...raisedRateLimits, ...overrides });

/** The app on `database` (left open: the bench closes it) with benchConfig(overrides), on 127.0.0.1. */
export async function startBenchServer(database: Database, overrides?: Record<string, string>) {
  const app = await buildApp({ config: benchConfig(overrides), database, closeDatabase: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

export const benchDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  /** BENCH_DATABASE_URL with the scratch database's name in place of the server's. */
  url: string;
}

/** The server address without its password, for messages. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Makes `<prefix>_<random>` on the bench server, runs `use` with it and drops it (unless
 * BENCH_KEEP_DATABASE=1), also when `use` throws or the run is interrupted (SIGINT/SIGTERM: exit
 * code 130). When no server answers, says so and returns undefined without calling `use`: the
 * benches that have a PGlite part still print it.
 */
export async function withScratchDatabase<T>(
  prefix: string,
  use: (database: ScratchDatabase) => Promise<T>,
): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: benchDatabaseUrl, connectionTimeoutMillis: 3000 });
  admin.on('error', () => {}); // the database is dropped under open connections on Ctrl+C
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    console.log(
      `PostgreSQL: skipped, none answers at ${shown(benchDatabaseUrl)} (${(err as Error).message}); ` +
        'set BENCH_DATABASE_URL to a server where this user may create databases',
    );
    await admin.end().catch(() => {});
    return undefined;
  }
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  let dropped: Promise<void> | undefined;
  const drop = () => {
    dropped ??= (async () => {
      if (keep) console.log(`kept database ${name}`);
      else {
        await admin.query(`drop database if exists ${name} with (force)`);
        console.log(`dropped database ${name}`);
      }
      await admin.end();
    })();
    return dropped;
  };
  const interrupted = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: ${keep ? 'keeping' : 'dropping'} ${name}…`);
    drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const url = new URL(benchDatabaseUrl);
  url.pathname = `/${name}`;
  try {
    return await use({ name, url: url.toString() });
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await drop();
  }
}
