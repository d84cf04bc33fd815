import { randomUUID } from 'node:crypto';
import { type AlertType, alertTypes, priorityOf } from '@atende/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationCounts, notifications, type Tenant } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import {
  type ApiCall,
  createTestUser,
  signedInClient,
  startTestServer,
  type TestServer,
  testDatabase,
} from '../../test/helpers.ts';
import { pruneNotifications } from './notifications.service.ts';

// Migration 0025: each user's notification counts, kept by the transactions that number, read,
// clear or delete notifications and create users, must equal a count of the rows — after any mix
// of those, from two app instances at once (on PostgreSQL: two pools, concurrent transactions).

describe('notification counters', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const database = await testDatabase();
    a = await startTestServer({ database });
    b = await startTestServer({ database });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const db = () => a.database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /** Stores notifications through the owner connection, one transaction each (or all in one). */
  async function insert(tenant: Tenant, types: AlertType[], extra: { createdAt?: Date } = {}) {
    const values = types.map((alertType, i) => ({
      tenantId: tenant.id,
      alertType,
      priority: priorityOf[alertType],
      title: `Alerta ${i + 1}`,
      message: `Mensagem ${alertType}`,
      ticketId: randomUUID(),
      ...extra,
    }));
    return db().insert(notifications).values(values).returning({ id: notifications.id });
  }

  /** Per user, type and priority: the counters, and what a count of the rows says (zeros left out). */
  async function countersAndRows(tenantId: string) {
    const key = (r: { user_id: string; alert_type: string; priority: string }) =>
      `${r.user_id}/${r.alert_type}/${r.priority}`;
    type Row = { user_id: string; alert_type: string; priority: string; total: number; unread: number };
    const counters = rowsOf<Row>(
      await db().execute(sql`select user_id, alert_type, priority, total, unread
        from notification_counts where tenant_id = ${tenantId}`),
    );
    const counted = rowsOf<Row>(
      await db().execute(sql`select u.id as user_id, n.alert_type, n.priority,
          (count(*) filter (where s.cleared_at is null))::int as total,
          (count(*) filter (where s.cleared_at is null and s.read_at is null))::int as unread
        from users u
        join notifications n on n.tenant_id = u.tenant_id and n.created_at >= u.created_at
        left join notification_states s
          on s.tenant_id = n.tenant_id and s.user_id = u.id and s.notification_id = n.id
        where u.tenant_id = ${tenantId}
        group by u.id, n.alert_type, n.priority`),
    );
    const asMap = (rows: Row[]) =>
      Object.fromEntries(
        rows
          .filter((r) => r.total !== 0 || r.unread !== 0)
          .map((r) => [key(r), { total: r.total, unread: r.unread }])
          .sort(([x], [y]) => String(x).localeCompare(String(y))),
      );
    return { counters: asMap(counters), rows: asMap(counted) };
  }

  async function expectExact(tenantId: string) {
    const { counters, rows } = await countersAndRows(tenantId);
    expect(counters).toEqual(rows);
  }

  /** The bell's figures over HTTP against the rows' count for this user (no preferences). */
  async function expectBell(api: ApiCall, tenantId: string, userId: string) {
    const [real] = rowsOf<{ total: number; unread: number }>(
      await db().execute(sql`select
          (count(*) filter (where s.cleared_at is null))::int as total,
          (count(*) filter (where s.cleared_at is null and s.read_at is null))::int as unread
        from users u
        join notifications n on n.tenant_id = u.tenant_id and n.created_at >= u.created_at
        left join notification_states s
          on s.tenant_id = n.tenant_id and s.user_id = u.id and s.notification_id = n.id
        where u.tenant_id = ${tenantId} and u.id = ${userId}`),
    );
    const stats = await api('GET', '/notifications/stats');
    expect(stats.status).toBe(200);
    expect({ total: stats.body.total, unread: stats.body.unread_count }).toEqual(real);
    expect((await api('GET', '/notifications/unread?limit=1')).body.total).toBe(real?.unread);
    expect((await api('GET', '/notifications/all?limit=1')).body.total).toBe(real?.total);
    return real;
  }

  async function member(server: TestServer, tenant?: Tenant) {
    const user = await createTestUser(server.database, { tenant });
    return { ...user, api: await signedInClient(server, user) };
  }

  it('equal a count of the rows after creates, reads, clears, deletes, a prune and a late user', async () => {
    const one = await member(a);
    const two = await member(b, one.tenant);
    const tenant = one.tenant;
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    // Before the users: seen by nobody, counted for nobody.
    await insert(tenant, ['red_flags'], { createdAt: days(100) });
    const created = await insert(tenant, [...alertTypes, ...alertTypes, 'red_flags', 'ticket_issues']);
    await expectExact(tenant.id);
    const first = await expectBell(one.api, tenant.id, one.user.id);
    expect(first?.unread).toBe(created.length);

    const [r1, r2, r3, r4, r5, r6] = created.map((c) => c.id);
    expect((await one.api('POST', '/notifications/mark-read', { notification_id: r1 })).body.count).toBe(1);
    expect((await one.api('POST', '/notifications/mark-read', { notification_id: r1 })).body.count).toBe(0);
    expect((await one.api('POST', '/notifications/clear', { notification_id: r1 })).body.count).toBe(1);
    expect((await one.api('POST', '/notifications/clear', { notification_id: r2 })).body.count).toBe(1);
    expect((await two.api('POST', '/notifications/mark-read', { notification_id: r3 })).status).toBe(200);
    expect((await two.api('POST', '/notifications/clear', { notification_id: r4 })).status).toBe(200);
    await expectExact(tenant.id);
    expect(await expectBell(one.api, tenant.id, one.user.id)).toEqual({
      total: created.length - 2,
      unread: created.length - 2,
    });

    // Preferences apply when reading: muted and low priorities out of the unread count.
    await one.api('PUT', '/notifications/preferences', {
      muted_alert_types: ['red_flags'],
      min_priority: 'medium',
    });
    const muted = await one.api('GET', '/notifications/stats');
    const shown = await withTenant(db(), tenant.id, async ({ tx }) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(
          sql`${notifications.alertType} <> 'red_flags' and ${notifications.priority} in ('medium', 'high')
            and ${notifications.createdAt} >= ${one.user.createdAt.toISOString()}::timestamptz
            and not exists (select 1 from notification_states s where s.user_id = ${one.user.id}
              and s.notification_id = ${notifications.id})`,
        ),
    );
    expect(muted.body.unread_count).toBe(shown[0]?.n);
    await one.api('PUT', '/notifications/preferences', { muted_alert_types: [], min_priority: 'low' });

    expect((await two.api('POST', '/notifications/mark-all-read', {})).status).toBe(200);
    await expectExact(tenant.id);
    expect((await two.api('GET', '/notifications/stats')).body.unread_count).toBe(0);

    // Deleted: read, cleared, unread ones; then a prune of the old ones; then a user comes later.
    await db()
      .delete(notifications)
      .where(inArray(notifications.id, [r1 ?? '', r3 ?? '', r5 ?? '']));
    await expectExact(tenant.id);
    await insert(tenant, ['negative_sentiment'], { createdAt: days(95) });
    await pruneNotifications(db());
    await expectExact(tenant.id);
    const three = await member(a, tenant);
    await insert(tenant, ['red_flags', 'high_complexity']);
    await expectExact(tenant.id);
    expect((await expectBell(three.api, tenant.id, three.user.id))?.unread).toBe(2);
    // Their account moved back a year: they see everything since, counted again at that commit.
    await db().execute(
      sql`update users set created_at = now() - interval '1 year' where id = ${three.user.id}`,
    );
    await expectExact(tenant.id);
    const late = await expectBell(three.api, tenant.id, three.user.id);
    expect(late?.unread).toBeGreaterThan(2);

    expect((await one.api('POST', '/notifications/clear-all', {})).status).toBe(200);
    await db()
      .delete(notifications)
      .where(eq(notifications.id, r6 ?? ''));
    await expectExact(tenant.id);
    for (const user of [one, two, three]) await expectBell(user.api, tenant.id, user.user.id);
  });

  it('stay exact under concurrent creates, marks and clears from two app instances', async () => {
    const one = await member(a);
    const two = await member(b, one.tenant);
    const three = await member(a, one.tenant);
    const tenant = one.tenant;
    const first = await insert(tenant, [...alertTypes, ...alertTypes, ...alertTypes]);
    const ids = first.map((r) => r.id);
    /**
     * Each piece of work, and whether what it marks may be gone first (404): the one deleted, or
     * one its own user clears meanwhile (user one's clear-all, user two's clears) — the requests
     * race, so the clear may commit before the mark.
     */
    const work: { mayBeGone?: boolean; done: Promise<unknown> }[] = [];
    for (const [i, id] of ids.entries()) {
      // Each notification read by two users on both instances at once, some cleared meanwhile.
      const deleted = id === ids[1];
      work.push({
        mayBeGone: true,
        done: one.api('POST', '/notifications/mark-read', { notification_id: id }),
      });
      work.push({
        mayBeGone: deleted || i % 3 === 0,
        done: two.api('POST', '/notifications/mark-read', { notification_id: id }),
      });
      if (i % 3 === 0)
        work.push({
          mayBeGone: deleted,
          done: two.api('POST', '/notifications/clear', { notification_id: id }),
        });
      // New notifications committing meanwhile, each in its own transaction.
      if (i % 2 === 0) work.push({ done: insert(tenant, [alertTypes[i % alertTypes.length] as AlertType]) });
      if (i % 5 === 0) work.push({ done: three.api('POST', '/notifications/mark-all-read', {}) });
    }
    work.push({ done: one.api('POST', '/notifications/clear-all', {}) });
    work.push({
      done: db()
        .delete(notifications)
        .where(eq(notifications.id, ids[1] ?? '')),
    });
    const results = await Promise.allSettled(work.map((w) => w.done));
    const failed = results.flatMap((r, i) => {
      const status = r.status === 'fulfilled' ? (r.value as { status?: number }).status : 'rejected';
      return status === undefined || (typeof status === 'number' && status < 400)
        ? []
        : [{ status, mayBeGone: work[i]?.mayBeGone === true }];
    });
    expect(failed.filter((f) => !(f.mayBeGone && f.status === 404))).toEqual([]);
    await expectExact(tenant.id);
    for (const user of [one, two, three]) await expectBell(user.api, tenant.id, user.user.id);
  });

  it("are the tenant's own: another tenant's notifications and reads change nothing, and RLS hides its rows", async () => {
    const mine = await member(a);
    const theirs = await member(b);
    const [own] = await insert(mine.tenant, ['red_flags', 'negative_sentiment']);
    const before = await mine.api('GET', '/notifications/stats');
    const [other] = await insert(theirs.tenant, ['red_flags', 'red_flags', 'ticket_issues']);
    // Their user cannot mark ours; ours cannot mark theirs.
    expect((await theirs.api('POST', '/notifications/mark-read', { notification_id: own?.id })).status).toBe(
      404,
    );
    expect((await mine.api('POST', '/notifications/clear', { notification_id: other?.id })).status).toBe(404);
    await theirs.api('POST', '/notifications/mark-all-read', {});
    expect((await mine.api('GET', '/notifications/stats')).body).toEqual(before.body);
    expect(before.body.unread_count).toBe(2);
    expect((await theirs.api('GET', '/notifications/stats')).body.unread_count).toBe(0);
    await expectExact(mine.tenant.id);
    await expectExact(theirs.tenant.id);
    // As the app's role in our tenant: only our counters are there, and theirs cannot be written.
    const seen = await withTenant(db(), mine.tenant.id, ({ tx }) =>
      tx.select({ tenantId: notificationCounts.tenantId }).from(notificationCounts),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.tenantId))).toEqual(new Set([mine.tenant.id]));
    await expect(
      withTenant(db(), mine.tenant.id, ({ tx }) =>
        tx.insert(notificationCounts).values({
          tenantId: theirs.tenant.id,
          userId: theirs.user.id,
          alertType: 'red_flags',
          priority: 'high',
          total: 99,
          unread: 99,
        }),
      ),
    ).rejects.toThrow();
  });
});
