import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../seed.ts';
import { type Json, signInIdToken } from '../../test/helpers.ts';
import { type ServerProcess, scratchPostgresDatabase, startServerProcess } from '../../test/processes.ts';

// Migration 0025's notification counters under a real deployment: two server processes on one
// PostgreSQL database, alerts raised (a person flagging tickets) and read, cleared, marked all read
// through both at once. The counters must then equal a count of the rows. PGlite serves one
// process: skipped.

const demoPassword = 'Demo#Senha2026';

function apiOn(server: ServerProcess, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
  };
}

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'notification counters across two server processes',
  () => {
    let database: Awaited<ReturnType<typeof scratchPostgresDatabase>> | undefined;
    const servers: ServerProcess[] = [];
    let owner: pg.Client;

    beforeAll(async () => {
      database = await scratchPostgresDatabase();
      const env = {
        DATABASE_URL: database.url,
        DEMO_PASSWORD: demoPassword,
        PUBLIC_URL: 'http://atende.test',
        WORKER_THREADS: '1',
      };
      const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
      for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
      for (const s of started) if (s.status === 'rejected') throw s.reason;
      owner = new pg.Client({ connectionString: database.url });
      await owner.connect();
    }, 60_000);

    afterAll(async () => {
      await owner?.end();
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
    }, 30_000);

    it('equal the rows after alerts, marks and clears sent to both processes at once', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const token = await signInIdToken(a.url, { email: demoEmail, password: demoPassword });
      const apiA = apiOn(a, token);
      const apiB = apiOn(b, token);
      const tickets: string[] = [];
      for (let i = 0; i < 8; i++) {
        const created = await apiA('POST', '/tickets', { title: `Contagem ${i}`, content: `Cliente ${i}` });
        expect(created.status).toBe(201);
        tickets.push(created.body.id);
      }
      // Round 1: every ticket flagged (one alert each), half through each process, while the bell is
      // marked and cleared through both.
      const flagAll = (flagged: boolean) =>
        tickets.map((id, i) => (i % 2 ? apiA : apiB)('PATCH', `/tickets/${id}/flag?flagged=${flagged}`));
      const round1 = await Promise.all([
        ...flagAll(true),
        apiA('POST', '/notifications/mark-all-read', {}),
        apiB('POST', '/notifications/mark-all-read', {}),
      ]);
      expect(round1.map((r) => r.status).filter((s) => s >= 400)).toEqual([]);
      const listed = (await apiB('GET', '/notifications/all?limit=200')).body.notifications as Json[];
      await Promise.all([...flagAll(false)]);
      // Round 2: flagged again (new alerts) while single marks and clears of round 1's go to both.
      const round2 = await Promise.all([
        ...flagAll(true),
        ...listed.map((n, i) =>
          (i % 2 ? apiA : apiB)('POST', i % 3 ? '/notifications/mark-read' : '/notifications/clear', {
            notification_id: n.notification_id,
          }),
        ),
        apiA('POST', '/notifications/clear-all', {}),
      ]);
      expect(round2.map((r) => r.status).filter((s) => s >= 400 && s !== 404)).toEqual([]);
      // Round 3: new alerts again, some read meanwhile: unread ones stay.
      await Promise.all([...flagAll(false)]);
      const fresh = await Promise.all([...flagAll(true), apiB('GET', '/notifications/unread?limit=3')]);
      const some = (fresh.at(-1)?.body.notifications ?? []) as Json[];
      await Promise.all(
        some.map((n, i) =>
          (i % 2 ? apiA : apiB)('POST', '/notifications/mark-read', { notification_id: n.notification_id }),
        ),
      );

      const { rows: counters } = await owner.query(`select user_id, alert_type, priority, total, unread
      from notification_counts where total <> 0 or unread <> 0 order by 1, 2, 3`);
      const { rows: counted } = await owner.query(`select u.id as user_id, n.alert_type, n.priority,
        (count(*) filter (where s.cleared_at is null))::int as total,
        (count(*) filter (where s.cleared_at is null and s.read_at is null))::int as unread
      from users u
      join notifications n on n.tenant_id = u.tenant_id and n.created_at >= u.created_at
      left join notification_states s on s.tenant_id = n.tenant_id and s.user_id = u.id and s.notification_id = n.id
      group by 1, 2, 3
      having (count(*) filter (where s.cleared_at is null)) <> 0
        or (count(*) filter (where s.cleared_at is null and s.read_at is null)) <> 0
      order by 1, 2, 3`);
      expect(counted.length).toBeGreaterThan(0);
      expect(counters).toEqual(counted);
      const stats = await apiA('GET', '/notifications/stats');
      const all = await apiB('GET', '/notifications/all?limit=1');
      expect(stats.body.unread_count).toBeGreaterThan(0);
      expect(stats.body.total).toBe(all.body.total);
    }, 60_000);
  },
);
