// JavaScript each route downloads (gzip), from the web build's manifest: the entry chunk every
// route shares, the Cognito SDK the sign-in screens load lazily, and each screen's lazy chunks
// beyond the entry's. Builds the web app if its sources changed. Prints figures; asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureWebBuild, root } from '../scripts/lib.mjs';

if (!ensureWebBuild()) process.exit(1);
const dist = path.join(root, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** A chunk's key and every chunk it imports statically (what loads with it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}
const total = (keys) => [...keys].reduce((sum, key) => sum + gzip(manifest[key].file), 0);

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const entry = closure(entryKey);
console.log(`entry (every route): ${kB(total(entry))} gzip`);

const rows = [];
for (const key of manifest[entryKey].dynamicImports ?? []) {
  const extra = [...closure(key)].filter((k) => !entry.has(k));
  const name = path.basename(manifest[key].src ?? key).replace(/\.(tsx?|js)$/, '');
  rows.push([name, total(extra)]);
}
for (const [name, bytes] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`  + ${name.padEnd(24)} ${kB(bytes).padStart(9)}   (route total ${kB(total(entry) + bytes)})`);
}
