import { exitOnStartupError, openDatabase } from './boot.ts';
import { demoEmail } from './seed.ts';

const started = performance.now();
// The app's modules load while the database opens (PGlite compiles its WebAssembly off this thread).
const [{ config, database, seed, warnings }, { buildApp }] = await Promise.all([
  openDatabase({ seed: true }).catch(exitOnStartupError),
  import('./app.ts'),
]);
const app = await buildApp({ config, database, workers: true });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, finish the running ones, then close the database (PGlite flushes).
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(forceExit);
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

let address: string;
try {
  address = await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  await app.close().catch(() => {});
  exitOnStartupError(err);
}

// A worker thread starts now, not at the first sign-in (a failure shows at that sign-in again).
app.cpu.warm().catch((err) => app.log.warn({ err }, 'CPU pool warm-up failed'));

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
const publicNote = config.PUBLIC_URL === address ? '' : ` (public URL ${config.PUBLIC_URL})`;
console.log(`\nAtende is up in ${seconds}s: ${address}${publicNote}  (data: ${where})`);
for (const warning of warnings) console.log(`Warning: ${warning}`);
if (seed.seeded) {
  console.log('Seeded the demo tenant "Demonstração" (slug demo).');
  console.log(
    seed.generatedPassword
      ? `Demo sign-in: ${demoEmail} / ${seed.generatedPassword}  (generated; shown only this once — set DEMO_PASSWORD to choose it)`
      : `Demo sign-in: ${demoEmail} with the password in DEMO_PASSWORD`,
  );
  if (seed.weakPasswordReason) {
    console.log(
      `Warning: DEMO_PASSWORD would be refused as a user's own password (${seed.weakPasswordReason}). Fine for a demo; choose a strong one before real use.`,
    );
  }
}
