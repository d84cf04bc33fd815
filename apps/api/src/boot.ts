import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDbFromConfig, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { loadSecretKey } from './lib/secrets.ts';
import {
  clearNonOriginDigisacHosts,
  encryptDigisacTokens,
} from './modules/tenants/tenant-settings.service.ts';
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
 * Config, database, migrations, stored secrets encrypted and bound to their tenant (DigiSac
 * tokens saved in plaintext or as `v1:`: idempotent), demo seed: what both the server and the
 * admin CLI need. `readOnly` (the CLI's list commands): config and database only, nothing
 * written, no migration (the caller checks the schema is current: cli/schema-state.ts).
 */
export async function openDatabase(options: {
  seed: boolean;
  readOnly?: boolean;
}): Promise<{ config: Config; database: Database; seed: SeedResult; warnings: string[] }> {
  const config = loadConfig();
  const database = await createDbFromConfig(config);
  if (options.readOnly) return { config, database, seed: { seeded: false }, warnings: [] };
  try {
    await database.migrate();
    const secrets = await encryptDigisacTokens(database.db, loadSecretKey(config));
    const warnings: string[] = [];
    if (secrets.otherKey > 0) {
      warnings.push(
        `${secrets.otherKey} stored DigiSac token(s) were encrypted with another SECRET_KEY and cannot be read: ` +
          'restore that key, or have those tenants type their token again.',
      );
    }
    if (secrets.unreadable > 0) {
      warnings.push(
        `${secrets.unreadable} stored DigiSac token(s) (v1) do not decrypt with this SECRET_KEY and were left as they are: ` +
          'have those tenants type their token again.',
      );
    }
    // Hosts saved before the origin rule (a path, a query…): cleared with their token, logged
    // without the path or query (which may hold a secret).
    const clearedHosts = await clearNonOriginDigisacHosts(database.db);
    if (clearedHosts.length > 0) {
      warnings.push(
        `${clearedHosts.length} stored DigiSac host(s) were not a bare origin (https://name) and were cleared ` +
          `with their token; those tenants must type them again: ${clearedHosts
            .map(({ tenantId, host }) => `${tenantId} (${originOf(host)})`)
            .join(', ')}`,
      );
    }
    const seed = options.seed ? await seedDemo(database, config.DEMO_PASSWORD) : { seeded: false };
    return { config, database, seed, warnings };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** A stored host's origin for a log line (never its path, query or user-info). */
function originOf(host: string) {
  try {
    return new URL(host).origin;
  } catch {
    return 'not a URL';
  }
}
