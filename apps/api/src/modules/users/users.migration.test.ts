import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestTenant, createTestUser, freshDatabase } from '../../test/helpers.ts';

/** The statement of migration 0017 that gives each tenant without an enabled admin its admin. */
function adminBackfill(): string {
  const file = path.join(import.meta.dirname, '../../../drizzle/0017_team_audit.sql');
  const statements = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint');
  const update = statements.find((s) => s.includes('UPDATE "users"'));
  if (!update) throw new Error('0017 has no admin backfill');
  return update;
}

describe('migration 0017: every tenant gets an admin', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  const groupsOf = async (email: string) => {
    const result = (await database.db.execute(
      sql`select groups from users where email = ${email}`,
    )) as unknown as { rows: { groups: string[] }[] };
    return result.rows[0]?.groups;
  };
  const backdate = (email: string, days: number) =>
    database.db.execute(
      sql`update users set created_at = now() - ${days} * interval '1 day' where email = ${email}`,
    );

  it('makes the oldest enabled user of each tenant without an enabled admin its admin, and only them', async () => {
    // No admin: the oldest of two agents becomes it (keeping its other groups).
    const plain = await createTestTenant(database);
    const oldest = await createTestUser(database, { tenant: plain, groups: ['suporte'] });
    const newer = await createTestUser(database, { tenant: plain, groups: [] });
    await backdate(oldest.email, 10);
    // An admin already: nobody changes.
    const led = await createTestTenant(database);
    const admin = await createTestUser(database, { tenant: led, groups: ['admin'] });
    const agent = await createTestUser(database, { tenant: led, groups: [] });
    await backdate(agent.email, 10);
    // The oldest is disabled (and so is the only admin): the oldest enabled one becomes it.
    const lapsed = await createTestTenant(database);
    const disabled = await createTestUser(database, { tenant: lapsed, groups: ['admin'] });
    const enabled = await createTestUser(database, { tenant: lapsed, groups: [] });
    await backdate(disabled.email, 10);
    await database.db.execute(sql`update users set enabled = false where email = ${disabled.email}`);

    await database.db.execute(sql.raw(adminBackfill()));

    expect(await groupsOf(oldest.email)).toEqual(['suporte', 'admin']);
    expect(await groupsOf(newer.email)).toEqual([]);
    expect(await groupsOf(admin.email)).toEqual(['admin']);
    expect(await groupsOf(agent.email)).toEqual([]);
    expect(await groupsOf(enabled.email)).toEqual(['admin']);
    // Run again (as a second deploy would not, but harmless): nothing more changes.
    await database.db.execute(sql.raw(adminBackfill()));
    expect(await groupsOf(newer.email)).toEqual([]);
    expect(await groupsOf(oldest.email)).toEqual(['suporte', 'admin']);
  });
});
