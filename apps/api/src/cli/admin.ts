import { parseArgs } from 'node:util';
import { exitOnStartupError, openDatabase } from '../boot.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { generatePasswordFor, scoreInThisThread } from '../modules/identity/passwords.ts';
import { createUser, disableUser, listUsers } from '../modules/identity/users.service.ts';
import { generateVapidKeys } from '../modules/notifications/push.keys.ts';
import { createTenant, listTenants } from '../modules/tenants/tenants.service.ts';
import { createDomainEvents } from '../reactions.ts';
import {
  argvPasswordWarning,
  PasswordInputError,
  promptPassword,
  readPasswordLine,
} from './password-input.ts';
import { schemaState } from './schema-state.ts';
import { seedBulk, seedBulkLimits, seedBulkPlan } from './seed-bulk.ts';

const usage = `Usage: npm run admin -- <command>

  tenant create --name NAME --slug SLUG     create a tenant (organisation)
  tenant list                               list the tenants
  user create --tenant SLUG --email E [--password-stdin [--temporary]] [--group G]...
                                            create a user (a tenant's first user is its admin:
                                            ADMIN_GROUP is added). The password: on a terminal you are
                                            asked (not echoed; empty: a generated temporary one);
                                            --password-stdin reads the first line of standard
                                            input; with neither, and standard input not a
                                            terminal, a temporary one is generated and shown
                                            (standard input is never read without the option).
                                            --temporary: the given one must be changed at the
                                            first sign-in. --password P / --temporary-password P
                                            still work, with a warning (other users see argv).
                                            Given passwords must pass the sign-in policy: 10+
                                            characters with upper- and lowercase, digit and
                                            symbol, hard to guess (zxcvbn), not containing the
                                            e-mail's name
  user list --tenant SLUG                   list a tenant's users
  user disable --email E                    stop a user from signing in (ends their sessions)
  vapid-keys                                print a new Web Push key pair (VAPID_PUBLIC_KEY and
                                            VAPID_PRIVATE_KEY, required with DATABASE_URL); opens
                                            no database
  seed-bulk --tenant SLUG --tickets N [--customers M] [--messages-per-ticket K] [--yes-really]
                                            generate bulk data for load tests in one transaction:
                                            N tickets (1 to 5,000,000) over M customers (1 to
                                            1,000,000, default 1,000), K inbound messages per
                                            ticket (0 to 20, default 1), analyses for 7 tickets
                                            in 10; refused when the tenant has bulk data already.
                                            Says how long it will hold its transaction; more than
                                            10,000,000 rows needs --yes-really

Uses the server's DATA_DIR or DATABASE_URL. The list commands only read: they never migrate
(a database behind this version is refused: start the server, or run a command that writes,
to migrate it). On PGlite (the default) stop the server first: one data directory serves one
process at a time.`;

type Command = (database: Database, args: string[]) => Promise<void>;

/**
 * The commands that only read, and what each answers on a database never migrated (empty): they
 * run without migrations, without the boot rewrites, and refuse a database behind this version.
 */
const readOnlyCommands: Record<string, (args: string[]) => void> = {
  'tenant list': (args) => {
    parseArgs({ args, options: {} });
    console.log('No tenants.');
  },
  'user list': (args) => {
    const { values } = parseArgs({ args, options: { tenant: { type: 'string' } } });
    if (!values.tenant) throw new AppError('validation_error', '--tenant is required.');
    throw new AppError('not_found', `Tenant "${values.tenant}" não existe.`);
  },
};

/**
 * The password of `user create` and whether it is temporary; undefined: generate a temporary one.
 * Never from argv unless --password/--temporary-password (warned), never from standard input
 * unless --password-stdin.
 */
