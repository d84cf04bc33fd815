import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestTenant, startTestServer, testDatabase } from '../test/helpers.ts';
import { type Database, pipelinedTransactionOf } from './client.ts';
import { tenants } from './schema/index.ts';
import { withTenant } from './tenant.ts';

describe('withTenant and row-level security', () => {
  let database: Database;
  let a: { id: string };
  let b: { id: string };

  beforeAll(async () => {
    database = await testDatabase();
    a = await createTestTenant(database, 'Tenant A');
    b = await createTestTenant(database, 'Tenant B');
  });

  it("shows a tenant none of another tenant's rows", async () => {
    const seen = await withTenant(database.db, a.id, ({ tx }) => tx.select().from(tenants));
    expect(seen.map((t) => t.id)).toEqual([a.id]);
    const byId = await withTenant(database.db, a.id, ({ tx }) =>
      tx.select().from(tenants).where(eq(tenants.id, b.id)),
    );
    expect(byId).toEqual([]);
  });

  it('cannot insert a row for another tenant, and the transaction keeps nothing', async () => {
    const foreignId = randomUUID();
    await expect(
      withTenant(database.db, a.id, ({ tx }) =>
        tx.insert(tenants).values({ id: foreignId, name: 'Intrusa', slug: `x-${foreignId}` }),
      ),
    ).rejects.toThrow();
    const [row] = await database.db.select().from(tenants).where(eq(tenants.id, foreignId));
    expect(row).toBeUndefined();
  });

  it("cannot change or delete another tenant's rows", async () => {
    await withTenant(database.db, a.id, async ({ tx }) => {
      await tx.update(tenants).set({ name: 'Invadido' }).where(eq(tenants.id, b.id));
      await tx.delete(tenants).where(eq(tenants.id, b.id));
    });
    const [row] = await database.db.select().from(tenants).where(eq(tenants.id, b.id));
    expect(row?.name).toBe('Tenant B');
  });

  it('cannot move its own row to another tenant id', async () => {
    await expect(
      withTenant(database.db, a.id, ({ tx }) =>
        tx.update(tenants).set({ id: randomUUID() }).where(eq(tenants.id, a.id)),
      ),
    ).rejects.toThrow();
  });

  it('leaves no role or tenant behind on the connection after the transaction', async () => {
    await withTenant(database.db, a.id, async () => {});
    const result = await database.db.execute(
      sql`select current_user as role, coalesce(current_setting('app.tenant_id', true), '') as tenant`,
    );
    const row = (result as unknown as { rows: { role: string; tenant: string }[] }).rows[0];
    expect(row?.role).not.toBe('app_user');
    expect(row?.tenant).toBe('');
  });

  // The hot path (issue 33): on PostgreSQL, BEGIN, the setup and work's first statement are
  // written at once on the connection; the setup must be in effect for that first statement.
  it('runs the first statement as app_user of the tenant, also pipelined and many at once', async () => {
    expect(pipelinedTransactionOf(database.db) !== undefined).toBe(database.driver === 'postgres');
    const [first] = await withTenant(database.db, a.id, ({ tx }) =>
      tx.execute(sql`select current_user as role, current_setting('app.tenant_id') as tenant`),
    ).then((r) => (r as unknown as { rows: { role: string; tenant: string }[] }).rows);
    expect(first).toEqual({ role: 'app_user', tenant: a.id });
    // No WHERE: row-level security alone keeps each transaction to its tenant, with 40 of them
    // sharing the pool's connections (ten on PostgreSQL) in any order.
    const ids = Array.from({ length: 40 }, (_, i) => (i % 2 ? a.id : b.id));
    const seen = await Promise.all(
      ids.map((id) => withTenant(database.db, id, ({ tx }) => tx.select({ id: tenants.id }).from(tenants))),
    );
    expect(seen).toEqual(ids.map((id) => [{ id }]));
  });

  it('rolls back a failed transaction and leaves the connection to the next tenant clean', async () => {
    const renamed = withTenant(database.db, a.id, async ({ tx }) => {
      await tx.update(tenants).set({ name: 'Desfeito' }).where(eq(tenants.id, a.id));
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(renamed).rejects.toThrow();
    const after = await Promise.all(
      [a.id, b.id, a.id, b.id].map((id) =>
        withTenant(database.db, id, ({ tx }) =>
          tx.select({ id: tenants.id, name: tenants.name }).from(tenants),
        ),
      ),
    );
    expect(after).toEqual([
      [{ id: a.id, name: 'Tenant A' }],
      [{ id: b.id, name: 'Tenant B' }],
      [{ id: a.id, name: 'Tenant A' }],
      [{ id: b.id, name: 'Tenant B' }],
    ]);
  });

  it('sees nothing without a tenant id set, and refuses ids that are not uuids', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      return tx.select().from(tenants);
    });
    expect(rows).toEqual([]);
    expect(() => withTenant(database.db, "x'; drop table tenants; --", async () => {})).toThrow(
      /not a tenant id/,
    );
  });

  it('lets other requests in while a chain of transactions runs (PGlite runs them on this thread)', async () => {
    const server = await startTestServer({ database });
    try {
      let finished = false;
      const chain = (async () => {
        for (let i = 0; i < 400; i++)
          await withTenant(database.db, a.id, ({ tx }) => tx.execute(sql`select count(*) from tenants`));
        finished = true;
      })();
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(finished).toBe(false);
      await chain;
    } finally {
      await server.close();
    }
  });
});
