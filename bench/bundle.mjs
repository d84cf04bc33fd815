// JavaScript each route downloads, as the server sends it (the build's precompressed .br for
// browsers that accept brotli, .gz otherwise), from the web build's manifest: the entry chunk
// every route shares (against its budget), the sign-in route (entry + the login screen's chunks;
// the Cognito SDK it loads on submit apart), the tickets route (entry + shell + the tickets
// screen's chunks), and each lazy chunk's bytes beyond the entry's. Builds the web app if its
// sources changed. Prints figures; asserts nothing. Standing budget (issue 18): the entry ≤ 120 kB
// on the wire (brotli).
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild, root } from '../scripts/lib.mjs';

const entryBudget = 120_000;

if (!ensureWebBuild()) process.exit(1);
const dist = path.join(root, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Bytes sent for a file in an encoding: its precompressed copy, else the file itself. */
const sent = (file, encoding) => {
  const encoded = path.join(dist, `${file}.${encoding}`);
  return fs.statSync(fs.existsSync(encoded) ? encoded : path.join(dist, file)).size;
};
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** A chunk's key and every chunk it imports statically (what loads with it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}
/** Several chunks with what they import, each chunk once. */
const closureOf = (...keys) => keys.reduce((seen, key) => closure(key, seen), new Set());
const total = (keys, encoding = 'br') =>
  [...keys].reduce((sum, key) => sum + sent(manifest[key].file, encoding), 0);
const figures = (keys) => `${kB(total(keys))} brotli, ${kB(total(keys, 'gz'))} gzip`;
const without = (keys, loaded) => new Set([...keys].filter((key) => !loaded.has(key)));

/** The manifest's key of a source file (a lazy chunk's module). */
const chunkOf = (src) => {
  if (!manifest[src]) throw new Error(`${src} is not a chunk of the web build (moved or renamed?)`);
  return src;
};

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const entry = closure(entryKey);
const entryBr = total(entry);
const verdict = entryBr <= entryBudget ? '✓' : `✗ ${kB(entryBr - entryBudget)} over`;
console.log(
  `entry (every route): ${kB(entryBr)} brotli (budget ${kB(entryBudget)} ${verdict}), ` +
    `${kB(total(entry, 'gz'))} gzip, as sent`,
);

const login = closureOf(entryKey, chunkOf('src/features/auth/components/login-screen.tsx'));
const cognito = without(closure(chunkOf('src/features/auth/api/cognito-client.ts')), login);
console.log(`sign-in route /login: ${figures(login)} (entry + login screen)`);
console.log(
  `  + on submit, Cognito SDK: ${figures(cognito)} (total ${figures(new Set([...login, ...cognito]))})`,
);

const shellKey = chunkOf('src/app/shell/app-shell.tsx');
const tickets = closureOf(entryKey, shellKey, chunkOf('src/features/tickets/components/tickets-screen.tsx'));
console.log(`tickets route /tickets: ${figures(tickets)} (entry + shell + tickets screen)`);

// Every lazy chunk: its bytes beyond the entry's, and its route's total (the shell's panel and
// the protected screens come with the shell; the public screens and the Cognito SDK without).
const shell = closureOf(entryKey, shellKey);
const withoutShell = (key) => key === shellKey || /^src\/features\/auth\//.test(key);
const lazyKeys = [...new Set([entryKey, shellKey].flatMap((key) => manifest[key].dynamicImports ?? []))];
console.log('lazy chunks, brotli, beyond the entry (route total: entry, shell if protected, chunk):');
const rows = [];
for (const key of lazyKeys) {
  const own = closure(key);
  const base = withoutShell(key) ? entry : shell;
  const name = path.basename(manifest[key].src ?? key).replace(/\.(tsx?|js)$/, '');
  rows.push([name, total(without(own, entry)), total(new Set([...base, ...own]))]);
}
for (const [name, bytes, route] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`  + ${name.padEnd(24)} ${kB(bytes).padStart(9)}   (route total ${kB(route)})`);
}
