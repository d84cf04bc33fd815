import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.ts';
import { connectToFakeDigisac, type FakeDigisac, startFakeDigisac } from '../../test/fake-digisac.ts';
import { freshDatabase, type Json, twoTenants } from '../../test/helpers.ts';
import * as repo from './digisac.repo.ts';
import { cancelImport, importStatus, startImport } from './digisac.service.ts';

// The history import and the catch-up sync over a real database and the fake DigiSac: what they
// read goes into the inbox, the workers apply it, and people see it over HTTP.

/** Who the audit log names for imports started here rather than over HTTP. */
const actor = { id: null, email: 'teste@exemplo.com', ip: '127.0.0.1', userAgent: null };

describe('DigiSac ingestion: history import and catch-up sync', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  // Its own database: the jobs it runs take every tenant's work.
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeDigisac;
  const db = () => t.server.database.db;
  const run = (job: string) => t.server.app.workers.runNow(job);
  const asA = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(db(), t.a.tenant.id, work);

  beforeAll(async () => {
    // 150 generated tickets, one every 37 minutes back from now: about 92 hours of history.
    database = await freshDatabase();
    [t, fake] = await Promise.all([
      twoTenants({ DIGISAC_ALLOW_PRIVATE_HOSTS: 'true', DIGISAC_MAX_REQUESTS_PER_SECOND: '100' }, database),
      startFakeDigisac({ tickets: 150, now: new Date() }),
    ]);
    await connectToFakeDigisac(t.a.api, fake.url);
  });
  afterAll(async () => {
    await t?.server.close();
    await database?.close();
    await fake?.close();
  });

  it('imports the tickets updated in the window with their messages, resumably, and says how far it got', async () => {
    const started = await asA((scope) => startImport(scope, actor, 2));
    expect(started.import_id).toBeTruthy();
    // A second one while it runs is refused.
    await expect(asA((scope) => startImport(scope, actor, 2))).rejects.toMatchObject({ code: 'conflict' });
    // One run of the job reads a few pages; the next resumes from the saved position.
    for (let i = 0; i < 20 && (await asA(importStatus)).state === 'running'; i++) await run('digisac-import');
    const status = await asA(importStatus);
    expect(status).toMatchObject({ state: 'done', progress: 1, error: null });
    // Tickets updated in the last 2 days: every 37 minutes, the newest 12 minutes after creation.
    const inWindow = fake
      .tickets()
      .filter((tk) => Date.parse(tk.updatedAt) >= Date.now() - 2 * 86_400_000 - 60_000);
    expect(status.tickets).toBeGreaterThanOrEqual(inWindow.length);
    expect(status.tickets).toBeLessThanOrEqual(inWindow.length + 1);
    expect(status.messages).toBeGreaterThan(status.tickets);
    for (let i = 0; i < 10 && (await run('digisac-inbox')); i++);
    const list = await t.a.api('GET', '/tickets?source=digisac&per_page=100');
    expect(list.body.total).toBe(status.tickets);
    // History notifies nobody.
    const unread = await t.a.api('GET', '/notifications/unread?limit=50');
    const ours = new Set(list.body.tickets.map((tk: Json) => tk.id));
    const old = unread.body.notifications.filter((n: Json) => ours.has(n.details.ticket_id));
    const recent = new Set(
      list.body.tickets
        .filter((tk: Json) => Date.parse(tk.created_at) > Date.now() - 86_400_000)
        .map((tk: Json) => tk.id),
    );
    expect(old.every((n: Json) => recent.has(n.details.ticket_id))).toBe(true);
    // Nothing runs now: cancelling says so.
    await expect(asA(cancelImport)).rejects.toMatchObject({ code: 'conflict' });
  }, 120_000); // ~80 tickets read from the fake and applied: slow on a loaded machine

  it('is started, followed and cancelled over HTTP, with pt-BR errors, and only by its own tenant', async () => {
    const bad = await t.a.api('POST', '/tenants/settings/digisac/import', { days: 91 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'body.days', message: 'Informe de 1 a 90 dias.' }]);
    const started = await t.a.api('POST', '/tenants/settings/digisac/import', { days: 1 });
    expect(started.status).toBe(202);
    expect((await t.a.api('POST', '/tenants/settings/digisac/import', { days: 1 })).status).toBe(409);
    const followed = await t.a.api('GET', '/tenants/settings/digisac/import');
    expect(followed.body).toMatchObject({ state: 'running', tickets: 0, progress: 0 });
    const status = await t.a.api('GET', '/tenants/settings/digisac/status');
    expect(status.body.import).toMatchObject({ state: 'running' });
    // Tenant B sees nothing of it and cannot cancel it.
    expect((await t.b.api('GET', '/tenants/settings/digisac/import')).body.state).toBe('idle');
    expect((await t.b.api('GET', '/tenants/settings/digisac/status')).body.import).toBeNull();
    expect((await t.b.api('DELETE', '/tenants/settings/digisac/import')).status).toBe(409);
    expect((await t.a.api('DELETE', '/tenants/settings/digisac/import')).status).toBe(204);
    expect((await t.a.api('GET', '/tenants/settings/digisac/import')).body.state).toBe('cancelled');
    // The audit log says who started it, in A's organisation only.
    const audit = (await t.a.api('GET', '/audit?action=digisac.import_started')).body.entries;
    expect(audit[0]).toMatchObject({ actor_email: t.a.email, details: { days: 1 } });
    expect((await t.b.api('GET', '/audit?action=digisac.import_started')).body.entries).toEqual([]);
  });

  it('stops a cancelled import at its next page', async () => {
    await asA((scope) => startImport(scope, actor, 4));
    await asA(cancelImport);
    await run('digisac-import');
    expect(await asA(importStatus)).toMatchObject({ state: 'cancelled', tickets: 0 });
  });

  it('repairs a webhook lost in transit within one sync', async () => {
    await asA(({ tenantId, tx }) =>
      repo.saveWebhook(tx, tenantId, { secretHash: 'hash-de-teste', webhookId: 'w-1' }),
    );
    const { ticket } = fake.openTicket({ name: 'Gil Perdido' });
    const lost = fake.addMessage({ ticketId: ticket.id, text: 'Alguém aí? Ninguém me responde' });
    // Never delivered. The sync reads what changed since its cursor.
    await run('digisac-sync');
    await run('digisac-inbox');
    const [made] = (await t.a.api('GET', '/tickets?source=digisac&search=Gil')).body.tickets;
    expect(made).toBeTruthy();
    const messages = (await t.a.api('GET', `/messages?ticket_id=${made.id}`)).body.messages;
    expect(messages.map((m: Json) => m.external_id)).toContain(lost.id);
    const [link] = (
      (await db().execute(sql`select sync_cursor, last_sync_at from digisac_links
      where tenant_id = ${t.a.tenant.id}`)) as unknown as { rows: Json[] }
    ).rows;
    expect(link.sync_cursor).not.toBeNull();
    expect(link.last_sync_at).not.toBeNull();
    // A second sync finds the same message again: stored once.
    await run('digisac-sync');
    await run('digisac-inbox');
    const again = (await t.a.api('GET', `/messages?ticket_id=${made.id}`)).body.messages;
    expect(again.filter((m: Json) => m.external_id === lost.id)).toHaveLength(1);
  });
});

