import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPaths } from '../config.ts';
import { createDb } from '../db/client.ts';
import { freshDatabase } from '../test/helpers.ts';
import { repoRoot } from '../test/processes.ts';
import { schemaState } from './schema-state.ts';
import { seedBulkPlan } from './seed-bulk.ts';

// The admin CLI as an operator runs it (`npm run admin -- …`): a process of its own on a PGlite
// data directory, its standard input a pipe (not a terminal) unless run through `script`, which
// gives it a pseudo-terminal.

interface Run {
  child: ChildProcess;
  /** stdout and stderr together, in order. */
  output: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const cli = path.join('apps', 'api', 'src', 'cli', 'admin.ts');
const migrationsDir = path.resolve(repoRoot, defaultPaths.MIGRATIONS_DIR);
const running: ChildProcess[] = [];

function start(command: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
  });
  running.push(child);
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => {
    output += d;
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, stderr: () => stderr, exited };
}

/** Runs the CLI with `stdin` as its standard input (closed at once when undefined). */
function admin(args: string[], env: Record<string, string>, stdin?: string): Run {
  const run = start(process.execPath, ['--import', 'tsx', cli, ...args], env);
  run.child.stdin?.end(stdin);
  return run;
}

/** Its exit code, or null when it had to be killed after `ms` (it did not stop by itself). */
async function exitWithin(run: Run, ms: number) {
  const timer = setTimeout(() => run.child.kill('SIGKILL'), ms);
  const code = await run.exited;
  clearTimeout(timer);
  return code;
}

