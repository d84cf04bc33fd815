import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../test/helpers.ts';
import type { Database } from './client.ts';
import { globalTables } from './distribution.ts';

// The migrated database's own catalog, judged against the rule that lets Atende grow past one
// PostgreSQL (docs/SCALING.md): a table is a tenant table — NOT NULL uuid `tenant_id`, every
// primary key, unique key and link through `tenant_id`, row-level security by tenant — or it is
// declared global in distribution.ts with its reason. A new table or key that breaks the rule
// fails here, on PGlite and on PostgreSQL, before it reaches a migration on a distributed database.

interface Table {
  name: string;
  rls: boolean;
  tenantColumn: { type: string; notNull: boolean } | null;
}
interface Key {
  table: string;
  name: string;
  /** p primary key, u unique constraint, x unique index without a constraint, f foreign key. */
  kind: 'p' | 'u' | 'x' | 'f';
  columns: (string | null)[];
  refTable: string | null;
  refColumns: string[] | null;
  /** f only: ON UPDATE / ON DELETE actions (a no action, r restrict, c cascade, n set null, d set default). */
  onUpdate: string | null;
  onDelete: string | null;
  /** f only: the columns ON DELETE SET NULL/DEFAULT sets (null: all of the key's). */
  deleteSetColumns: string[] | null;
}
interface Policy {
  table: string;
  name: string;
  roles: string;
  cmd: string;
  qual: string | null;
  withCheck: string | null;
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const nameOf = (k: Key) => `${k.table}.${k.name} (${k.columns.join(', ')})`;

describe('the schema is tenant-keyed (ready to distribute by tenant_id)', () => {
  let tables: Map<string, Table>;
  let keys: Key[];
  let policies: Policy[];
  let tenantTables: Table[];
  let database: Database;

  beforeAll(async () => {
    database = await testDatabase();
    const found = await rows<Table & { tenant_type: string | null; tenant_not_null: boolean | null }>(
      database,
      sql`
        select c.relname as name, c.relrowsecurity as rls,
               format_type(a.atttypid, a.atttypmod) as tenant_type, a.attnotnull as tenant_not_null
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    tables = new Map(
      found.map((t) => [
        t.name,
        {
          name: t.name,
          rls: t.rls,
          tenantColumn: t.tenant_type ? { type: t.tenant_type, notNull: Boolean(t.tenant_not_null) } : null,
        },
      ]),
    );
    keys = (
      await rows<Key & { on_update: string | null; on_delete: string | null }>(
        database,
        sql`
        select con.conrelid::regclass::text as table, con.conname as name, con.contype as kind,
               (select array_agg(a.attname::text order by k.i) from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns,
               case when con.contype = 'f' then con.confrelid::regclass::text end as "refTable",
               (select array_agg(a.attname::text order by k.i) from unnest(con.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as "refColumns",
               case when con.contype = 'f' then con.confupdtype::text end as on_update,
               case when con.contype = 'f' then con.confdeltype::text end as on_delete,
               (select array_agg(a.attname::text) from unnest(con.confdelsetcols) k(n)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as "deleteSetColumns"
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        where c.relnamespace = 'public'::regnamespace and con.contype in ('p', 'u', 'f')
        union all
        select i.indrelid::regclass::text, i.indexrelid::regclass::text, 'x',
               (select array_agg(a.attname::text order by k.i) from unnest(i.indkey::int2[]) with ordinality k(n, i)
                  left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
                  where k.i <= i.indnkeyatts),
               null, null, null, null, null
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        where c.relnamespace = 'public'::regnamespace and i.indisunique
          and not exists (select from pg_constraint con where con.conindid = i.indexrelid)`,
      )
    ).map((k) => ({ ...k, onUpdate: k.on_update, onDelete: k.on_delete }));
    policies = await rows<Policy>(
      database,
      sql`
        select tablename as table, policyname as name, roles::text as roles, cmd, qual,
               with_check as "withCheck"
        from pg_policies where schemaname = 'public'`,
    );
    tenantTables = [...tables.values()].filter((t) => !(t.name in globalTables));
  });

  it('declares global only tables that exist', () => {
    expect(Object.keys(globalTables).filter((name) => !tables.has(name))).toEqual([]);
    // Column lists come back as arrays from both drivers (name[] would be a string on pg).
    expect(keys.filter((k) => !Array.isArray(k.columns)).map((k) => k.name)).toEqual([]);
  });

  it('gives every table not declared global a NOT NULL uuid tenant_id', () => {
    const without = tenantTables
      .filter((t) => t.tenantColumn?.type !== 'uuid' || !t.tenantColumn.notNull)
      .map((t) => t.name);
    expect(without, 'tables that are neither tenant-keyed nor in distribution.ts globalTables').toEqual([]);
    expect(tenantTables.length).toBeGreaterThan(15);
  });

  it("includes tenant_id in every tenant table's primary key and unique keys (constraints and indexes)", () => {
    const tenantNames = new Set(tenantTables.map((t) => t.name));
    const withoutPk = tenantTables
      .filter((t) => !keys.some((k) => k.table === t.name && k.kind === 'p'))
      .map((t) => t.name);
    expect(withoutPk, 'tenant tables without a primary key').toEqual([]);
    const bad = keys
      .filter((k) => tenantNames.has(k.table) && k.kind !== 'f' && !k.columns.includes('tenant_id'))
      .map(nameOf);
    expect(bad, 'keys a distributed table cannot enforce (tenant_id missing)').toEqual([]);
  });

  it("links tenant tables by tenant_id: to another tenant table's tenant_id, or to a reference table", () => {
    const bad: string[] = [];
    for (const k of keys) {
      if (k.kind !== 'f' || !k.refTable) continue;
      const from = globalTables[k.table];
      const to = globalTables[k.refTable];
      const tenantAt = k.columns.indexOf('tenant_id');
      if (!from) {
        // A tenant table's link: through its own tenant_id, to the same tenant's row.
        if (tenantAt < 0) bad.push(`${nameOf(k)}: without tenant_id`);
        else if (!to && k.refColumns?.[tenantAt] !== 'tenant_id')
          bad.push(`${nameOf(k)}: tenant_id does not meet ${k.refTable}.tenant_id (not co-located)`);
        else if (to && to.placement !== 'reference')
          bad.push(`${nameOf(k)}: links to ${k.refTable}, which is not a reference table`);
        // tenant_id is the distribution column: never changed or nulled by a link's action.
        if (k.onUpdate !== 'a' && k.onUpdate !== 'r') bad.push(`${nameOf(k)}: ON UPDATE ${k.onUpdate}`);
        if (
          (k.onDelete === 'n' || k.onDelete === 'd') &&
          (k.deleteSetColumns === null || k.deleteSetColumns.includes('tenant_id'))
        )
          bad.push(`${nameOf(k)}: ON DELETE SET NULL/DEFAULT would change tenant_id (name the column)`);
      } else if (!to) {
        bad.push(`${nameOf(k)}: the global table ${k.table} links to the tenant table ${k.refTable}`);
      } else if (from.placement === 'reference' && to.placement !== 'reference') {
        bad.push(`${nameOf(k)}: a reference table links to the coordinator-only ${k.refTable}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('links every tenant table to its tenant (tenant_id → tenants.id, so a tenant removed takes its rows)', () => {
    const unlinked = tenantTables
      .filter(
        (t) =>
          !keys.some(
            (k) =>
              k.table === t.name &&
              k.kind === 'f' &&
              k.refTable === 'tenants' &&
              k.columns.join() === 'tenant_id' &&
              k.refColumns?.join() === 'id',
          ),
      )
      .map((t) => t.name);
    expect(unlinked).toEqual([]);
  });

  it('keeps every tenant row under row-level security: enabled, and only tenant policies for app_user', () => {
    const tenantPredicate = (column: string) =>
      `(${column} = ( SELECT app_current_tenant() AS app_current_tenant))`;
    const rowsOfTenants = [...tables.values()].filter((t) => t.tenantColumn || t.name === 'tenants');
    const problems: string[] = [];
    for (const t of rowsOfTenants) {
      const column = t.name === 'tenants' ? 'id' : 'tenant_id';
      if (!t.rls) problems.push(`${t.name}: row-level security is off`);
      const own = policies.filter((p) => p.table === t.name);
      if (own.length === 0) problems.push(`${t.name}: no policy (app_user would see nothing)`);
      for (const p of own) {
        if (p.roles !== '{app_user}') problems.push(`${t.name}.${p.name}: for ${p.roles}, not app_user`);
        for (const expression of [p.qual, p.withCheck]) {
          if (expression !== null && expression.replace(/\s+/g, ' ') !== tenantPredicate(column))
            problems.push(`${t.name}.${p.name}: ${expression}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives app_user no global table without tenant rows except tenants, and no way around the policies', async () => {
    const reachable = await rows<{ name: string }>(
      database,
      sql`
        select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
          and (has_table_privilege('app_user', c.oid, 'SELECT')
               or has_table_privilege('app_user', c.oid, 'INSERT')
               or has_table_privilege('app_user', c.oid, 'UPDATE')
               or has_table_privilege('app_user', c.oid, 'DELETE'))`,
    );
    const open = reachable
      .map((r) => r.name)
      .filter((name) => name !== 'tenants' && !tables.get(name)?.tenantColumn);
    expect(open, 'tables without tenant rows that app_user may touch').toEqual([]);
    // Row-level security is enabled, not forced: the owner (migrations, withSystem's cross-tenant
    // jobs) must see every row. That is safe because requests run as app_user, which owns no table
    // and cannot bypass row-level security.
    const [role] = await rows<{ super: boolean; bypass: boolean; owns: number }>(
      database,
      sql`
        select rolsuper as super, rolbypassrls as bypass,
               (select count(*)::int from pg_class where relowner = r.oid) as owns
        from pg_roles r where rolname = 'app_user'`,
    );
    expect(role).toEqual({ super: false, bypass: false, owns: 0 });
  });
});
