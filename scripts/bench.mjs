// `npm run bench [name…]`: runs every bench/*.{mjs,ts} (or those named), each printing its figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const wanted = process.argv.slice(2);
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter(
    (f) => /\.(mjs|ts)$/.test(f) && (wanted.length === 0 || wanted.includes(f.replace(/\.(mjs|ts)$/, ''))),
  );
let failed = 0;
for (const bench of benches) {
  console.log(`\n== bench/${bench}`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', bench)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
