import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageCounts } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { type ApiCall, type Json, twoTenants } from '../../test/helpers.ts';

// Migration 0025: a list of messages filtered by direction alone reads the tenant's counters
// (message_counts), kept at each commit; its total must stay the exact count of the rows.

describe('messages: totals by direction from the counters', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  const create = async (api: ApiCall, body: Json) => {
    const res = await api('POST', '/messages', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };

  /** The rows' count per direction for a tenant (every kind, or kind = 'message'), as the owner. */
  async function counted(tenantId: string, direction: string, allKinds = false) {
    const result = await t.server.database.db.execute(sql`select count(*)::int as n from messages
      where tenant_id = ${tenantId} and direction = ${direction} ${allKinds ? sql`` : sql`and kind = 'message'`}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  }

  async function expectTotals(api: ApiCall, tenantId: string) {
    for (const direction of ['inbound', 'outbound']) {
      const list = await api('GET', `/messages?direction=${direction}&per_page=1`);
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(await counted(tenantId, direction));
      expect(list.body.total_is_estimate ?? false).toBe(false);
      const all = await api('GET', `/messages?direction=${direction}&kind=all&per_page=1`);
      expect(all.body.total).toBe(await counted(tenantId, direction, true));
      // Past the last page: no row to carry the total, counted alone.
      const past = await api('GET', `/messages?direction=${direction}&per_page=100&page=50`);
      expect(past.body.total).toBe(list.body.total);
    }
    // The unfiltered list (kind 'message') reads the counters too: both directions, exact.
    const unfiltered = await api('GET', '/messages?per_page=1');
    expect(unfiltered.body.total).toBe(
      ((await counted(tenantId, 'inbound')) ?? 0) + ((await counted(tenantId, 'outbound')) ?? 0),
    );
    expect(unfiltered.body.total_is_estimate ?? false).toBe(false);
  }

  it('equal the rows after creates (concurrent ones too) and deletes, per tenant; RLS hides the others', async () => {
    const a = t.a;
    const b = t.b;
    await expectTotals(a.api, a.tenant.id);
    const made = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        create(i % 3 === 0 ? b.api : a.api, {
          content: `Mensagem ${i}`,
          direction: i % 2 === 0 ? 'inbound' : 'outbound',
        }),
      ),
    );
    await expectTotals(a.api, a.tenant.id);
    await expectTotals(b.api, b.tenant.id);
    const before = (await a.api('GET', '/messages?direction=inbound')).body.total;
    // Another tenant's writes change nothing here.
    await create(b.api, { content: 'Só do B' });
    expect((await a.api('GET', '/messages?direction=inbound')).body.total).toBe(before);
    const mine = made.filter((_, i) => i % 3 !== 0);
    for (const m of mine.slice(0, 5)) expect((await a.api('DELETE', `/messages/${m.id}`)).status).toBe(204);
    // B cannot delete ours (404): the counters stay.
    expect((await b.api('DELETE', `/messages/${mine[6]?.id}`)).status).toBe(404);
    await expectTotals(a.api, a.tenant.id);
    await expectTotals(b.api, b.tenant.id);
    const seen = await withTenant(t.server.database.db, a.tenant.id, ({ tx }) =>
      tx.select({ tenantId: messageCounts.tenantId }).from(messageCounts),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.tenantId))).toEqual(new Set([a.tenant.id]));
  });
});
