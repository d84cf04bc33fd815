// `npm run bench [name…]`: runs every bench/*.{mjs,ts} (or those named), each printing its figures;
// bench/lib.ts is shared code, not a bench.
// `npm run bench -- --scale`: runs bench/scale.ts alone (1M tickets on PostgreSQL, minutes); the
// files a flag selects never run without it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, fail, root } from './lib.mjs';

const flagged = { '--scale': 'scale.ts' };
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = flags.filter((f) => !(f in flagged));
if (unknown.length) fail(`unknown option ${unknown.join(', ')} (known: ${Object.keys(flagged).join(', ')})`);

ensureDependencies();
const byFlag = Object.values(flagged);
const shared = ['lib.ts'];
const benches = flags.length
  ? flags.map((f) => flagged[f])
  : fs
      .readdirSync(path.join(root, 'bench'))
      .filter(
        (f) =>
          /\.(mjs|ts)$/.test(f) &&
          !byFlag.includes(f) &&
          !shared.includes(f) &&
          (wanted.length === 0 || wanted.includes(f.replace(/\.(mjs|ts)$/, ''))),
      );
for (const [flag, file] of Object.entries(flagged)) {
  if (wanted.includes(file.replace(/\.(mjs|ts)$/, ''))) console.log(`bench/${file} runs with ${flag} only`);
}
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
