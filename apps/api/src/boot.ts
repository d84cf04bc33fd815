import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDbFromConfig, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { type SeedResult, seedDemo } from './seed.ts';

/** Prints one clear line for the errors an operator can cause, and exits 1. */
export function exitOnStartupError(err: unknown): never {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof DataDirLockedError) console.error(`Cannot start: ${err.message}`);
  else if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(
      `Cannot start: the address is in use (${(err as Error).message}). Set PORT to a free port.`,
    );
  } else if ((err as NodeJS.ErrnoException)?.code === 'ECONNREFUSED') {
    console.error(`Cannot reach the database of DATABASE_URL: ${(err as Error).message}`);
  } else console.error('Cannot start:', err);
  process.exit(1);
}

/** Config, database, migrations, demo seed: what both the server and the admin CLI need. */
export async function openDatabase(options: {
  seed: boolean;
}): Promise<{ config: Config; database: Database; seed: SeedResult }> {
  const config = loadConfig();
  const database = await createDbFromConfig(config);
  try {
    await database.migrate();
    const seed = options.seed ? await seedDemo(database, config.DEMO_PASSWORD) : { seeded: false };
    return { config, database, seed };
  } catch (err) {
    await database.close();
    throw err;
  }
}
