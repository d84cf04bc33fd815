import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../db/client.ts';

// Read-only admin commands (tenant list, user list) never migrate: a list must not change the
// schema of a production database as a side effect. They check instead how far the database is
// from this version's migrations, the way drizzle's migrator decides what it would apply: every
// migration newer than the newest one recorded in drizzle.__drizzle_migrations.

export interface SchemaState {
  /** Migrations recorded in the database (0: never migrated, no table at all). */
  applied: number;
  /** This version's migrations the database has not seen. */
  pending: number;
}

export async function schemaState(
  database: Pick<Database, 'db'>,
  migrationsFolder: string,
): Promise<SchemaState> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const rows = (
    (await database.db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    )) as unknown as { rows: { present: boolean }[] }
  ).rows;
  if (!rows[0]?.present) return { applied: 0, pending: migrations.length };
  const [state] = (
    (await database.db.execute(
      sql`select count(*)::int as applied, coalesce(max(created_at), 0)::bigint::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number; newest: string }[] }
  ).rows;
  const newest = Number(state?.newest ?? 0);
  return {
    applied: state?.applied ?? 0,
    pending: migrations.filter((m) => m.folderMillis > newest).length,
  };
}
