// `npm run bench [name…]`: runs every bench/*.{mjs,ts} (or those named), each printing its figures;
// bench/lib.ts is shared code, not a bench.
// `npm run bench -- --scale`: runs bench/scale.ts alone (1M tickets on PostgreSQL, minutes);
// `--scale --10m`: the same with 100 tenants (10M tickets; SCALE_TENANTS wins); `--cluster`: runs
// bench/cluster.ts alone (two API processes behind HAProxy, 200 agents, 2 min; `--cluster --long`:
// 10 min). The files a flag selects never run without it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, fail, root } from './lib.mjs';

const flagged = { '--scale': 'scale.ts', '--cluster': 'cluster.ts' };
/** Options of one flagged bench, passed on to it (as an argument, or `env` when it reads that). */
const modifiers = {
  '--long': { bench: 'cluster.ts' },
  '--10m': { bench: 'scale.ts', env: { SCALE_TENANTS: '100' } },
};
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--') && !(a in modifiers));
const options = args.filter((a) => a in modifiers);
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = flags.filter((f) => !(f in flagged));
if (unknown.length)
  fail(
    `unknown option ${unknown.join(', ')} (known: ${[...Object.keys(flagged), ...Object.keys(modifiers)].join(', ')})`,
  );
const stray = options.filter((o) => !flags.some((f) => flagged[f] === modifiers[o].bench));
if (stray.length)
  fail(
    `${stray.join(', ')} goes with ${stray.map((o) => `--${modifiers[o].bench.replace('.ts', '')}`).join(', ')}`,
  );

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
  const own = options.filter((o) => modifiers[o].bench === bench);
  const env = Object.assign({}, ...own.map((o) => modifiers[o].env ?? {}), process.env);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', bench), ...own], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
