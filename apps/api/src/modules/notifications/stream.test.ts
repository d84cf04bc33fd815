import { randomUUID } from 'node:crypto';
import { type AlertType, priorityOf } from '@atende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { createDomainEvents } from '../../reactions.ts';
import {
  createTestUser,
  type Json,
  signedInClient,
  signInIdToken,
  startTestServer,
  type TestServer,
  testDatabase,
} from '../../test/helpers.ts';
import { disableUser } from '../identity/users.service.ts';

interface Event {
  id: string;
  event: string;
  data: string;
  /** When it arrived (Date.now()). */
  at: number;
}

/** An open SSE stream read with fetch: its parsed events, and a way to wait for some. */
async function openStream(server: TestServer, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/v1/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  const events: Event[] = [];
  const waiters: (() => void)[] = [];
  let text = '';
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk, { stream: true });
        let cut = text.indexOf('\n\n');
        while (cut >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(':'))
              .map((line) => [
                line.slice(0, line.indexOf(':')),
                line.slice(line.indexOf(':') + 1).trimStart(),
              ]),
          );
          if (fields.event) events.push({ ...(fields as unknown as Event), at: Date.now() });
          for (const wake of waiters.splice(0)) wake();
          cut = text.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    events,
    ended: done,
    /** Resolves with the events once there are `n`, or after `ms` with whatever arrived. */
    async waitFor(n: number, ms = 1000) {
      const deadline = Date.now() + ms;
      while (events.length < n && Date.now() < deadline) {
        await Promise.race([
          new Promise<void>((resolve) => waiters.push(resolve)),
          new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
        ]);
      }
      return events;
    },
    close: () => controller.abort(),
  };
}

/** The tenant's number in an event id (`n1-<tenant_seq>`); NaN for any other shape. */
const numberOf = (id: string) => (/^n1-\d+$/.test(id) ? Number(id.slice(3)) : Number.NaN);

