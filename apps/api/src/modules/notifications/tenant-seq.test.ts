import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTestTenant, testDatabase } from '../../test/helpers.ts';

// Migration 0015's numbering (issue 26, item 9), as the database does it for any writer: the
// server, the seed, the bench, a script with the owner's rights.

const alert = (tenantId: string, title: string) => ({
  tenantId,
  alertType: 'legal_threat',
  priority: 'critical',
  title,
  message: 'Mensagem do alerta',
  ticketId: randomUUID(),
});

describe('notifications.tenant_seq (migration 0015)', () => {
  it('ignores a tenant_seq an insert supplies: the numbers stay 1, 2, 3 and nothing collides at commit', async () => {
    const database = await testDatabase();
    const tenant = await createTestTenant(database);
    // A made-up number, the one the next commit would give…
    await database.db.insert(notifications).values({ ...alert(tenant.id, 'inventado'), tenantSeq: 2 });
    await database.db.insert(notifications).values(alert(tenant.id, 'primeiro'));
    // …and one far ahead.
    await database.db.insert(notifications).values({ ...alert(tenant.id, 'adiante'), tenantSeq: 1_000_000 });
    const rows = await database.db
      .select({ title: notifications.title, tenantSeq: notifications.tenantSeq })
      .from(notifications)
      .where(eq(notifications.tenantId, tenant.id))
      .orderBy(notifications.seq);
    expect(rows).toEqual([
      { title: 'inventado', tenantSeq: 1 },
      { title: 'primeiro', tenantSeq: 2 },
      { title: 'adiante', tenantSeq: 3 },
    ]);
  });

  it('runs its trigger functions with search_path = public, pg_temp (SECURITY DEFINER)', async () => {
    const database = await testDatabase();
    const result = await database.db.execute(
      sql`select proname, proconfig from pg_proc where proname like 'notifications_tenant_seq%' order by proname`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      proname: string;
      proconfig: string[] | null;
    }[];
    expect(rows.map((r) => r.proname)).toContain('notifications_tenant_seq');
    for (const row of rows) expect(row.proconfig, row.proname).toContain('search_path=public, pg_temp');
  });
});
