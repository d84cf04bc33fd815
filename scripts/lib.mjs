// Shared by start.mjs and test.mjs: plain Node, no dependencies (they run before any install).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Atende needs Node.js 20.19 or newer; this is ${process.version}.`);
  }
}

/** Runs a command in the repository, inheriting the terminal; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  for (const entry of paths) {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) continue;
    const files = fs.statSync(full).isDirectory()
      ? fs
          .readdirSync(full, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => path.join(d.parentPath, d.name))
          .sort()
      : [full];
    for (const file of files) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const workspaces = ['packages/contracts', 'packages/analyzer', 'apps/api', 'apps/web', 'e2e'];

/**
 * Whether `sources` changed since the work they feed last succeeded (a hash of them, kept in the
 * file `stamp`); `done()` records the current hash once that work succeeded again.
 */
function changedSince(stamp, sources) {
  const wanted = hashFiles(sources);
  const changed = !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== wanted;
  return { changed, done: () => fs.writeFileSync(stamp, wanted) };
}

/** Installs the dependencies when node_modules is missing or the lockfile/manifests changed. */
export function ensureDependencies() {
  const install = changedSince(path.join(root, 'node_modules', '.atende-install'), [
    'package-lock.json',
    'package.json',
    ...workspaces.map((w) => `${w}/package.json`),
  ]);
  if (!install.changed) return;
  // `npm install`, not `npm ci`: the registry reachable here serves only this platform's builds of
  // packages such as Biome, so the lockfile lacks the other platforms' optional entries and
  // `npm ci` refuses it. With a lockfile present, `npm install` installs exactly its versions.
  console.log('Installing dependencies (npm install)…');
  const code = run('npm', ['install', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (code !== 0)
    fail('npm install failed (see above). The npm registry must be reachable for the first start.');
  install.done();
}

/** Builds the web app when its sources changed since the last build. */
export function ensureWebBuild() {
  const build = changedSince(path.join(root, 'apps/web/dist/.build-stamp'), [
    'package-lock.json',
    'apps/web/package.json',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/precompress.ts',
    'apps/web/src',
    'apps/web/public',
    'packages/contracts/package.json',
    'packages/contracts/src',
  ]);
  if (!build.changed) return true;
  console.log('Building the web app…');
  if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) return false;
  build.done();
  return true;
}

/** Bundles the server (scripts/build-server.mjs) when its sources changed since the last build. */
export async function ensureServerBuild() {
  const build = changedSince(path.join(root, 'apps/api/dist/.build-stamp'), [
    'package-lock.json',
    'scripts/build-server.mjs',
    'apps/api/package.json',
    'apps/api/src',
    'apps/api/drizzle',
    ...['packages/contracts', 'packages/analyzer'].flatMap((p) => [`${p}/package.json`, `${p}/src`]),
  ]);
  if (!build.changed) return;
  console.log('Building the server…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  build.done();
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium for the end-to-end tests: installed with apt when we may, never downloaded. */
export function ensureChromium() {
  if (fs.existsSync(chromiumPath)) return true;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (canApt) {
    console.log('Installing Debian’s Chromium for the end-to-end tests (apt-get install chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
  }
  if (fs.existsSync(chromiumPath)) return true;
  console.error(
    `\n✖ Chromium is missing at ${chromiumPath}: the end-to-end tests need Debian's Chromium.\n` +
      '  Install it with:  sudo apt-get install chromium   (or set CHROMIUM_PATH)',
  );
  return false;
}