describe('GET /notifications/stream', () => {
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

  async function signedIn(server: TestServer, tenant?: Awaited<ReturnType<typeof createTestUser>>['tenant']) {
    const user = await createTestUser(server.database, { tenant });
    return { ...user, token: await signInIdToken(server.url, user), api: await signedInClient(server, user) };
  }

  /** A ticket with red flags, analysed: its alerts are created (and NOTIFYed) on commit. */
  async function raise(api: Awaited<ReturnType<typeof signedIn>>['api']) {
    const ticket = await api('POST', '/tickets', {
      content: 'Vou processar vocês, já abri reclamação no procon. Péssimo atendimento!',
    });
    expect(ticket.status).toBe(201);
    expect((await api('POST', `/tickets/${ticket.body.id}/analyze`, { force_reanalysis: true })).status).toBe(
      200,
    );
    // Committed before the answer: the time a stream's delay is measured from (an upper bound).
    const committedAt = Date.now();
    const all = await api('GET', '/notifications/all?limit=200');
    const created: Json[] = all.body.notifications.filter(
      (n: { details: { ticket_id: string } }) => n.details.ticket_id === ticket.body.id,
    );
    return Object.assign(created, { committedAt });
  }

  it('answers 401 without a token', async () => {
    const res = await fetch(`${a.url}/api/v1/notifications/stream`);
    expect(res.status).toBe(401);
    const url = new URL(`${a.url}/api/v1/notifications/stream`);
    const viaQuery = await fetch(`${url}?access_token=x&token=x`);
    expect(viaQuery.status).toBe(401);
  });

  it('pushes a new notification within 1 s, with its seq and the list shape; other tenants get nothing', async () => {
    const one = await signedIn(a);
    const other = await signedIn(a);
    const old = await raise(one.api);
    expect(old.length).toBeGreaterThan(0);
    const stream = await openStream(a, one.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toBe('no-store');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    const foreign = await openStream(a, other.token);
    try {
      const created = await raise(one.api);
      const events = await stream.waitFor(created.length);
      const delay = Math.max(...events.map((e) => e.at)) - created.committedAt;
      expect(
        events
          .map((e) => JSON.parse(e.data))
          .sort((x, y) => x.notification_id.localeCompare(y.notification_id)),
      ).toEqual([...created].sort((x, y) => x.notification_id.localeCompare(y.notification_id)));
      expect(events.every((e) => e.event === 'notification' && /^n1-\d+$/.test(e.id))).toBe(true);
      const ids = events.map((e) => numberOf(e.id));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(delay).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(foreign.events).toEqual([]);
      expect(stream.events).toHaveLength(created.length); // nothing older than the connection
    } finally {
      stream.close();
      foreign.close();
    }
  });

  it('replays what came after Last-Event-ID', async () => {
    const one = await signedIn(a);
    const first = await openStream(a, one.token);
    const created = await raise(one.api);
    const events = await first.waitFor(created.length);
    first.close();
    const firstId = events[0]?.id ?? '';
    const again = await openStream(a, one.token, { 'last-event-id': firstId });
    try {
      const replayed = await again.waitFor(created.length - 1);
      expect(replayed.map((e) => e.id)).toEqual(events.slice(1).map((e) => e.id));
      const more = await raise(one.api);
      const all = await again.waitFor(created.length - 1 + more.length);
      expect(all).toHaveLength(created.length - 1 + more.length);
    } finally {
      again.close();
    }
  });

  it('delivers to a stream on another app instance within 1 s', async () => {
    const one = await signedIn(a);
    const colleague = await signedIn(b, one.tenant);
    const onB = await openStream(b, colleague.token);
    try {
      const created = await raise(one.api);
      const events = await onB.waitFor(created.length);
      expect(Math.max(...events.map((e) => e.at)) - created.committedAt).toBeLessThan(1000);
      expect(events.map((e) => JSON.parse(e.data).notification_id).sort()).toEqual(
        created.map((n: { notification_id: string }) => n.notification_id).sort(),
      );
    } finally {
      onB.close();
    }
  });

  it('ends open streams when the app closes', async () => {
    const database = await testDatabase();
    const c = await startTestServer({ database });
    const one = await signedIn(c);
    const stream = await openStream(c, one.token);
    expect(stream.res.status).toBe(200);
    const closing = Date.now();
    await c.close();
    await stream.ended;
    expect(Date.now() - closing).toBeLessThan(2000);
  });

  it("ends a user's streams, on every app, when the user is disabled", async () => {
    const one = await signedIn(a);
    const colleague = await signedIn(a, one.tenant);
    const onA = await openStream(a, one.token);
    const onB = await openStream(b, one.token);
    const theirs = await openStream(a, colleague.token);
    expect([onA.res.status, onB.res.status, theirs.res.status]).toEqual([200, 200, 200]);
    const disabledAt = Date.now();
    // As the admin CLI does: its own event bus, with no reactions of its own.
    await disableUser(a.database.db, createDomainEvents(), one.email);
    await Promise.all([onA.ended, onB.ended]);
    expect(Date.now() - disabledAt).toBeLessThan(1000);
    // A colleague's stream goes on, and the disabled user cannot open another.
    const next = await openStream(a, one.token);
    // 403 within the revocation cache's few seconds (the viewer is disabled), 401 after.
    expect([401, 403]).toContain(next.res.status);
    await raise(colleague.api);
    expect((await theirs.waitFor(1)).length).toBeGreaterThan(0);
    theirs.close();
  });

  /** Stores notifications of the tenant as the owner, oldest first (announced to nobody). */
  async function store(server: TestServer, tenantId: string, types: AlertType[], title: string) {
    await server.database.db.insert(notifications).values(
      types.map((alertType, i) => ({
        tenantId,
        alertType,
        priority: priorityOf[alertType],
        title: `${title} ${i + 1}`,
        message: 'Mensagem do alerta',
        ticketId: randomUUID(),
      })),
    );
  }

  /** A stream expected to be refused: its status, Retry-After and JSON body. */
  async function refusal(server: TestServer, token: string) {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/v1/notifications/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (res.status === 200) {
      controller.abort(); // accepted: an event stream, which would never end
      return { status: res.status, retryAfter: Number.NaN, body: undefined as Json, connection: null };
    }
    const body: Json = await res.json();
    const connection = res.headers.get('connection');
    return { status: res.status, retryAfter: Number(res.headers.get('retry-after')), body, connection };
  }

  /** Retries `open` for up to 3 s until it answers 200 (a closed socket is seen a moment later). */
  async function openWhenFree(server: TestServer, token: string) {
    const deadline = Date.now() + 3000;
    for (;;) {
      const stream = await openStream(server, token);
      if (stream.res.status === 200 || Date.now() > deadline) return stream;
      stream.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  describe('limits (issue 26, item 3)', () => {
    let c: TestServer;
    beforeAll(async () => {
      c = await startTestServer({
        database: a.database,
        env: { NOTIFICATION_STREAMS_PER_TENANT: '3', NOTIFICATION_REPLAY_WINDOW: '50' },
      });
    });
    afterAll(() => c.close());

    it("refuses a user's sixth stream with a pt-BR 429 naming the limit and Retry-After; a closed one frees its place", async () => {
      const one = await signedIn(a);
      const colleague = await signedIn(a, one.tenant);
      const streams: Awaited<ReturnType<typeof openStream>>[] = [];
      try {
        for (let i = 0; i < 5; i++) streams.push(await openStream(a, one.token));
        expect(streams.map((s) => s.res.status)).toEqual([200, 200, 200, 200, 200]);
        // Before: every one was accepted, up to the process's HTTP_MAX_CONNECTIONS for everybody.
        for (let i = 0; i < 3; i++) {
          const { status, retryAfter, body, connection } = await refusal(a, one.token);
          expect(status).toBe(429);
          expect(retryAfter).toBeGreaterThan(0);
          // Not held idle against the process's connection cap until the keep-alive timeout.
          expect(connection).toBe('close');
          expect(body.code).toBe('rate_limited');
          expect(body.detail).toMatch(/5 conexões/);
          expect(body.detail).toMatch(/por usuário/);
        }
        // The five go on; a colleague is not affected; nor is the user on another process.
        const theirs = await openStream(a, colleague.token);
        const elsewhere = await openStream(b, one.token);
        streams.push(theirs, elsewhere);
        expect([theirs.res.status, elsewhere.res.status]).toEqual([200, 200]);
        const created = await raise(one.api);
        for (const s of streams.slice(0, 5))
          expect(await s.waitFor(created.length)).toHaveLength(created.length);
        // A closed stream frees its place.
        streams[0]?.close();
        const again = await openWhenFree(a, one.token);
        streams.push(again);
        expect(again.res.status).toBe(200);
      } finally {
        for (const s of streams) s.close();
      }
    });

    it("refuses streams past the tenant's cap per process (429 naming it); other tenants go on", async () => {
      const one = await signedIn(c);
      const users = [one, await signedIn(c, one.tenant), await signedIn(c, one.tenant)];
      const fourth = await signedIn(c, one.tenant);
      const stranger = await signedIn(c);
      const streams: Awaited<ReturnType<typeof openStream>>[] = [];
      try {
        for (const user of users) streams.push(await openStream(c, user.token));
        expect(streams.map((s) => s.res.status)).toEqual([200, 200, 200]);
        const { status, retryAfter, body } = await refusal(c, fourth.token);
        expect(status).toBe(429);
        expect(retryAfter).toBeGreaterThan(0);
        expect(body.code).toBe('rate_limited');
        expect(body.detail).toMatch(/3 conexões/);
        expect(body.detail).toMatch(/organização/);
        const other = await openStream(c, stranger.token);
        streams.push(other);
        expect(other.res.status).toBe(200);
        streams[1]?.close();
        const now = await openWhenFree(c, fourth.token);
        streams.push(now);
        expect(now.res.status).toBe(200);
      } finally {
        for (const s of streams) s.close();
      }
    });

    it("a replay reads only the tenant's newest notifications (NOTIFICATION_REPLAY_WINDOW), however many are muted", async () => {
      const one = await signedIn(c);
      // An id as the stream writes them: the last event of a live push.
      const live = await openStream(c, one.token);
      const created = await raise(one.api);
      const seen = await live.waitFor(created.length);
      live.close();
      const lastId = seen.at(-1)?.id ?? '';
      expect(lastId).not.toBe('');
      // Then 5 the viewer sees, under 60 of a type they mute (think of 90 days of them).
      await store(c, one.tenant.id, Array(5).fill('red_flags'), 'Antigo');
      await store(c, one.tenant.id, Array(60).fill('high_complexity'), 'Silenciado');
      const muted = await one.api('PUT', '/notifications/preferences', {
        muted_alert_types: ['high_complexity'],
      });
      expect(muted.status).toBe(200);
      // Before: the replay walked back over every muted row to reach the 5. Now it reads the
      // newest 50 of the tenant, all muted: nothing is sent (the lists still show the 5).
      const replay = await openStream(c, one.token, { 'last-event-id': lastId });
      try {
        expect(replay.res.status).toBe(200);
        expect(await replay.waitFor(1, 500)).toEqual([]);
      } finally {
        replay.close();
      }
      // What the viewer sees inside the window is replayed, oldest first.
      await store(c, one.tenant.id, ['red_flags', 'red_flags'], 'Recente');
      const resumed = await openStream(c, one.token, { 'last-event-id': lastId });
      try {
        const events = await resumed.waitFor(2);
        expect(events.map((e) => JSON.parse(e.data).title)).toEqual(['Recente 1', 'Recente 2']);
      } finally {
        resumed.close();
      }
    });
  });

  describe('ids and order (issue 26, item 9)', () => {
    it("numbers each tenant's events by itself, n1-1, n1-2…: other tenants' alerts leave no gap", async () => {
      const one = await signedIn(a);
      const other = await signedIn(a);
      const stream = await openStream(a, one.token);
      try {
        const first = await raise(one.api);
        await raise(other.api);
        const second = await raise(one.api);
        const events = await stream.waitFor(first.length + second.length);
        expect(events.map((e) => e.id)).toEqual(events.map((_, i) => `n1-${i + 1}`));
      } finally {
        stream.close();
      }
    });

    it('a numeric Last-Event-ID (the old platform-wide seq) counts as absent', async () => {
      const one = await signedIn(a);
      const created = await raise(one.api);
      const legacy = await openStream(a, one.token, { 'last-event-id': '0' });
      const current = await openStream(a, one.token, { 'last-event-id': 'n1-0' });
      try {
        expect(await legacy.waitFor(1, 500)).toEqual([]);
        const replayed = await current.waitFor(created.length);
        expect(replayed.map((e) => JSON.parse(e.data).notification_id).sort()).toEqual(
          created.map((n: { notification_id: string }) => n.notification_id).sort(),
        );
      } finally {
        legacy.close();
        current.close();
      }
    });

    // PGlite has one connection: two transactions cannot overlap there.
    it.skipIf(process.env.TEST_DB !== 'postgres')(
      'pushes a notification inserted before a newer one but committed after the stream opened',
      async () => {
        const one = await signedIn(a);
        const events = createDomainEvents();
        const insertAndAnnounce = async (tx: Tx, title: string) => {
          const [row] = await tx
            .insert(notifications)
            .values({
              tenantId: one.tenant.id,
              alertType: 'red_flags',
              priority: priorityOf.red_flags,
              title,
              message: 'Mensagem do alerta',
              ticketId: randomUUID(),
            })
            .returning({ seq: notifications.seq });
          const seq = row?.seq ?? 0;
          await events.publish(tx, one.tenant.id, 'notifications.created', { first_seq: seq, last_seq: seq });
        };
        let inserted = () => {};
        let commit = () => {};
        const slowInserted = new Promise<void>((resolve) => {
          inserted = resolve;
        });
        const committing = new Promise<void>((resolve) => {
          commit = resolve;
        });
        const slow = a.database.db.transaction(async (tx) => {
          await insertAndAnnounce(tx, 'Lento');
          inserted();
          await committing;
        });
        let stream: Awaited<ReturnType<typeof openStream>> | undefined;
        try {
          await slowInserted;
          // A newer notification commits first, then the stream opens, then the older one commits.
          await a.database.db.transaction((tx) => insertAndAnnounce(tx, 'Rápido'));
          stream = await openStream(a, one.token);
          expect(stream.res.status).toBe(200);
          commit();
          await slow;
          const pushed = await stream.waitFor(1, 2000);
          expect(pushed.map((e) => JSON.parse(e.data).title)).toEqual(['Lento']);
        } finally {
          commit();
          await slow;
          stream?.close();
        }
      },
    );
  });
});
