// `npm start`: install what is missing, build the web app if its sources changed, then run the
// server (which migrates, seeds the demo tenant on an empty database, and listens).
import { spawn } from 'node:child_process';
import { checkNode, ensureDependencies, ensureWebBuild, fail, root } from './lib.mjs';

checkNode();
ensureDependencies();
if (!ensureWebBuild()) fail('The web app did not build (see above).');

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