async function passwordOf(
  email: string,
  values: {
    password?: string;
    'temporary-password'?: string;
    'password-stdin'?: boolean;
    temporary?: boolean;
  },
): Promise<{ password: string; temporary: boolean } | undefined> {
  const sources = [values.password, values['temporary-password'], values['password-stdin'] || undefined];
  if (sources.filter((v) => v !== undefined).length > 1) {
    throw new AppError(
      'validation_error',
      'Give one of --password, --temporary-password or --password-stdin.',
    );
  }
  if (values.password !== undefined && values.temporary) {
    throw new AppError(
      'validation_error',
      '--password is permanent: use --temporary-password, or --password-stdin --temporary.',
    );
  }
  if (values.password !== undefined || values['temporary-password'] !== undefined) {
    console.error(argvPasswordWarning);
    return values.password !== undefined
      ? { password: values.password, temporary: false }
      : { password: values['temporary-password'] ?? '', temporary: true };
  }
  const temporary = values.temporary === true;
  try {
    if (values['password-stdin']) {
      const password = await readPasswordLine();
      if (password === '')
        throw new AppError('validation_error', '--password-stdin: standard input held no password.');
      return { password, temporary };
    }
    if (!process.stdin.isTTY) return undefined;
    const password = await promptPassword(`Password for ${email} (empty: generate a temporary one): `);
    if (password === '') return undefined;
    if ((await promptPassword('The same password again: ')) !== password) {
      throw new AppError('validation_error', 'The two passwords differ; nothing was created.');
    }
    return { password, temporary };
  } catch (err) {
    if (err instanceof PasswordInputError)
      throw new AppError('validation_error', `No password: ${err.message}.`);
    throw err;
  }
}

const formatCount = (n: number) => n.toLocaleString('en');

/** 45 s, 12 min, 2.5 h. */
function formatDuration(seconds: number) {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** A whole-number option within limits (1,000,000 and 1_000_000 are accepted too). */
function countOption(name: string, value: string, limits: { min: number; max: number }) {
  const digits = value.replace(/[_,]/g, '');
  const n = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < limits.min || n > limits.max) {
    throw new AppError(
      'validation_error',
      `${name} must be a whole number from ${formatCount(limits.min)} to ${formatCount(limits.max)} (got "${value}").`,
    );
  }
  return n;
}

/**
 * Progress of a bulk load: one line per table, rewritten in place (\r) on a terminal; only the
 * finished lines when the output is a file or a pipe.
 */
