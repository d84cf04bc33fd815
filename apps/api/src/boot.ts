import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDbFromConfig, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { loadSecretKey } from './lib/secrets.ts';
import { encryptPlaintextDigisacTokens } from './modules/tenants/tenant-settings.service.ts';
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

/**
 * Config, database, migrations, stored secrets encrypted (DigiSac tokens saved in plaintext
 * before encryption: idempotent), demo seed: what both the server and the admin CLI need.
 */
export async function openDatabase(options: {
  seed: boolean;
}): Promise<{ config: Config; database: Database; seed: SeedResult; warnings: string[] }> {
  const config = loadConfig();
  const database = await createDbFromConfig(config);
  try {
    await database.migrate();
    const secrets = await encryptPlaintextDigisacTokens(database.db, loadSecretKey(config));
    const warnings =
      secrets.otherKey > 0
        ? [
            `${secrets.otherKey} stored DigiSac token(s) were encrypted with another SECRET_KEY and cannot be read: ` +
              'restore that key, or have those tenants type their token again.',
          ]
        : [];
    const seed = options.seed ? await seedDemo(database, config.DEMO_PASSWORD) : { seeded: false };
    return { config, database, seed, warnings };
  } catch (err) {
    await database.close();
    throw err;
  }
}
