import { parseArgs } from 'node:util';
import { exitOnStartupError, openDatabase } from '../boot.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { listTenants } from '../modules/tenants/tenants.repo.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';

const usage = `Usage: npm run admin -- <command>

  tenant create --name NAME --slug SLUG   create a tenant (organisation)
  tenant list                             list the tenants

Uses the server's DATA_DIR or DATABASE_URL. On PGlite (the default) stop the server first:
one data directory serves one process at a time.`;

type Command = (database: Database, args: string[]) => Promise<void>;

const commands: Record<string, Command> = {
  'tenant create': async (database, args) => {
    const { values } = parseArgs({ args, options: { name: { type: 'string' }, slug: { type: 'string' } } });
    const tenant = await createTenant(database.db, { name: values.name ?? '', slug: values.slug ?? '' });
    console.log(`Created tenant ${tenant.slug} (${tenant.name}), id ${tenant.id}`);
  },
  'tenant list': async (database, args) => {
    parseArgs({ args, options: {} });
    const rows = await listTenants(database.db);
    if (rows.length === 0) return console.log('No tenants.');
    console.table(
      rows.map((t) => ({ id: t.id, slug: t.slug, name: t.name, created: t.createdAt.toISOString() })),
    );
  },
};

const [group, action, ...rest] = process.argv.slice(2);
const command = commands[`${group} ${action}`];
if (!command) {
  console.error(usage);
  process.exit(group === undefined || group === '--help' || group === 'help' ? 0 : 2);
}

const { database } = await openDatabase({ seed: false }).catch(exitOnStartupError);
try {
  await command(database, rest);
} catch (err) {
  if (err instanceof AppError) console.error(`Error: ${err.detail}`);
  else if (err instanceof TypeError && 'code' in err) console.error(`Error: ${err.message}\n\n${usage}`);
  else console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
}