function progressLines() {
  const tty = process.stdout.isTTY === true;
  let table: string | undefined;
  // A table's first report comes after its first chunk: its clock starts at the previous report.
  let last = performance.now();
  let since = last;
  return {
    update(done: { table: string; rows: number; total: number }) {
      if (done.table !== table) {
        if (tty && table !== undefined) process.stdout.write('\n');
        table = done.table;
        since = last;
      }
      last = performance.now();
      const seconds = (last - since) / 1000;
      const percent = done.total === 0 ? 100 : Math.floor((done.rows / done.total) * 100);
      const line = `  ${done.table.padEnd(20)} ${formatCount(done.rows).padStart(9)} / ${formatCount(done.total)} (${percent}%, ${seconds.toFixed(1)} s)`;
      if (tty) process.stdout.write(`\r${line}\x1b[K`);
      else if (done.rows === done.total) console.log(line);
    },
    end() {
      if (tty && table !== undefined) process.stdout.write('\n');
    },
  };
}

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
        'password-stdin': { type: 'boolean' },
        temporary: { type: 'boolean' },
        group: { type: 'string', multiple: true },
      },
    });
    if (!values.tenant || !values.email)
      throw new AppError('validation_error', '--tenant and --email are required.');
    const given = await passwordOf(values.email, values);
    const generated = given ? undefined : await generatePasswordFor(values.email, scoreInThisThread);
    const { user, tenant } = await createUser(database.db, {
      tenantSlug: values.tenant,
      email: values.email,
      password: given?.password ?? generated ?? '',
      temporary: given?.temporary ?? true,
      groups: values.group ?? [],
      firstUserGroup: config.ADMIN_GROUP,
    });
    console.log(`Created user ${user.email} in ${tenant.slug}, id ${user.id}`);
    if (user.groups.includes(config.ADMIN_GROUP))
      console.log('Role: admin (the first user of a tenant is its admin).');
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
  'seed-bulk': async (database, args) => {
    const { values } = parseArgs({
      args,
      options: {
        tenant: { type: 'string' },
        tickets: { type: 'string' },
        customers: { type: 'string' },
        'messages-per-ticket': { type: 'string' },
        'yes-really': { type: 'boolean' },
      },
    });
    if (!values.tenant || values.tickets === undefined)
      throw new AppError('validation_error', '--tenant and --tickets are required.');
    const tickets = countOption('--tickets', values.tickets, seedBulkLimits.tickets);
    const customers =
      values.customers === undefined
        ? undefined
        : countOption('--customers', values.customers, seedBulkLimits.customers);
    const perTicket = values['messages-per-ticket'];
    const messagesPerTicket =
      perTicket === undefined
        ? undefined
        : countOption('--messages-per-ticket', perTicket, seedBulkLimits.messagesPerTicket);
    const plan = seedBulkPlan({ tickets, customers, messagesPerTicket }, database.driver);
    const holding =
      `${formatCount(plan.rows)} rows (${formatCount(plan.tickets)} tickets, ${formatCount(plan.customers)} customers, ` +
      `${formatCount(plan.analyses)} analyses, ${formatCount(plan.messages)} messages) in one transaction, ` +
      `held for about ${formatDuration(plan.seconds)} (at ~${formatCount(plan.rowsPerSecond)} rows/s on ${database.driver}; ` +
      'slower without superuser rights): until it commits, other writers to these tables may wait on it';
    if (plan.rows > seedBulkLimits.rowsWithoutConfirmation && !values['yes-really']) {
      throw new AppError(
        'validation_error',
        `seed-bulk would write ${holding}. More than ${formatCount(seedBulkLimits.rowsWithoutConfirmation)} rows ` +
          'needs --yes-really; nothing was written.',
      );
    }
    console.log(
      `Generating ${formatCount(tickets)} tickets for ${values.tenant} (${database.driver}): ${holding}…`,
    );
    const progress = progressLines();
    let result: Awaited<ReturnType<typeof seedBulk>>;
    try {
      result = await seedBulk(database, {
        tenantSlug: values.tenant,
        tickets,
        customers,
        messagesPerTicket,
        onProgress: (done) => progress.update(done),
      });
    } finally {
      progress.end();
    }
    const rows = result.customers + result.tickets + result.analyses + result.messages;
    const seconds = result.ms / 1000;
    console.log(
      `Seeded ${values.tenant}: ${formatCount(result.tickets)} tickets, ${formatCount(result.customers)} customers, ` +
        `${formatCount(result.analyses)} analyses, ${formatCount(result.messages)} messages — ` +
        `${formatCount(rows)} rows in ${seconds.toFixed(1)} s (${formatCount(Math.round(rows / seconds))} rows/s).`,
    );
  },
};

const argv = process.argv.slice(2);
const [group] = argv;
// Needs no configuration and no database: a new pair for the environment of every process.
if (group === 'vapid-keys') {
  const keys = generateVapidKeys();
  console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
  process.exit(0);
}
// Two-word commands (tenant create) and one-word ones (seed-bulk).
const words = commands[argv.slice(0, 2).join(' ')] ? 2 : 1;
const command = commands[argv.slice(0, words).join(' ')];
const rest = argv.slice(words);
if (!command) {
  console.error(usage);
  process.exit(group === undefined || group === '--help' || group === 'help' ? 0 : 2);
}

const name = argv.slice(0, words).join(' ');
const onEmpty = readOnlyCommands[name];
const { config, database } = await openDatabase({ seed: false, readOnly: onEmpty !== undefined }).catch(
  exitOnStartupError,
);
try {
  const schema = onEmpty ? await schemaState(database, config.MIGRATIONS_DIR) : undefined;
  if (onEmpty && schema?.applied === 0) onEmpty(rest);
  else if (schema && schema.pending > 0) {
    throw new AppError(
      'conflict',
      `The database is ${schema.pending} migration(s) behind this version, and "${name}" only reads (it never migrates): ` +
        'start the server, or run a command that writes, to migrate it first.',
    );
  } else await command(database, rest);
} catch (err) {
  if (err instanceof AppError) console.error(`Error: ${err.detail}`);
  else if (err instanceof TypeError && 'code' in err) console.error(`Error: ${err.message}\n\n${usage}`);
  else console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
}
