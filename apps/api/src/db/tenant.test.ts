import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestTenant, testDatabase } from '../test/helpers.ts';
import type { Database } from './client.ts';
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
});