async function waitFor(run: Run, text: string | RegExp, ms = 60_000) {
  const deadline = Date.now() + ms;
  const found = () => (typeof text === 'string' ? run.output().includes(text) : text.test(run.output()));
  while (!found()) {
    if (run.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no "${text}" in: ${run.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens the data directory (the CLI has exited) for a look at what it holds. */
async function inspect<T>(dataDir: string, look: (db: Awaited<ReturnType<typeof createDb>>) => Promise<T>) {
  const database = await createDb({ dataDir });
  try {
    return await look(database);
  } finally {
    await database.close();
  }
}

const rowsOf = async (database: Awaited<ReturnType<typeof createDb>>, statement: ReturnType<typeof sql>) =>
  ((await database.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A copy of the migrations without the newest: a database migrated with it is one behind. */
function olderMigrations() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-migrations-'));
  fs.cpSync(migrationsDir, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  journal.entries.pop();
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { dir, count: journal.entries.length as number };
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('schema state (what a read-only command checks)', () => {
  it('counts the applied migrations and none pending on a migrated database', async () => {
    const database = await freshDatabase();
    try {
      const total = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'))
        .entries.length;
      expect(await schemaState(database, migrationsDir)).toEqual({ applied: total, pending: 0 });
    } finally {
      await database.close();
    }
  });
});

describe('seed-bulk plan', () => {
  it('counts the rows a run writes and how long it holds its transaction', () => {
    expect(seedBulkPlan({ tickets: 5_000_000, messagesPerTicket: 2 }, 'postgres')).toEqual({
      tickets: 5_000_000,
      customers: 1_000,
      analyses: 3_500_000,
      messages: 10_000_000,
      rows: 18_501_000,
      rowsPerSecond: 45_000,
      seconds: 18_501_000 / 45_000,
    });
    expect(seedBulkPlan({ tickets: 10, customers: 5, messagesPerTicket: 0 }, 'pglite').rows).toBe(5 + 10 + 7);
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('admin CLI processes', () => {
  const tenantOf = (dir: string) => ({ DATA_DIR: dir });

  it('list commands never migrate: an empty directory stays empty, a database behind is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-cli-'));
    const env = tenantOf(dir);
    const list = admin(['tenant', 'list'], env);
    expect(await list.exited, list.output()).toBe(0);
    expect(list.output()).toContain('No tenants.');
    const users = admin(['user', 'list', '--tenant', 'loja-azul'], env);
    expect(await users.exited, users.output()).toBe(1);
    expect(users.output()).toContain('Tenant "loja-azul" não existe.');
    // Nothing was created: no migrations table, no tables.
    expect(
      await inspect(dir, (db) =>
        rowsOf(
          db,
          sql`select to_regclass('drizzle.__drizzle_migrations') as migrations, to_regclass('public.tenants') as tenants`,
        ),
      ),
    ).toEqual([{ migrations: null, tenants: null }]);

    // Migrated by an older version (one migration less): the list refuses and leaves it as it is.
    const older = olderMigrations();
    const olderDatabase = await createDb({ dataDir: dir, migrationsDir: older.dir });
    await olderDatabase.migrate();
    await olderDatabase.close();
    const behind = admin(['tenant', 'list'], env);
    expect(await behind.exited, behind.output()).toBe(1);
    expect(behind.output()).toContain('The database is 1 migration(s) behind this version');
    expect(await inspect(dir, (db) => schemaState(db, migrationsDir))).toEqual({
      applied: older.count,
      pending: 1,
    });
    // A command that writes migrates it; the list then answers.
    const writer = admin(['tenant', 'create', '--name', 'Loja Azul', '--slug', 'loja-azul'], env);
    expect(await writer.exited, writer.output()).toBe(0);
    const after = admin(['tenant', 'list'], env);
    expect(await after.exited, after.output()).toBe(0);
    expect(after.output()).toContain('loja-azul');
  }, 180_000);

  it('user create reads the password from stdin or a prompt without echo; argv still works, with a warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-cli-'));
    const env = tenantOf(dir);
    const slug = 'loja-senhas';
    expect(await admin(['tenant', 'create', '--name', 'Loja', '--slug', slug], env).exited).toBe(0);
    const create = (email: string, extra: string[], stdin?: string) =>
      admin(['user', 'create', '--tenant', slug, '--email', email, ...extra], env, stdin);

    // --password-stdin: the first line, permanent (or --temporary); no warning.
    const piped = create('piped@loja.test', ['--password-stdin'], 'Girassol-Azul-Verde-2026!\nresto\n');
    expect(await piped.exited, piped.output()).toBe(0);
    expect(piped.stderr()).toBe('');
    expect(piped.output()).not.toContain('Temporary password');
    const pipedTemporary = create(
      'temp@loja.test',
      ['--password-stdin', '--temporary'],
      'Girassol-Azul-Verde-2026!',
    );
    expect(await pipedTemporary.exited, pipedTemporary.output()).toBe(0);
    const empty = create('empty@loja.test', ['--password-stdin'], '');
    expect(await empty.exited).toBe(1);
    expect(empty.output()).toContain('--password-stdin: standard input held no password.');

    // In argv: still accepted (scripts), with a warning on standard error.
    const argv = create('argv@loja.test', ['--password', 'Girassol-Azul-Verde-2026!']);
    expect(await argv.exited, argv.output()).toBe(0);
    expect(argv.stderr()).toContain(
      'Warning: a password given on the command line can be read by other users',
    );
    const both = create('both@loja.test', ['--password', 'x', '--password-stdin'], 'y');
    expect(await both.exited).toBe(1);
    expect(both.output()).toContain('Give one of --password, --temporary-password or --password-stdin.');

    // No option and standard input not a terminal: a generated temporary password, stdin unread.
    const generated = create('generated@loja.test', [], 'Girassol-Azul-Verde-2026!\n');
    expect(await generated.exited, generated.output()).toBe(0);
    expect(generated.output()).toContain('Temporary password (shown only now): ');

    // On a terminal: asked twice, nothing echoed.
    const secret = 'Margarida-Roxa-Lilas-2026!';
    const command = [
      process.execPath,
      '--import',
      'tsx',
      cli,
      'user',
      'create',
      '--tenant',
      slug,
      '--email',
      'typed@loja.test',
    ]
      .map((word) => `'${word}'`)
      .join(' ');
    const tty = start('script', ['-qec', command, '/dev/null'], env);
    await waitFor(tty, 'Password for typed@loja.test (empty: generate a temporary one): ');
    tty.child.stdin?.write(`${secret}\r`);
    await waitFor(tty, 'The same password again: ');
    tty.child.stdin?.write(`${secret}\r`);
    expect(await exitWithin(tty, 60_000), tty.output()).toBe(0);
    expect(tty.output()).toContain('Created user typed@loja.test');
    expect(tty.output()).not.toContain(secret);
    expect(tty.output()).not.toContain('Temporary password');

    const listed = admin(['user', 'list', '--tenant', slug], env);
    expect(await listed.exited, listed.output()).toBe(0);
    const status = (email: string) =>
      listed
        .output()
        .split('\n')
        .find((line) => line.includes(email)) ?? '';
    expect(status('piped@loja.test')).toContain('active');
    expect(status('temp@loja.test')).toContain('must change password');
    expect(status('argv@loja.test')).toContain('active');
    expect(status('generated@loja.test')).toContain('must change password');
    expect(status('typed@loja.test')).toContain('active');
    expect(listed.output()).not.toContain('empty@loja.test');
  }, 240_000);

  it('vapid-keys prints a new Web Push pair without configuration or a database', async () => {
    // DATABASE_URL set without SECRET_KEY would refuse to start anything else: this opens nothing.
    const run = admin(['vapid-keys'], { DATABASE_URL: 'postgres://127.0.0.1:1/nada' });
    expect(await exitWithin(run, 30_000)).toBe(0);
    const printed = Object.fromEntries(
      run
        .output()
        .trim()
        .split('\n')
        .map((line) => line.split('=', 2) as [string, string]),
    );
    expect(Buffer.from(printed.VAPID_PUBLIC_KEY ?? '', 'base64url')).toHaveLength(65);
    expect(Buffer.from(printed.VAPID_PRIVATE_KEY ?? '', 'base64url')).toHaveLength(32);
  });

  it('seed-bulk refuses more than 10,000,000 rows without --yes-really, saying how long it would hold its transaction', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-cli-'));
    const env = tenantOf(dir);
    expect(await admin(['tenant', 'create', '--name', 'Carga', '--slug', 'carga'], env).exited).toBe(0);
    // Today's code would start writing 18.5 million rows: killed after 30 s, it fails the check.
    const big = admin(
      ['seed-bulk', '--tenant', 'carga', '--tickets', '5,000,000', '--messages-per-ticket', '2'],
      env,
    );
    expect(await exitWithin(big, 30_000), big.output()).toBe(1);
    expect(big.output()).toContain(
      'seed-bulk would write 18,501,000 rows (5,000,000 tickets, 1,000 customers, 3,500,000 analyses, ' +
        '10,000,000 messages) in one transaction, held for about 34 min',
    );
    expect(big.output()).toContain('More than 10,000,000 rows needs --yes-really; nothing was written.');

    const small = admin(['seed-bulk', '--tenant', 'carga', '--tickets', '100', '--customers', '10'], env);
    expect(await small.exited, small.output()).toBe(0);
    expect(small.output()).toContain('Generating 100 tickets for carga (pglite): 280 rows');
    expect(small.output()).toContain('held for about 1 s');
    expect(await inspect(dir, (db) => rowsOf(db, sql`select count(*)::int as n from tickets`))).toEqual([
      { n: 100 },
    ]);
  }, 180_000);
});
