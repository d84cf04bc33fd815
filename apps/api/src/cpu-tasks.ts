// What the CPU pool's worker threads can do (lib/cpu/): each named export is one task, and the
// pool's `run(name, input)` is typed from this module. It joins modules, so it lives here beside
// app.ts rather than in lib/ (which never imports a module). It is the worker's whole code: the
// source worker (lib/cpu/worker.mjs) imports it through tsx, and the server build bundles it as
// apps/api/dist/worker.mjs.
export { analyzeMessage, analyzeTicket } from './modules/analysis/analysis.tasks.ts';
export { passwordStrength } from './modules/identity/password-strength.ts';
export { srpChallenge, srpVerify } from './modules/identity/srp.tasks.ts';
