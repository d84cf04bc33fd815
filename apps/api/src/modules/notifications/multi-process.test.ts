import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../seed.ts';
import { type Json, signInIdToken } from '../../test/helpers.ts';
import { type ServerProcess, scratchPostgresDatabase, startServerProcess } from '../../test/processes.ts';

// A real deployment: two server processes (the production entry) on one PostgreSQL database.
// A notification raised through one process reaches a stream opened on the other (LISTEN/NOTIFY),
// and the same change sent to both at once raises it once. PGlite serves one process: skipped.

const demoPassword = 'Demo#Senha2026';

interface Event {
  id: string;
  event: string;
  data: Json;
  /** When it arrived (Date.now()). */
  at: number;
}

/** An open SSE stream of /notifications/stream read with fetch, resolved once its headers arrived. */
async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: Event[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk, { stream: true });
        for (let cut = text.indexOf('\n\n'); cut >= 0; cut = text.indexOf('\n\n')) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.event) {
            events.push({
              id: fields.id ?? '',
              event: fields.event,
              data: JSON.parse(fields.data ?? 'null'),
              at: Date.now(),
            });
          }
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    events,
    ended,
    /** The first event matching `test`, or undefined after `ms`. */
    async next(test: (e: Event) => boolean, ms: number) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(test);
        if (found || Date.now() >= deadline) return found;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
          waiters.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** A caller of /api/v1 on one process, with a token that may come from another. */
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
type Api = ReturnType<typeof apiOn>;

/** The notifications of one ticket, as /notifications/all lists them (newest 200). */
async function notificationsOf(api: Api, ticketId: string): Promise<Json[]> {
  const all = await api('GET', '/notifications/all?limit=200');
  expect(all.status).toBe(200);
  return all.body.notifications.filter((n: Json) => n.details.ticket_id === ticketId);
}

const typesOf = (rows: Json[]) => rows.map((n) => n.alert_type as string).sort();

