import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from './test/processes.ts';

// The real processes an operator runs: the server and the admin CLI, on a PGlite data directory.

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(script: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForUp(r: Run) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /Atende is up in [\d.]+s: (\S+)/.exec(r.output());
    if (match?.[1]) return match[1];
    if (r.child.exitCode !== null) throw new Error(`server exited: ${r.output()}`);
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`server did not start: ${r.output()}`);
}

describe.skipIf(process.env.TEST_DB === 'postgres')('server and admin CLI processes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-proc-'));
  const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
  });

  it('refuses a bad configuration with a readable list and exit 1', async () => {
    const r = run('apps/api/src/server.ts', [], { ...env, PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain('Invalid configuration:');
    expect(r.output()).toContain('  - PORT: must be a whole number between 0 and 65535 (got "abc")');
    expect(r.output()).toContain('  - LOG_LEVEL: must be one of');
    expect(r.output()).not.toContain('    at '); // no stack trace
  });

  it('starts, seeds once, keeps one process per data directory, and shuts down cleanly', async () => {
    const first = run('apps/api/src/server.ts', [], env);
    running.push(first.child);
    const url = await waitForUp(first);
    // Printed just after the up line: it may reach the pipe a moment later.
    await vi.waitFor(() => expect(first.output()).toContain('Seeded the demo tenant'), { timeout: 5000 });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const second = run('apps/api/src/server.ts', [], env);
    expect(await second.exited).toBe(1);
    expect(second.output().trim().split('\n')).toHaveLength(1);
    expect(second.output()).toMatch(
      /^Cannot start: The data directory is in use by another Atende process \(pid \d+/,
    );

    const cli = run('apps/api/src/cli/admin.ts', ['tenant', 'list'], env);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('The data directory is in use');

    expect((await fetch(`${url}/readyz`)).status).toBe(200); // the first one never noticed
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // The data survived, and the admin CLI now works on it.
    const create = run(
      'apps/api/src/cli/admin.ts',
      ['tenant', 'create', '--name', 'Loja Azul', '--slug', 'loja-azul'],
      env,
    );
    expect(await create.exited).toBe(0);
    const list = run('apps/api/src/cli/admin.ts', ['tenant', 'list'], env);
    expect(await list.exited).toBe(0);
    expect(list.output()).toContain('demo');
    expect(list.output()).toContain('loja-azul');

    const again = run('apps/api/src/server.ts', [], env);
    running.push(again.child);
    await waitForUp(again);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain('Seeded'); // all of its output, once it has exited
  }, 120_000);

  it('takes over a lock left by a process that died', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-stale-'));
    fs.writeFileSync(path.join(dir, 'pglite.lock'), '999999999');
    const cli = run('apps/api/src/cli/admin.ts', ['tenant', 'list'], { ...env, DATA_DIR: dir });
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('No tenants.');
  }, 60_000);
});
