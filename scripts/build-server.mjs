// `npm run build` (server half): bundles the API with esbuild into apps/api/dist, so production
// runs plain `node` (no TypeScript loader at run time):
// - server.mjs: the server (apps/api/src/server.ts) with our workspace packages;
// - worker.mjs: the CPU pool's worker threads (cpu-tasks.ts), an entry of its own;
// - *-[hash].mjs chunks: code both share, and code loaded on first use (dynamic imports);
// - drizzle/: the migrations the build was made with (start.mjs points MIGRATIONS_DIR at them).
// npm packages stay in node_modules (imported at run time): several find their own files next to
// them (PGlite's wasm, argon2's native addon, piscina's and pino's worker scripts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

export const serverDist = path.join(root, 'apps/api/dist');

/** Builds into `outdir` (default apps/api/dist); resolves with the files written. */
export async function buildServer(outdir = serverDist) {
  const { build } = await import('esbuild');
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      server: 'apps/api/src/server.ts',
      worker: 'apps/api/src/cpu-tasks.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    // Code split at dynamic imports: what a start does not need (the seed's analyzer, PostgreSQL's
    // driver on PGlite, the mail and LLM SDKs) loads when first used.
    splitting: true,
    // Flat beside the entries: code in any chunk finds worker.mjs next to itself (lib/cpu/pool.ts).
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  fs.cpSync(path.join(root, 'apps/api/drizzle'), path.join(outdir, 'drizzle'), { recursive: true });
  return fs.readdirSync(outdir);
}

/** Every bare import is an npm package left to node_modules, except our own workspaces (TS source). */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@atende/') ? undefined : { path: args.path, external: true },
    );
  },
};

// `node scripts/build-server.mjs [outdir]` (the build's test builds into a directory of its own).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outdir = path.resolve(process.argv[2] ?? serverDist);
  const files = await buildServer(outdir);
  console.log(`server built into ${path.relative(root, outdir)}: ${files.join(', ')}`);
}
