// Start-up figures: a cold first start (fresh PGlite: create, migrate, seed), a warm second start
// on the same data, and the server's resident memory at idle. Prints its figures; asserts nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-bench-'));

async function start() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'Bench#Senha2026',
      // Out of the way of anything measured against this server.
      API_RATE_LIMIT_PER_USER_PER_MINUTE: '10000000',
      API_RATE_LIMIT_PER_TENANT_PER_MINUTE: '10000000',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Atende is up in [\d.]+s: (\S+)/.exec(output);
      if (match) resolve(match[1]);
      if (child.exitCode !== null) reject(new Error(output));
    }, 20);
    child.on('exit', () => setTimeout(() => clearInterval(timer), 50));
  });
  const seconds = (performance.now() - started) / 1000;
  const ready = await fetch(`${url}/readyz`);
  if (!ready.ok) throw new Error('not ready');
  return { child, seconds };
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function stop(child) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

const cold = await start();
await stop(cold.child);
const warm = await start();
await new Promise((r) => setTimeout(r, 3000)); // settle: let start-up garbage be collected
const rss = rssMb(warm.child.pid);
await stop(warm.child);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log('startup (PGlite, from process spawn to listening):');
console.log(`  cold first start: ${cold.seconds.toFixed(2)} s (creates the database, migrates, seeds)`);
console.log(`  warm second start: ${warm.seconds.toFixed(2)} s`);
console.log(`  RSS at idle: ${rss.toFixed(0)} MB`);
