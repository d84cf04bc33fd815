import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/index.ts';
import { freshDatabase } from '../../test/helpers.ts';
import { loadSigningKey } from './keys.ts';

describe('the first signing key', () => {
  const opened: Database[] = [];
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
    opened.push(database);
  });
  afterAll(async () => {
    for (const db of opened.reverse()) await db.close();
  });

  it('is one key when several processes create it at once (each would refuse the others’ tokens)', async () => {
    // Other processes: their own connections to the same PostgreSQL (PGlite has one process).
    const url = process.env.TEST_DB === 'postgres' ? database.url : undefined;
    const others = url ? await Promise.all([1, 2, 3].map(() => createDb({ databaseUrl: url }))) : [];
    opened.push(...others);
    const keys = await Promise.all([database, database, ...others].map((db) => loadSigningKey(db.db)));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(await database.db.select().from(signingKeys)).toHaveLength(1);
  });
});
