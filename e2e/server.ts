// The e2e server: the real one (migrate, demo seed, listen), started after adding the fixture
// users that the specs sign in as. Runs in the server's environment (see playwright.config.ts).
import { openDatabase } from '../apps/api/src/boot.ts';
import { CpuPool } from '../apps/api/src/lib/cpu/pool.ts';
import { AppError } from '../apps/api/src/lib/errors.ts';
import { createUser, type NewUser } from '../apps/api/src/modules/identity/users.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { fixtureUsers, otherTenant } from './fixtures.ts';

const { database } = await openDatabase({ seed: true });
// The passwords are checked against the policy on a pool of their own, as the seed does.
const cpu = new CpuPool(1);
try {
  await createTenant(database.db, otherTenant).catch(ignoreConflict);
  for (const user of fixtureUsers satisfies NewUser[])
    await createUser(database.db, user, cpu).catch(ignoreConflict);
} finally {
  await Promise.all([database.close(), cpu.close()]);
}
await import('../apps/api/src/server.ts');

function ignoreConflict(err: unknown) {
  if (!(err instanceof AppError && err.code === 'conflict')) throw err;
}
