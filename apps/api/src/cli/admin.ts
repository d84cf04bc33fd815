import { parseArgs } from 'node:util';
import { exitOnStartupError, openDatabase } from '../boot.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { disableUser } from '../modules/identity/identity.repo.ts';
import { generatePasswordFor, scoreInThisThread } from '../modules/identity/passwords.ts';
import { createUser, listUsers } from '../modules/identity/users.service.ts';
import { listTenants } from '../modules/tenants/tenants.repo.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import { createDomainEvents } from '../reactions.ts';

const usage = `Usage: npm run admin -- <command>

  tenant create --name NAME --slug SLUG     create a tenant (organisation)
  tenant list                               list the tenants
  user create --tenant SLUG --email E [--password P | --temporary-password P] [--group G]...
                                            create a user; a temporary password (the default,
                                            generated when none is given) must be changed at
                                            the first sign-in. Given passwords must pass the
                                            sign-in policy: 10+ characters with upper- and
                                            lowercase, digit and symbol, hard to guess (zxcvbn),
                                            not containing the e-mail's name
  user list --tenant SLUG                   list a tenant's users
  user disable --email E                    stop a user from signing in (ends their sessions)

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
  'user create': async (database, args) => {
    const { values } = parseArgs({
      args,
      options: {
        tenant: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'temporary-password': { type: 'string' },
        group: { type: 'string', multiple: true },
      },
    });
    if (!values.tenant || !values.email)
      throw new AppError('validation_error', '--tenant and --email are required.');
    if (values.password && values['temporary-password']) {
      throw new AppError('validation_error', 'Give --password or --temporary-password, not both.');
    }
    const generated =
      values.password || values['temporary-password']
        ? undefined
        : await generatePasswordFor(values.email, scoreInThisThread);
    const { user, tenant } = await createUser(database.db, {
      tenantSlug: values.tenant,
      email: values.email,
      password: values.password ?? values['temporary-password'] ?? generated ?? '',
      temporary: !values.password,
      groups: values.group ?? [],
    });
    console.log(`Created user ${user.email} in ${tenant.slug}, id ${user.id}`);
    if (generated) console.log(`Temporary password (shown only now): ${generated}`);
    if (user.mustChangePassword) console.log('The first sign-in will ask for a new password.');
  },
  'user list': async (database, args) => {
    const { values } = parseArgs({ args, options: { tenant: { type: 'string' } } });
    if (!values.tenant) throw new AppError('validation_error', '--tenant is required.');
    const rows = await listUsers(database.db, values.tenant);
    if (rows.length === 0) return console.log('No users.');
    console.table(
      rows.map((u) => ({
        email: u.email,
        groups: u.groups.join(','),
        status: !u.enabled ? 'disabled' : u.mustChangePassword ? 'must change password' : 'active',
        id: u.id,
      })),
    );
  },
  'user disable': async (database, args) => {
    const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
    if (!values.email) throw new AppError('validation_error', '--email is required.');
    const user = await disableUser(database.db, createDomainEvents(), values.email);
    if (!user) throw new AppError('not_found', `No user with the e-mail ${values.email}.`);
    console.log(`Disabled ${user.email}.`);
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
