import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { compactVerify, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions, pushTicketMarks } from '../../db/schema/index.ts';
import {
  createTestUser,
  freshDatabase,
  type Json,
  signedInClient,
  startTestServer,
  type TestServer,
  twoTenants,
} from '../../test/helpers.ts';
import { disableUser } from '../identity/users.service.ts';
import { loadVapidKeys } from './push.keys.ts';
import { topicOf } from './push.service.ts';

// Web Push end to end (issue 34), over real HTTP: a subscribed device is a key pair made here
// (ECDH P-256 + a 16-byte auth secret, as a browser makes them) and a local fake push service
// that records each request and decrypts its body (aes128gcm, RFC 8291) with the device's private
// key. The fake speaks http:// on 127.0.0.1, which the server calls only because this test sets
// PUSH_ALLOW_PRIVATE_HOSTS=true (production: https: and public addresses only); making an https
// fake would need an X.509 certificate, which node:crypto cannot issue.

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer;
};

interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: ReturnType<typeof createECDH>;
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: Json;
  at: number;
}

/** The fake push service: answers what `answers[path]` says (201 by default), decrypts the rest. */
function fakePushService() {
  const devices = new Map<string, Device>();
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const queued = answers.get(path);
      const status = queued?.shift() ?? 201;
      const device = devices.get(path);
      let payload: Json = null;
      if (device) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        payload = JSON.parse(plain.toString('utf8'));
      }
      received.push({ path, headers: req.headers, payload, at: Date.now() });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : 'falhou');
    });
  });
  return {
    received,
    answers,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    device(base: string): Device {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${randomBytes(12).toString('hex')}`;
      const device = {
        endpoint: `${base}${path}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
        ecdh,
      };
      devices.set(path, device);
      return device;
    },
    to: (device: Device) => received.filter((r) => device.endpoint.endsWith(r.path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const subscription = (d: Device) => ({
  endpoint: d.endpoint,
  expirationTime: null,
  keys: { p256dh: d.p256dh, auth: d.auth },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

const angry =
  'Cliente: Comprei há 20 dias e até agora nada. Péssimo atendimento, estou furioso! Vou reclamar no Procon e chamar meu advogado!';

describe('Web Push', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  const push = fakePushService();
  let base: string;

  beforeAll(async () => {
    base = await push.start();
    t = await twoTenants({ PUSH_ALLOW_PRIVATE_HOSTS: 'true' });
  });
  afterAll(async () => {
    await t.server.close();
    await push.close();
  });

  const db = () => t.server.database.db;
  const devicesOf = (userId: string) =>
    db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const angryTicket = async (api = t.a.api, title = 'Ameaça de Procon') => {
    const ticket = (await api('POST', '/tickets', { title, content: angry, conversation_text: angry })).body;
    const res = await api('POST', `/tickets/${ticket.id}/analyze`, { force_reanalysis: true });
    expect(res.status).toBe(200);
    return { id: ticket.id as string, started: Date.now() };
  };

  it('hands the browser the VAPID public key', async () => {
    const res = await t.a.api('GET', '/notifications/push-public-key');
    expect(res.status).toBe(200);
    expect(res.body.public_key).toBe(loadVapidKeys(t.server.config).publicKey);
    expect(Buffer.from(res.body.public_key, 'base64url')).toHaveLength(65);
  });

  it('refuses a bad subscription naming the field, in pt-BR', async () => {
    const d = push.device(base);
    const cases: [unknown, string][] = [
      [{ ...subscription(d), endpoint: 'ftp://push.example/x' }, 'body.endpoint'],
      [{ ...subscription(d), endpoint: `https://push.example/${'x'.repeat(2100)}` }, 'body.endpoint'],
      [{ ...subscription(d), keys: { p256dh: 'curta', auth: d.auth } }, 'body.keys.p256dh'],
      [{ ...subscription(d), keys: { p256dh: d.p256dh, auth: 'não-base64!' } }, 'body.keys.auth'],
      [{ endpoint: d.endpoint }, 'body.keys'],
    ];
    for (const [body, field] of cases) {
      const res = await t.a.api('POST', '/notifications/push-subscriptions', body);
      expect(res.status, field).toBe(400);
      expect(res.body.fields?.[0]?.field, JSON.stringify(res.body)).toBe(field);
      expect(res.body.detail).toMatch(/[a-zçãé]/);
    }
  });

  it('refuses http:// and private push services without PUSH_ALLOW_PRIVATE_HOSTS', async () => {
    const strict = await twoTenants({ PUSH_ALLOW_PRIVATE_HOSTS: 'false' });
    try {
      const d = push.device(base);
      for (const endpoint of [d.endpoint, 'https://10.0.0.1/push/x', 'https://[::ffff:127.0.0.1]/p']) {
        const res = await strict.a.api('POST', '/notifications/push-subscriptions', {
          ...subscription(d),
          endpoint,
        });
        expect(res.status, endpoint).toBe(400);
        expect(res.body.fields?.[0]).toEqual({
          field: 'body.endpoint',
          message: 'O endereço do serviço de push deve ser uma URL https pública.',
        });
      }
      const ok = await strict.a.api('POST', '/notifications/push-subscriptions', {
        ...subscription(d),
        endpoint: 'https://push.example.com/send/abc',
      });
      expect(ok.status).toBe(200);
    } finally {
      await strict.server.close();
    }
  });

  it('delivers a red-flag alert to the subscribed device within 2 s: encrypted payload, Urgency, TTL, Topic, VAPID', async () => {
    const d = push.device(base);
    const res = await t.a.api('POST', '/notifications/push-subscriptions', subscription(d), {
      'user-agent': 'Mozilla/5.0 Teste',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, devices: 1 });
    const [row] = await devicesOf(t.a.user.id);
    expect(row).toMatchObject({
      tenantId: t.a.tenant.id,
      endpoint: d.endpoint,
      userAgent: 'Mozilla/5.0 Teste',
    });

    const ticket = await angryTicket();
    const got = await until(
      () => push.to(d),
      (r) => r.length > 0,
    );
    expect(got).toHaveLength(1);
    const first = got[0] as Received;
    expect(first.at - ticket.started).toBeLessThan(2_000);
    // One interruption per ticket: the burst (red flags, escalation, sentiment, CSAT, flag) is one push,
    // the highest priority's.
    await sleep(300);
    expect(push.to(d)).toHaveLength(1);
    const [notification] = (await t.a.api('GET', '/notifications/all?limit=50')).body.notifications.filter(
      (n: Json) => n.notification_id === first.payload.notification_id,
    );
    expect(notification.alert_type).toBe('red_flags');
    expect(first.payload).toEqual({
      notification_id: notification.notification_id,
      title: 'Sinais de alerta no chamado «Ameaça de Procon»',
      message: notification.message,
      priority: 'high',
      ticket_id: ticket.id,
    });
    expect(first.headers.urgency).toBe('high');
    expect(first.headers.ttl).toBe('86400');
    expect(first.headers.topic).toBe(topicOf(notification.notification_id));
    expect(first.headers.topic).toHaveLength(22);
    expect(first.headers['content-encoding']).toBe('aes128gcm');
    // VAPID (RFC 8292): a JWT signed by the server's key, for the push service's origin.
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(first.headers.authorization));
    expect(match).not.toBeNull();
    const [, jwt, k] = match as RegExpExecArray;
    const keys = loadVapidKeys(t.server.config);
    expect(k).toBe(keys.publicKey);
    const point = Buffer.from(keys.publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const claims = JSON.parse(new TextDecoder().decode((await compactVerify(jwt as string, key)).payload));
    expect(claims.aud).toBe(new URL(d.endpoint).origin);
    expect(claims.sub).toBe(keys.subject);
    // Sent: nothing left in the outbox.
    const left = await db().select().from(pushOutbox).where(eq(pushOutbox.tenantId, t.a.tenant.id));
    expect(left).toHaveLength(0);

    // The same ticket's next alert within 60 s is not pushed (it still is a notification).
    await t.a.api('PATCH', `/tickets/${ticket.id}/flag?flagged=false`);
    await t.a.api('PATCH', `/tickets/${ticket.id}/flag?flagged=true`);
    await t.server.app.workers.runNow('web-push');
    expect(push.to(d)).toHaveLength(1);
    // 61 s later (the mark moved back), the ticket interrupts again.
    await db()
      .update(pushTicketMarks)
      .set({ pushedAt: sql`now() - interval '61 seconds'` })
      .where(eq(pushTicketMarks.ticketId, ticket.id));
    await t.a.api('PATCH', `/tickets/${ticket.id}/flag?flagged=false`);
    await t.a.api('PATCH', `/tickets/${ticket.id}/flag?flagged=true`);
    const again = await until(
      () => push.to(d),
      (r) => r.length > 1,
    );
    expect(again).toHaveLength(2);
    expect(again[1]?.payload).toMatchObject({ priority: 'low', ticket_id: ticket.id });
    expect(again[1]?.headers.urgency).toBe('normal');

    // Tenant B's user sees no push of tenant A's alerts, and cannot remove A's device.
    const other = push.device(base);
    expect((await t.b.api('POST', '/notifications/push-subscriptions', subscription(other))).status).toBe(
      200,
    );
    const gone = await t.b.api('DELETE', '/notifications/push-subscriptions', { endpoint: d.endpoint });
    expect(gone.body).toEqual({ success: true, devices: 1 });
    expect(await devicesOf(t.a.user.id)).toHaveLength(1);
    await angryTicket(t.a.api, 'Outro chamado');
    await until(
      () => push.to(d),
      (r) => r.length > 2,
    );
    expect(push.to(d)).toHaveLength(3);
    expect(push.to(other)).toHaveLength(0);
    await t.b.api('DELETE', '/notifications/push-subscriptions', { endpoint: other.endpoint });
    await t.a.api('DELETE', '/notifications/push-subscriptions', { endpoint: d.endpoint });
  });

  it('sends nothing of a type the user muted, nor below their minimum priority', async () => {
    const user = await createTestUser(t.server.database, { tenant: t.a.tenant, groups: [] });
    const api = await signedInClient(t.server, user);
    const d = push.device(base);
    await api('POST', '/notifications/push-subscriptions', subscription(d));
    await api('PUT', '/notifications/preferences', { muted_alert_types: ['ticket_notifiable'] });
    const ticket = (await api('POST', '/tickets', { title: 'Calmo', content: 'Tudo certo, obrigado.' })).body;
    await api('PATCH', `/tickets/${ticket.id}/flag?flagged=true`);
    await t.server.app.workers.runNow('web-push');
    await sleep(300);
    expect(push.to(d)).toHaveLength(0);
    // The same alert reaches a colleague who did not mute it.
    const colleague = await createTestUser(t.server.database, { tenant: t.a.tenant, groups: [] });
    const colleagueApi = await signedInClient(t.server, colleague);
    const c = push.device(base);
    await colleagueApi('POST', '/notifications/push-subscriptions', subscription(c));
    await api('PUT', '/notifications/preferences', { muted_alert_types: [], min_priority: 'high' });
    const second = (await api('POST', '/tickets', { title: 'Calmo 2', content: 'Tudo certo.' })).body;
    await api('PATCH', `/tickets/${second.id}/flag?flagged=true`);
    const got = await until(
      () => push.to(c),
      (r) => r.length > 0,
    );
    expect(got.map((r) => r.payload.ticket_id)).toEqual([second.id]);
    expect(push.to(d)).toHaveLength(0); // low priority, below the user's 'high'
  });

  it('deletes the device when the push service answers 410, and retries a 500 with back-off', async () => {
    const user = await createTestUser(t.server.database, { tenant: t.a.tenant, groups: [] });
    const api = await signedInClient(t.server, user);
    const lost = push.device(base);
    const flaky = push.device(base);
    push.answers.set(new URL(lost.endpoint).pathname, [410]);
    push.answers.set(new URL(flaky.endpoint).pathname, [500]);
    await api('POST', '/notifications/push-subscriptions', subscription(lost));
    // The same user's second device.
    await api('POST', '/notifications/push-subscriptions', subscription(flaky));
    await angryTicket(api, 'Perdido');
    await until(
      () => devicesOf(user.user.id),
      (rows) => rows.length === 1,
    );
    expect((await devicesOf(user.user.id)).map((r) => r.endpoint)).toEqual([flaky.endpoint]);
    const [waiting] = await until(
      () => db().select().from(pushOutbox).where(eq(pushOutbox.tenantId, t.a.tenant.id)),
      (rows) => rows.length === 1 && rows[0]?.lastError !== null,
    );
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'HTTP 500: falhou' });
    const delay = (waiting?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(delay).toBeGreaterThan(20_000);
    expect(delay).toBeLessThanOrEqual(31_000);
    // Its time comes: the periodic job sends it again, and it is taken.
    await db()
      .update(pushOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(pushOutbox.tenantId, t.a.tenant.id), eq(pushOutbox.id, waiting?.id ?? '')));
    await t.server.app.workers.runNow('web-push');
    expect(push.to(flaky)).toHaveLength(2);
    expect(push.to(flaky)[1]?.payload.title).toBe('Sinais de alerta no chamado «Perdido»');
    expect(await db().select().from(pushOutbox).where(eq(pushOutbox.tenantId, t.a.tenant.id))).toHaveLength(
      0,
    );
  });

  it('sends nothing after sign-out (DELETE) or once the user is disabled; keeps 10 devices, the newest', async () => {
    const user = await createTestUser(t.server.database, { tenant: t.a.tenant, groups: [] });
    const api = await signedInClient(t.server, user);
    const d = push.device(base);
    await api('POST', '/notifications/push-subscriptions', subscription(d));
    expect((await api('DELETE', '/notifications/push-subscriptions', { endpoint: d.endpoint })).body).toEqual(
      {
        success: true,
        devices: 0,
      },
    );
    await angryTicket(api, 'Depois de sair');
    await t.server.app.workers.runNow('web-push');
    await sleep(300);
    expect(push.to(d)).toHaveLength(0);

    const many = Array.from({ length: 11 }, () => push.device(base));
    for (const m of many) await api('POST', '/notifications/push-subscriptions', subscription(m));
    const kept = await devicesOf(user.user.id);
    expect(kept).toHaveLength(10);
    expect(kept.map((r) => r.endpoint)).not.toContain(many[0]?.endpoint);
    await disableUser(db(), t.server.app.events, user.email);
    expect(await devicesOf(user.user.id)).toHaveLength(0);
    // The same when an admin disables a person in Equipe (PATCH /users/:id).
    const colleague = await createTestUser(t.server.database, { tenant: t.a.tenant, groups: [] });
    const colleagueApi = await signedInClient(t.server, colleague);
    await colleagueApi('POST', '/notifications/push-subscriptions', subscription(push.device(base)));
    expect(await devicesOf(colleague.user.id)).toHaveLength(1);
    expect((await t.a.api('PATCH', `/users/${colleague.user.id}`, { enabled: false })).status).toBe(200);
    expect(await devicesOf(colleague.user.id)).toHaveLength(0);
  });
});

describe('Web Push with two servers on one database', () => {
  const push = fakePushService();
  let base: string;
  let servers: TestServer[];

  beforeAll(async () => {
    base = await push.start();
    const database = await freshDatabase();
    const env = { PUSH_ALLOW_PRIVATE_HOSTS: 'true' };
    servers = [await startTestServer({ database, env }), await startTestServer({ database, env })];
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await servers[0]?.database.close();
    await push.close();
  });

  it('sends each push once whichever server wakes, and one claimed by a server that died is sent after its lease', async () => {
    const [one, two] = servers as [TestServer, TestServer];
    const user = await createTestUser(one.database);
    const viaOne = await signedInClient(one, user);
    const viaTwo = await signedInClient(two, user);
    const devices = [push.device(base), push.device(base), push.device(base)];
    for (const d of devices) await viaOne('POST', '/notifications/push-subscriptions', subscription(d));
    const tickets = await Promise.all(
      [viaOne, viaTwo, viaOne, viaTwo].map(async (api, i) => {
        const ticket = (
          await api('POST', '/tickets', { title: `Procon ${i}`, content: angry, conversation_text: angry })
        ).body;
        expect((await api('POST', `/tickets/${ticket.id}/analyze`, { force_reanalysis: true })).status).toBe(
          200,
        );
        return ticket.id as string;
      }),
    );
    await until(
      () => push.received.length,
      (n) => n >= tickets.length * devices.length,
    );
    await sleep(500);
    expect(push.received).toHaveLength(tickets.length * devices.length);
    const pairs = new Set(push.received.map((r) => `${r.path} ${r.payload.notification_id}`));
    expect(pairs.size).toBe(tickets.length * devices.length);
    for (const d of devices)
      expect(
        push
          .to(d)
          .map((r) => r.payload.ticket_id)
          .sort(),
      ).toEqual([...tickets].sort());

    // A push claimed by a server that died before sending (attempt counted, put off by the lease):
    // not sent while the lease holds, sent once it has passed.
    const db = one.database.db;
    const device = devices[0] as Device;
    const [row] = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    const notificationId = randomUUID();
    const payload = {
      notification_id: notificationId,
      title: 'Retomado',
      message: 'm',
      priority: 'medium',
      ticket_id: null,
    };
    await db.insert(pushOutbox).values({
      tenantId: user.tenant.id,
      subscriptionId: row?.id ?? '',
      notificationId,
      payload: JSON.stringify(payload),
      urgency: 'normal',
      attempts: 1,
      nextAttemptAt: sql`now() + interval '300 seconds'`,
    });
    const before = push.to(device).length;
    await two.app.workers.runNow('web-push');
    expect(push.to(device)).toHaveLength(before);
    await db
      .update(pushOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(pushOutbox.tenantId, user.tenant.id));
    await two.app.workers.runNow('web-push');
    expect(push.to(device).at(-1)?.payload).toEqual(payload);
    expect(push.to(device).at(-1)?.headers.topic).toBe(topicOf(notificationId));
    expect(await db.select().from(pushOutbox).where(eq(pushOutbox.tenantId, user.tenant.id))).toHaveLength(0);
  });
});
