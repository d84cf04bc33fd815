import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { disableUser } from '../identity/identity.repo.ts';

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
      expect(events.every((e) => e.event === 'notification' && /^\d+$/.test(e.id))).toBe(true);
      const ids = events.map((e) => Number(e.id));
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
});