describe.skipIf(process.env.TEST_DB !== 'postgres')('notifications across two server processes', () => {
  let database: Awaited<ReturnType<typeof scratchPostgresDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  let apiA: Api;
  let apiB: Api;

  beforeAll(async () => {
    database = await scratchPostgresDatabase();
    // Started together on the empty database, as replicas are: one migrates and seeds the demo
    // tenant, the other waits. One public URL, as behind a load balancer: it is the issuer of
    // the built-in provider's tokens, so a token from one process verifies on the other.
    const env = {
      DATABASE_URL: database.url,
      DEMO_PASSWORD: demoPassword,
      PUBLIC_URL: 'http://atende.test',
      WORKER_THREADS: '1',
      SLA_CHECK_INTERVAL_SECONDS: '1',
    };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = servers as [ServerProcess, ServerProcess];
    // The token comes from A and is used on both (one signing key for all processes: keys.ts).
    token = await signInIdToken(a.url, { email: demoEmail, password: demoPassword });
    apiA = apiOn(a, token);
    apiB = apiOn(b, token);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  }, 30_000);

  async function newTicket(content: string) {
    const created = await apiA('POST', '/tickets', { title: `Chamado ${Date.now()}`, content });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  it('a stream on B receives, within 1 s, the alert raised through A; it exists once', async () => {
    const ticketId = await newTicket('Cliente pede a segunda via do boleto de março.');
    const stream = await openStream(b.url, token);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);

      const flagged = await apiA('PATCH', `/tickets/${ticketId}/flag?flagged=true`);
      const answeredAt = Date.now();
      expect(flagged.status).toBe(200);
      expect(flagged.body.flagged).toBe(true);

      const event = await stream.next((e) => e.data?.details?.ticket_id === ticketId, 5000);
      expect(event, 'no notification event on B within 5 s').toBeDefined();
      expect(event?.event).toBe('notification');
      expect(event?.id).toMatch(/^n1-\d+$/);
      expect(event?.data.alert_type).toBe('ticket_notifiable');
      expect(event?.data.details.ticket_id).toBe(ticketId);
      expect((event?.at ?? Number.POSITIVE_INFINITY) - answeredAt).toBeLessThan(1000);

      const onA = await notificationsOf(apiA, ticketId);
      const onB = await notificationsOf(apiB, ticketId);
      expect(onA).toHaveLength(1);
      expect(onA[0].notification_id).toBe(event?.data.notification_id);
      expect(onB).toEqual(onA);

      // Nothing else for that ticket reaches the stream (no duplicate delivery).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events.filter((e) => e.data?.details?.ticket_id === ticketId)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('the same flag sent to A and B at once raises ticket_notifiable once', async () => {
    // A few tickets at once, so that some requests really meet in the database.
    const ticketIds = await Promise.all(
      Array.from({ length: 4 }, (_, i) => newTicket(`Cliente pergunta pelo prazo da entrega ${i}.`)),
    );
    const stream = await openStream(a.url, token);
    try {
      const answers = await Promise.all(
        ticketIds.flatMap((id) => [
          apiA('PATCH', `/tickets/${id}/flag?flagged=true`),
          apiB('PATCH', `/tickets/${id}/flag?flagged=true`),
        ]),
      );
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
      for (const id of ticketIds) {
        expect(typesOf(await notificationsOf(apiB, id)), id).toEqual(['ticket_notifiable']);
      }
      for (const id of ticketIds) {
        expect(await stream.next((e) => e.data?.details?.ticket_id === id, 2000), id).toBeDefined();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const id of ticketIds) {
        expect(stream.events.filter((e) => e.data?.details?.ticket_id === id)).toHaveLength(1);
      }
    } finally {
      stream.close();
    }
  });

  it('the same forced analysis sent to A and B at once raises each alert once', async () => {
    const ticketId = await newTicket(
      'Vou processar vocês, já abri reclamação no procon. Péssimo atendimento!',
    );
    const answers = await Promise.all([
      apiA('POST', `/tickets/${ticketId}/analyze`, { force_reanalysis: true }),
      apiB('POST', `/tickets/${ticketId}/analyze`, { force_reanalysis: true }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.flagged)).toEqual([true, true]);
    const types = typesOf(await notificationsOf(apiA, ticketId));
    // The analysis finds red flags: they and the automatic flag are raised, each exactly once.
    expect(types).toEqual(expect.arrayContaining(['red_flags', 'ticket_notifiable']));
    expect(types).toEqual([...new Set(types)]);
  });

  /** One statement on the scratch database as its owner (what a test plays: time going by). */
  async function owner<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** The pids of the processes holding the periodic jobs' leader lock (db/leader-lock.ts). */
  const leaders = async () =>
    (
      await owner<{ application_name: string }>(
        `select a.application_name from pg_locks l join pg_stat_activity a using (pid)
         where l.locktype = 'advisory' and l.granted and l.objsubid = 1
           and l.database = (select oid from pg_database where datname = current_database())
           and ((l.classid::bigint << 32) | l.objid::bigint) = 7201400502`,
      )
    ).map((r) => Number(r.application_name.split(':')[1]));

  /** A ticket whose customer has waited 45 minutes (the demo tenant's limit is 30). */
  async function lateTicket() {
    const id = await newTicket('Cliente aguarda a confirmação da entrega.');
    await owner(
      `update tickets set wait_started_at = wait_started_at - interval '45 minutes' where id = $1`,
      [id],
    );
    return id;
  }

  async function waitForIssues(api: Api, ticketId: string, ms: number) {
    const deadline = Date.now() + ms;
    let found: Json[] = [];
    while (Date.now() < deadline) {
      found = (await notificationsOf(api, ticketId)).filter((n) => n.alert_type === 'ticket_issues');
      if (found.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return found;
  }

  // Last: it stops the leading process.
  it('one process leads the SLA monitor (one alert per episode); when it dies the other takes over', async () => {
    const pids = servers.map((s) => s.child.pid);
    const [leader, ...others] = await leaders();
    expect(others).toEqual([]);
    expect(pids).toContain(leader);

    const late = await lateTicket();
    expect(await waitForIssues(apiB, late, 5_000)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // two more checks, on both processes
    expect((await notificationsOf(apiA, late)).filter((n) => n.alert_type === 'ticket_issues')).toHaveLength(
      1,
    );

    const leading = servers.find((s) => s.child.pid === leader);
    const survivor = servers.find((s) => s.child.pid !== leader);
    if (!leading || !survivor) throw new Error('no leader among the servers');
    await leading.stop();
    const api = apiOn(survivor, token);
    const created = await api('POST', '/tickets', { title: 'Depois da troca', content: 'Ainda aguardo.' });
    expect(created.status).toBe(201);
    await owner(
      `update tickets set wait_started_at = wait_started_at - interval '45 minutes' where id = $1`,
      [created.body.id],
    );
    expect(await waitForIssues(api, created.body.id, 8_000)).toHaveLength(1);
    expect(await leaders()).toEqual([survivor.child.pid]);
  }, 30_000);
});
