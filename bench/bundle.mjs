// JavaScript each route downloads, as the server sends it (the build's precompressed .br for
// browsers that accept brotli, .gz otherwise), from the web build's manifest: the entry chunk
// every route shares, the Cognito SDK the sign-in screens load lazily, and each screen's lazy
// chunks beyond the entry's. Builds the web app if its sources changed. Prints figures; asserts
// nothing. Standing budget (issue 18): the entry ≤ 120 kB on the wire.
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild, root } from '../scripts/lib.mjs';

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
const total = (keys, encoding = 'br') =>
  [...keys].reduce((sum, key) => sum + sent(manifest[key].file, encoding), 0);

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const entry = closure(entryKey);
console.log(`entry (every route): ${kB(total(entry))} brotli, ${kB(total(entry, 'gz'))} gzip, as sent`);

const rows = [];
for (const key of manifest[entryKey].dynamicImports ?? []) {
  const extra = [...closure(key)].filter((k) => !entry.has(k));
  const name = path.basename(manifest[key].src ?? key).replace(/\.(tsx?|js)$/, '');
  rows.push([name, total(extra)]);
}
for (const [name, bytes] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`  + ${name.padEnd(24)} ${kB(bytes).padStart(9)}   (route total ${kB(total(entry) + bytes)})`);
}
