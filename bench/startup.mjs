// Start-up figures of the built server (what `npm start` runs: node apps/api/dist/server.mjs) and,
// for comparison, of the sources run through tsx: a cold first start (fresh PGlite: create,
// migrate, seed), warm starts on the same data, and the resident memory at idle. Prints its
// figures; asserts nothing. Goal (issue 18): warm start ≤ 1.5 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, root } from '../scripts/lib.mjs';

await ensureServerBuild();
const dist = path.join(root, 'apps/api/dist');
const ways = {
  built: ['--enable-source-maps', path.join(dist, 'server.mjs')],
  'tsx (sources)': ['--import', 'tsx', 'apps/api/src/server.ts'],
};

async function start(dataDir, args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      MIGRATIONS_DIR: path.join(dist, 'drizzle'),
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
  // Ready once the database answers a ping: right after a cold start the demo's jobs may keep
  // PGlite busy past /readyz's 2 s on a loaded machine, so it is asked again for up to a minute.
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${url}/readyz`);
    if (ready.ok) break;
    if (tries >= 30) {
      child.kill('SIGTERM');
      throw new Error(`not ready: ${ready.status}`);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log('startup (PGlite, from process spawn to listening; warm: median of 5):');
for (const [name, args] of Object.entries(ways)) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-bench-'));
  const cold = await start(dataDir, args);
  await stop(cold.child);
  const warm = [];
  let rss = 0;
  for (let i = 0; i < 5; i++) {
    const run = await start(dataDir, args);
    warm.push(run.seconds);
    if (i === 4) {
      await new Promise((r) => setTimeout(r, 3000)); // settle: let start-up garbage be collected
      rss = rssMb(run.child.pid);
    }
    await stop(run.child);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`  ${name}:`);
  console.log(`    cold first start: ${cold.seconds.toFixed(2)} s (creates the database, migrates, seeds)`);
  console.log(
    `    warm start: ${median(warm).toFixed(2)} s (runs: ${warm.map((s) => s.toFixed(2)).join(', ')})`,
  );
  console.log(`    RSS at idle: ${rss.toFixed(0)} MB`);
}
