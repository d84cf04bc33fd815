// `npm start`: install what is missing, build the web app and the server if their sources changed
// since their last build, then run the built server with plain node (it migrates, seeds the demo
// tenant on an empty database, and listens).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNode, ensureDependencies, ensureServerBuild, ensureWebBuild, fail, root } from './lib.mjs';

checkNode();
ensureDependencies();
if (!ensureWebBuild()) fail('The web app did not build (see above).');
await ensureServerBuild().catch((err) => fail(`The server did not build: ${err.message}`));

const dist = path.join(root, 'apps/api/dist');
const server = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  // The migrations the build was made with (copied beside it), unless the operator names others.
  env: { MIGRATIONS_DIR: path.join(dist, 'drizzle'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