describe('DigiSac ingestion: a 30-day history import', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeDigisac;
  const asA = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.server.database.db, t.a.tenant.id, work);

  beforeAll(async () => {
    // 600 tickets, one every 90 minutes back from now: 37.5 days, about 480 of them in 30 days —
    // ten pages of 50, more than one run of the job reads.
    database = await freshDatabase();
    [t, fake] = await Promise.all([
      twoTenants({ DIGISAC_ALLOW_PRIVATE_HOSTS: 'true', DIGISAC_MAX_REQUESTS_PER_SECOND: '100' }, database),
      startFakeDigisac({ tickets: 600, now: new Date(), spacingMinutes: 90 }),
    ]);
    await connectToFakeDigisac(t.a.api, fake.url);
  });
  afterAll(async () => {
    await t?.server.close();
    await database?.close();
    await fake?.close();
  });

  it('reads every ticket of the window with its messages, saying how far it got on the way', async () => {
    const started = await t.a.api('POST', '/tenants/settings/digisac/import', { days: 30 });
    expect(started.status).toBe(202);
    // The job reads pages for up to 20 s a run (then runs again); the status is asked meanwhile.
    const seen: Json[] = [];
    let running = true;
    const job = (async () => {
      for (let i = 0; i < 10 && (await asA(importStatus)).state === 'running'; i++) {
        await t.server.app.workers.runNow('digisac-import');
      }
    })().finally(() => {
      running = false;
    });
    while (running) {
      seen.push((await t.a.api('GET', '/tenants/settings/digisac/import')).body);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await job;
    seen.push((await t.a.api('GET', '/tenants/settings/digisac/import')).body);
    const last = seen.at(-1) as Json;
    expect(last).toMatchObject({ state: 'done', progress: 1, error: null });
    expect(last.finished_at).not.toBeNull();
    // On the way: running, part of the way there after each page, never going back.
    expect(seen[0]).toMatchObject({ state: 'running', progress: 0, tickets: 0 });
    const midway = seen.filter((s) => s.state === 'running' && s.tickets > 0);
    expect(new Set(midway.map((s) => s.tickets)).size).toBeGreaterThanOrEqual(5);
    for (const s of midway) {
      expect(s.progress).toBeGreaterThan(0);
      expect(s.progress).toBeLessThan(1);
      expect(s.tickets).toBeGreaterThan(0);
      expect(s.tickets).toBeLessThan(last.tickets);
    }
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Every ticket updated in the window, each once, with its messages, waiting in the inbox.
    const inWindow = fake
      .tickets()
      .filter((tk) => Date.parse(tk.updatedAt) >= Date.now() - 30 * 86_400_000 - 60_000);
    expect(inWindow.length).toBeGreaterThan(450);
    expect(last.tickets).toBeGreaterThanOrEqual(inWindow.length);
    expect(last.tickets).toBeLessThanOrEqual(inWindow.length + 1);
    const [inbox] = (
      (await t.server.database.db.execute(sql`select count(*)::int as n from digisac_events
        where tenant_id = ${t.a.tenant.id} and source = 'import'`)) as unknown as { rows: Json[] }
    ).rows;
    expect(inbox.n).toBe(last.tickets + last.messages);
    expect(last.messages).toBeGreaterThan(last.tickets);
    // Tenant B's inbox got nothing.
    const [other] = (
      (await t.server.database.db.execute(sql`select count(*)::int as n from digisac_events
        where tenant_id = ${t.b.tenant.id}`)) as unknown as { rows: Json[] }
    ).rows;
    expect(other.n).toBe(0);
  }, 120_000); // ~500 calls to the fake under the tenant's call limit
});
