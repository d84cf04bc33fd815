import { randomUUID } from 'node:crypto';
import { type AlertType, priorityOf } from '@atende/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../db/schema/index.ts';
import { notifications } from '../../db/schema/index.ts';
import { createTestUser, signedInClient, twoTenants } from '../../test/helpers.ts';
import { pruneNotifications } from './notifications.service.ts';

describe('notifications API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  /** Inserts notifications for a tenant with the owner connection, oldest first. */
  async function insert(tenant: Tenant, types: AlertType[], extra: { createdAt?: Date } = {}) {
    const rows = [];
    for (const [i, alertType] of types.entries()) {
      const [row] = await t.server.database.db
        .insert(notifications)
        .values({
          tenantId: tenant.id,
          alertType,
          priority: priorityOf[alertType],
          title: `Alerta ${i + 1}`,
          message: `Mensagem do alerta ${alertType}`,
          ticketId: randomUUID(),
          messageId: i % 2 === 0 ? randomUUID() : null,
          ...extra,
        })
        .returning();
      if (!row) throw new Error('no row');
      rows.push(row);
    }
    return rows;
  }

  /** Another signed-in user of the tenant (created now: sees only what comes after). */
  async function colleague(tenant: Tenant) {
    const user = await createTestUser(t.server.database, { tenant });
    return signedInClient(t.server, user);
  }

  /** A tenant of its own with two users, so tests do not see each other's notifications. */
  async function freshTenant() {
    const first = await createTestUser(t.server.database);
    const api1 = await signedInClient(t.server, first);
    const api2 = await colleague(first.tenant);
    return { tenant: first.tenant, api1, api2 };
  }

  it('lists unread and all, newest first, with limits, include_read and totals over all pages', async () => {
    const { tenant, api1 } = await freshTenant();
    const rows = await insert(tenant, [
      'red_flags',
      'negative_sentiment',
      'high_complexity',
      'ticket_issues',
    ]);
    const newest = rows.at(-1);
    if (!newest) throw new Error('no rows');

    const unread = await api1('GET', '/notifications/unread');
    expect(unread.status).toBe(200);
    expect(unread.body.total).toBe(4);
    expect(unread.body.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Alerta 4',
      'Alerta 3',
      'Alerta 2',
      'Alerta 1',
    ]);
    expect(unread.body.notifications[0]).toEqual({
      notification_id: newest.id,
      title: 'Alerta 4',
      message: 'Mensagem do alerta ticket_issues',
      priority: 'high',
      alert_type: 'ticket_issues',
      read: false,
      created_at: newest.createdAt.toISOString(),
      details: { ticket_id: newest.ticketId, message_id: null },
    });

    const page = await api1('GET', '/notifications/unread?limit=2');
    expect(page.body.notifications).toHaveLength(2);
    expect(page.body.total).toBe(4);
    expect((await api1('GET', '/notifications/all?limit=')).body.notifications).toHaveLength(4);

    for (const path of [
      '/notifications/unread?limit=201',
      '/notifications/all?limit=0',
      '/notifications/all?limit=x',
    ]) {
      const res = await api1('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.fields[0].field).toBe('querystring.limit');
    }
    const badFlag = await api1('GET', '/notifications/all?include_read=talvez');
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.fields[0].field).toBe('querystring.include_read');

    const [first] = rows;
    if (!first) throw new Error('no rows');
    expect((await api1('POST', '/notifications/mark-read', { notification_id: first.id })).body).toEqual({
      success: true,
      count: 1,
    });
    // Marking again changes nothing.
    expect((await api1('POST', '/notifications/mark-read', { notification_id: first.id })).body.count).toBe(
      0,
    );

    const all = await api1('GET', '/notifications/all');
    expect(all.body.total).toBe(4);
    expect(all.body.notifications.at(-1)).toMatchObject({ notification_id: first.id, read: true });
    const unreadOnly = await api1('GET', '/notifications/all?include_read=false&limit=1');
    expect(unreadOnly.body.total).toBe(3);
    expect(unreadOnly.body.notifications).toHaveLength(1);
    expect((await api1('GET', '/notifications/unread')).body.total).toBe(3);
  });

  it('counts unread by priority and type; total counts every visible one', async () => {
    const { tenant, api1 } = await freshTenant();
    const rows = await insert(tenant, [
      'red_flags',
      'red_flags',
      'escalation_required',
      'negative_sentiment',
      'low_csat_prediction',
      'ticket_notifiable',
    ]);
    const [first] = rows;
    if (!first) throw new Error('no rows');
    await api1('POST', '/notifications/mark-read', { notification_id: first.id });

    const stats = await api1('GET', '/notifications/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      unread_count: 5,
      total: 6,
      by_priority: { high: 2, medium: 2, low: 1 },
      by_type: {
        ticket_issues: 0,
        sla_warning: 0,
        red_flags: 1,
        escalation_required: 1,
        negative_sentiment: 1,
        low_csat_prediction: 1,
        high_complexity: 0,
        ticket_notifiable: 1,
      },
    });
  });

  it('keeps read state per user, and clear hides for the clearing user only, across reloads', async () => {
    const { tenant, api1, api2 } = await freshTenant();
    const [one, two, three] = await insert(tenant, ['red_flags', 'negative_sentiment', 'high_complexity']);
    if (!one || !two || !three) throw new Error('no rows');

    await api1('POST', '/notifications/mark-read', { notification_id: one.id });
    expect((await api1('GET', '/notifications/unread')).body.total).toBe(2);
    expect((await api2('GET', '/notifications/unread')).body.total).toBe(3);

    expect((await api1('POST', '/notifications/clear', { notification_id: two.id })).body).toEqual({
      success: true,
      count: 1,
    });
    const mine = await api1('GET', '/notifications/all');
    expect(mine.body.total).toBe(2);
    expect(mine.body.notifications.map((n: { notification_id: string }) => n.notification_id)).not.toContain(
      two.id,
    );
    // Cleared counts as read.
    expect((await api1('GET', '/notifications/stats')).body).toMatchObject({ unread_count: 1, total: 2 });
    // Only for me.
    const theirs = await api2('GET', '/notifications/all');
    expect(theirs.body.total).toBe(3);
    expect(theirs.body.notifications.every((n: { read: boolean }) => !n.read)).toBe(true);

    // A new sign-in (a reload) still has it cleared; a cleared one cannot be marked or cleared again.
    const reloaded = await api1('GET', '/notifications/all');
    expect(reloaded.body.total).toBe(2);
    expect((await api1('POST', '/notifications/mark-read', { notification_id: two.id })).status).toBe(404);
    expect((await api1('POST', '/notifications/clear', { notification_id: two.id })).status).toBe(404);
  });

  it('mark-all-read and clear-all answer how many changed', async () => {
    const { tenant, api1, api2 } = await freshTenant();
    const [one] = await insert(tenant, [
      'red_flags',
      'negative_sentiment',
      'high_complexity',
      'ticket_issues',
    ]);
    if (!one) throw new Error('no rows');
    await api1('POST', '/notifications/mark-read', { notification_id: one.id });

    expect((await api1('POST', '/notifications/mark-all-read')).body).toEqual({ success: true, count: 3 });
    expect((await api1('POST', '/notifications/mark-all-read', {})).body).toEqual({
      success: true,
      count: 0,
    });
    expect((await api1('GET', '/notifications/unread')).body).toEqual({ notifications: [], total: 0 });
    expect((await api1('GET', '/notifications/stats')).body.unread_count).toBe(0);
    expect((await api2('GET', '/notifications/stats')).body.unread_count).toBe(4);

    await insert(tenant, ['low_csat_prediction']);
    expect((await api1('GET', '/notifications/unread')).body.total).toBe(1);
    expect((await api1('POST', '/notifications/clear-all')).body).toEqual({ success: true, count: 5 });
    expect((await api1('POST', '/notifications/clear-all')).body).toEqual({ success: true, count: 0 });
    expect((await api1('GET', '/notifications/all')).body).toEqual({ notifications: [], total: 0 });
    expect((await api2('GET', '/notifications/all')).body.total).toBe(5);
  });

  it("never shows, marks or clears another tenant's notifications (404)", async () => {
    const [ofA] = await insert(t.a.tenant, ['red_flags']);
    if (!ofA) throw new Error('no rows');
    expect((await t.a.api('GET', '/notifications/all')).body.total).toBeGreaterThan(0);

    expect((await t.b.api('GET', '/notifications/all')).body).toEqual({ notifications: [], total: 0 });
    expect((await t.b.api('GET', '/notifications/unread')).body.total).toBe(0);
    expect((await t.b.api('GET', '/notifications/stats')).body).toMatchObject({ unread_count: 0, total: 0 });
    for (const path of ['/notifications/mark-read', '/notifications/clear']) {
      const res = await t.b.api('POST', path, { notification_id: ofA.id });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect((await t.b.api('POST', path, { notification_id: randomUUID() })).status).toBe(404);
      const bad = await t.b.api('POST', path, { notification_id: 'nao-e-uuid' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields[0].field).toBe('body.notification_id');
    }
    expect((await t.b.api('POST', '/notifications/mark-all-read')).body.count).toBe(0);
    expect((await t.b.api('POST', '/notifications/clear-all')).body.count).toBe(0);
    // Still unread and shown for A.
    const forA = await t.a.api('GET', '/notifications/unread?limit=200');
    expect(forA.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toContain(
      ofA.id,
    );
  });

  it('does not show a user the notifications created before their account', async () => {
    const { tenant, api1 } = await freshTenant();
    const [before] = await insert(tenant, ['red_flags']);
    if (!before) throw new Error('no rows');
    const newcomer = await colleague(tenant);
    const [after] = await insert(tenant, ['negative_sentiment']);
    if (!after) throw new Error('no rows');

    const seen = await newcomer('GET', '/notifications/all');
    expect(seen.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toEqual([
      after.id,
    ]);
    expect((await newcomer('GET', '/notifications/stats')).body).toMatchObject({ unread_count: 1, total: 1 });
    expect((await newcomer('POST', '/notifications/mark-read', { notification_id: before.id })).status).toBe(
      404,
    );
    expect((await newcomer('POST', '/notifications/mark-all-read')).body.count).toBe(1);
    expect((await api1('GET', '/notifications/all')).body.total).toBe(2);
  });

  it('keeps preferences per user; muted types and lower priorities are not listed, counted or marked', async () => {
    const { tenant, api1, api2 } = await freshTenant();
    expect((await api1('GET', '/notifications/preferences')).body).toEqual({
      muted_alert_types: [],
      min_priority: 'low',
    });
    const rows = await insert(tenant, [
      'red_flags',
      'negative_sentiment',
      'high_complexity',
      'ticket_notifiable',
    ]);

    const put = await api1('PUT', '/notifications/preferences', {
      muted_alert_types: ['red_flags', 'red_flags'],
      min_priority: 'medium',
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ muted_alert_types: ['red_flags'], min_priority: 'medium' });
    expect((await api1('GET', '/notifications/preferences')).body).toEqual(put.body);
    expect((await api2('GET', '/notifications/preferences')).body.muted_alert_types).toEqual([]);

    const listed = await api1('GET', '/notifications/all');
    expect(listed.body.total).toBe(1);
    expect(listed.body.notifications[0].alert_type).toBe('negative_sentiment');
    expect((await api1('GET', '/notifications/stats')).body).toMatchObject({
      unread_count: 1,
      total: 1,
      by_priority: { high: 0, medium: 1, low: 0 },
      by_type: { red_flags: 0, negative_sentiment: 1 },
    });
    expect((await api1('POST', '/notifications/mark-all-read')).body.count).toBe(1);
    expect((await api2('GET', '/notifications/unread')).body.total).toBe(4);

    // Only the changed field; unmuting brings the others back, still unread.
    const partial = await api1('PUT', '/notifications/preferences', { min_priority: 'low' });
    expect(partial.body).toEqual({ muted_alert_types: ['red_flags'], min_priority: 'low' });
    expect((await api1('GET', '/notifications/unread')).body.total).toBe(2);
    await api1('PUT', '/notifications/preferences', { muted_alert_types: [] });
    const back = await api1('GET', '/notifications/unread');
    expect(back.body.total).toBe(3);
    expect(back.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toContain(
      rows[0]?.id,
    );

    const cases: [unknown, string, string][] = [
      [{ muted_alert_types: ['nao_existe'] }, 'body.muted_alert_types.0', 'Tipo de alerta desconhecido.'],
      [{ min_priority: 'urgent' }, 'body.min_priority', 'Use high, medium ou low.'],
      [{ muted_alert_types: 'red_flags' }, 'body.muted_alert_types', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await api1('PUT', '/notifications/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields[0].field).toBe(field);
      if (message) expect(res.body.fields[0].message).toBe(message);
    }
  });

  it('prunes notifications older than 90 days, of every tenant', async () => {
    const { tenant, api1 } = await freshTenant();
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
    const [old] = await insert(tenant, ['red_flags'], { createdAt: days(91) });
    const [recent] = await insert(tenant, ['red_flags'], { createdAt: days(89) });
    if (!old || !recent) throw new Error('no rows');

    expect(await pruneNotifications(t.server.database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.server.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.id, [old.id, recent.id]));
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    expect(await pruneNotifications(t.server.database.db, now)).toBe(0);
    await t.server.database.db.delete(notifications).where(eq(notifications.id, recent.id));
    expect((await api1('GET', '/notifications/all')).body.total).toBe(0);
  });
});
