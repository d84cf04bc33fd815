import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The repository's root: where the server runs (config's paths are relative to it). */
/** The SECRET_KEY of server processes started by tests (64 hex digits: 32 bytes). */
export const testSecretKey = 'a1'.repeat(32);
/** The Web Push key pair of server processes started by tests (required with DATABASE_URL too). */
export const testVapidKeys = {
  VAPID_PUBLIC_KEY: 'BLAXuuWTjw9fOKbB66WluNx0CpFVn1Y1I5ImLRZwasXwxn-S_C16TvaIE6shlbvV9Po_gfBxjes1plBsnW9Nx24',
  VAPID_PRIVATE_KEY: 'gBIOkXRlJMqWC2UAk6HX1BJDpqH584LDAjMnjrB7a5c',
};

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Real server processes for tests of a deployment (several processes, one PostgreSQL database):
 * the production entry (`node --import tsx apps/api/src/server.ts`) with an environment of its
 * own, nothing inherited from the test process but PATH.
 */

export interface ServerProcess {
  /** Where it listens, e.g. http://127.0.0.1:43121 (parsed from its start-up line). */
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then SIGKILL if it is still running after `graceMs`; resolves with its exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Children still running, killed if the test process exits without stopping them. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Starts the server (`apps/api/src/server.ts`, or `options.nodeArgs`) with `env` on top of defaults suited to tests (PORT=0 on
 * 127.0.0.1, LOG_LEVEL=warn, a temporary DATA_DIR, the per-address identity limits raised as
 * testConfig does) and resolves once it answers /healthz. Throws with its output if it exits or
 * does not answer within `timeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number;
    /** Node's arguments: the sources through tsx by default; a build's server.mjs to test it. */
    nodeArgs?: string[];
  } = {},
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-proc-'));
  const nodeArgs = options.nodeArgs ?? ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
      RESET_LIMIT_PER_ADDRESS_PER_HOUR: '1000000',
      // Required with DATABASE_URL (replicas share it); harmless on PGlite.
      SECRET_KEY: testSecretKey,
      ...testVapidKeys,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const stop = async (graceMs = 5000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  try {
    let url: string | undefined;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server process exited (${child.exitCode ?? child.signalCode}):\n${output}`);
      }
      url ??= /Atende is up in [\d.]+s: (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
          (res) => res.status === 200,
          () => false,
        );
        if (healthy) return { url, child, output: () => output, stop };
      }
      await sleep(50);
    }
    throw new Error(`server process did not answer /healthz in time:\n${output}`);
  } catch (err) {
    await stop(1000);
    throw err;
  }
}

/**
 * An empty PostgreSQL database on the server of TEST_DATABASE_URL (as freshDatabase creates
 * one, but unmigrated: the processes migrate it). `drop()` removes it, connections and all.
 */
export async function scratchPostgresDatabase(serverUrl = process.env.TEST_DATABASE_URL ?? '') {
  const name = `atende_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
