// Prints the SQL that lays the migrated schema out on Citus (docs/SCALING.md), read from the catalog
// so it stays true as migrations add tables: tenant tables distributed by tenant_id and co-located
// with tickets, the global tables of apps/api/src/db/distribution.ts as reference tables or
// coordinator tables, the links dropped first and made again last (tickets ↔ ticket_analyses link
// both ways, and Citus checks each link as a table moves), the SECURITY DEFINER functions with a
// tenant argument delegated to the tenant's node, and the triggers Citus must be told to allow.
//   node --import tsx scripts/citus-layout.mjs [postgres://…]   (default: DATABASE_URL; without
//   either, the migrations are applied to an in-memory PGlite and that catalog is read)
// Prints only; run its output with psql on the coordinator after the migrations (docs/SCALING.md).
// On a database already laid out (pg_dist_partition lists tables), it prints only the new tables'.
import { globalTables } from '../apps/api/src/db/distribution.ts';

const url = process.argv[2] ?? process.env.DATABASE_URL;

async function openCatalog() {
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: async (text) => (await client.query(text)).rows, close: () => client.end() };
  }
  const { createDb, openPglite } = await import('../apps/api/src/db/client.ts');
  const pglite = await openPglite();
  const database = await createDb({ pglite });
  await database.migrate();
  return { query: async (text) => (await pglite.query(text)).rows, close: () => database.close() };
}

const quote = (name) => `'${name.replaceAll("'", "''")}'`;
const catalog = await openCatalog();
try {
  const tables = (
    await catalog.query(`
      select c.relname as name,
             exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                     and not a.attisdropped) as tenant
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      order by c.relname`)
  ).map((t) => ({ ...t, global: globalTables[t.name] }));
  const links = await catalog.query(`
    select con.conrelid::regclass::text as "table", con.conname as name,
           pg_get_constraintdef(con.oid) as definition
    from pg_constraint con join pg_class c on c.oid = con.conrelid
    where c.relnamespace = 'public'::regnamespace and con.contype = 'f'
    order by 1, 2`);
  const functions = await catalog.query(`
    select p.oid::regprocedure::text as signature,
           (select n from unnest(p.proargnames) with ordinality a(n, i)
             where p.proargtypes[a.i - 1] = 'uuid'::regtype and a.n like '%tenant%' limit 1) as tenant_arg
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prosecdef and p.prokind = 'f'
      and p.prorettype <> 'trigger'::regtype
    order by 1`);
  const triggers = await catalog.query(`
    select t.tgrelid::regclass::text as "table", t.tgname as name, t.tgfoid::regproc::text as function
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
    order by 1, 2`);

  // On a database that is already laid out (Citus installed, tables placed), only what is new.
  const [{ citus }] = await catalog.query(
    "select to_regclass('pg_catalog.pg_dist_partition') is not null as citus",
  );
  const placed = new Set(
    citus
      ? (await catalog.query('select logicalrelid::regclass::text as name from pg_dist_partition')).map(
          (r) => r.name,
        )
      : [],
  );
  const unclassified = tables.filter((t) => !t.tenant && !t.global).map((t) => t.name);
  if (unclassified.length) {
    console.error(
      `citus-layout: ${unclassified.join(', ')} neither tenant-keyed nor declared in distribution.ts ` +
        '(apps/api/src/db/schema-keys.test.ts says the same)',
    );
    process.exit(1);
  }
  if (placed.size > 0) {
    // Links of a new table go to tables already placed: Citus takes them as the table moves.
    const fresh = tables.filter((t) => !placed.has(t.name));
    console.log(`-- Atende on Citus: ${placed.size} tables placed already; ${fresh.length} new`);
    for (const t of fresh) {
      if (t.global?.placement === 'reference')
        console.log(`SELECT create_reference_table(${quote(t.name)});`);
      else if (t.global) console.log(`SELECT citus_add_local_table_to_metadata(${quote(t.name)});`);
      else
        console.log(
          `SELECT create_distributed_table(${quote(t.name)}, 'tenant_id', colocate_with => 'tickets');`,
        );
    }
    process.exit(0);
  }
  const reference = tables.filter((t) => t.global?.placement === 'reference');
  const coordinator = tables.filter((t) => t.global?.placement === 'coordinator');
  const distributed = tables.filter((t) => !t.global);
  const anchor = distributed.some((t) => t.name === 'tickets') ? 'tickets' : distributed[0]?.name;
  const out = [];
  const say = (line = '') => out.push(line);

  say(`-- Atende on Citus: generated by scripts/citus-layout.mjs from the migrated catalog`);
  say(
    `-- ${tables.length} tables: ${distributed.length} distributed by tenant_id, ${reference.length} reference, ` +
      `${coordinator.length} on the coordinator. Run on the coordinator, as the owner, after the migrations.`,
  );
  say('CREATE EXTENSION IF NOT EXISTS citus;');
  say('-- Tenant transactions set app.tenant_id and the role with SET LOCAL: sent on to the workers.');
  say('-- The triggers listed at the end run on the shards (each writes only its own tenant).');
  say(
    "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET citus.propagate_set_commands = local', current_database());",
  );
  say(
    "  EXECUTE format('ALTER DATABASE %I SET citus.enable_unsafe_triggers = on', current_database()); END $$;",
  );
  say('BEGIN;');
  say();
  say(`-- 1. The ${links.length} links, dropped while the tables move (made again in step 5).`);
  for (const l of links) say(`ALTER TABLE ${l.table} DROP CONSTRAINT ${l.name};`);
  say();
  say('-- 2. Reference tables: a copy on every node (tenant tables link to them and join them locally).');
  for (const t of reference) say(`SELECT create_reference_table(${quote(t.name)}); -- ${t.global.why}`);
  say();
  say('-- 3. Coordinator tables: server state, read and written by key, never joined with tenant rows.');
  for (const t of coordinator)
    say(`SELECT citus_add_local_table_to_metadata(${quote(t.name)}); -- ${t.global.why}`);
  say();
  say(`-- 4. Tenant tables, distributed by tenant_id and co-located with ${anchor}: one tenant's rows`);
  say('--    of every table on one node, so its joins, links and transactions stay on that node.');
  // The first one makes the co-location group the others join.
  distributed.sort((a, b) => (a.name === anchor ? -1 : b.name === anchor ? 1 : 0));
  for (const t of distributed) {
    const colocate = t.name === anchor ? "'none'" : quote(anchor);
    say(`SELECT create_distributed_table(${quote(t.name)}, 'tenant_id', colocate_with => ${colocate});`);
  }
  say();
  say(
    '-- 5. The links again (distributed → distributed through tenant_id, → reference, coordinator → reference).',
  );
  for (const l of links) say(`ALTER TABLE ${l.table} ADD CONSTRAINT ${l.name} ${l.definition};`);
  say();
  const delegated = functions.filter((f) => f.tenant_arg);
  say('-- 6. SECURITY DEFINER functions with a tenant argument: run on the node that holds the tenant.');
  for (const f of delegated) {
    say(
      `SELECT create_distributed_function(${quote(f.signature)}, ${quote(f.tenant_arg)}, colocate_with => ${quote(anchor)});`,
    );
  }
  for (const f of functions.filter((x) => !x.tenant_arg))
    say(`-- ${f.signature}: no tenant argument, stays on the coordinator`);
  say('COMMIT;');
  say();
  say(`-- Triggers on the tables (${triggers.length}): they run where the row lives.`);
  for (const t of triggers) say(`--   ${t.table}.${t.name} → ${t.function}`);
  console.log(out.join('\n'));
} finally {
  await catalog.close();
}
