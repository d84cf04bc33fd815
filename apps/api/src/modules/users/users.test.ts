import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.ts';
import {
  type ApiCall,
  createTestTenant,
  createTestUser,
  json,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../../test/helpers.ts';
import { outboxReader } from '../../test/outbox.ts';
import { builtInClientId } from '../identity/idp-config.ts';
import { createUser } from '../identity/users.service.ts';

describe('people of an organisation: /api/v1/users and /api/v1/audit', () => {
  let server: TestServer;
  let nextMail: ReturnType<typeof outboxReader>;
  let a: Awaited<ReturnType<typeof createTestUser>> & { api: ApiCall };
  let b: Awaited<ReturnType<typeof createTestUser>> & { api: ApiCall };

  beforeAll(async () => {
    server = await startTestServer();
    nextMail = outboxReader(server.config.DATA_DIR);
    const first = await createTestUser(server.database);
    const second = await createTestUser(server.database);
    a = { ...first, api: await signedInClient(server, first) };
    b = { ...second, api: await signedInClient(server, second) };
  });
  afterAll(() => server.close());

  const cognito = async (operation: string, body: unknown) => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify({ ClientId: builtInClientId, ...(body as object) }),
    });
    return { status: res.status, body: await json(res) };
  };
  const signIn = (email: string, password: string) =>
    cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });

  /** The temporary password of the newest invitation mailed to `email` (the outbox: SMTP_URL is unset). */
  async function invitedPassword(email: string) {
    const raw = await nextMail(email);
    // Quoted-printable: a long line is cut with a soft break (`=` at its end).
    const mail = raw.replace(/=\r?\n/g, '');
    expect(mail).toContain('convite');
    // The text part's line (quoted-printable encodes the accent of "temporária").
    return /ria: ([A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4})\b/.exec(mail)?.[1] ?? '';
  }

  let counter = 0;
  const newEmail = () => `pessoa-${Date.now()}-${counter++}@convite.atende.local`;

  /** Invites, completes the first access with `password`, answers the signed-in client. */
  async function inviteAndJoin(by: ApiCall, role: 'admin' | 'agent', password = 'Primeiro#Acesso2026') {
    const email = newEmail();
    const invited = await by('POST', '/users', { email, role });
    expect(invited.status).toBe(201);
    const temporary = await invitedPassword(email);
    const challenge = await signIn(email, temporary);
    expect(challenge.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await cognito('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
    });
    expect(done.status).toBe(200);
    return {
      id: invited.body.id as string,
      email,
      password,
      api: await signedInClient(server, { email, password }),
    };
  }

  it('invites a person by mail: the first access completes it and they are signed in as an agent', async () => {
    const email = newEmail();
    const invited = await a.api('POST', '/users', { email: email.toUpperCase(), role: 'agent' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email,
      role: 'agent',
      status: 'invited',
      enabled: true,
      last_sign_in_at: null,
    });
    expect(Date.parse(invited.body.invitation_expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const temporary = await invitedPassword(email);
    const challenge = await signIn(email, temporary);
    expect(challenge.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await cognito('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Minha#SenhaNova2026' },
    });
    expect(done.body.AuthenticationResult.IdToken).toBeTruthy();

    const agent = await signedInClient(server, { email, password: 'Minha#SenhaNova2026' });
    expect((await agent('GET', '/tenants/current')).body).toMatchObject({ id: a.tenant.id, role: 'agent' });
    const refused = await agent('GET', '/users');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Apenas administradores podem gerenciar as pessoas da organização.');

    const list = await a.api('GET', '/users');
    expect(list.status).toBe(200);
    expect(list.body.managed_externally).toBe(false);
    const listed = list.body.users.find((u: { email: string }) => u.email === email);
    expect(listed).toMatchObject({ status: 'active', role: 'agent', invitation_expires_at: null });
    expect(listed.last_sign_in_at).not.toBeNull();
  });

  it('answers one field-named 409 for an e-mail in use in any organisation, naming none', async () => {
    const mine = await b.api('POST', '/users', { email: a.email, role: 'agent' });
    expect(mine.status).toBe(409);
    expect(mine.body.detail).toBe('Este e-mail já está em uso.');
    expect(mine.body.fields).toEqual([{ field: 'body.email', message: 'Este e-mail já está em uso.' }]);
    expect(JSON.stringify(mine.body)).not.toContain(a.tenant.name);
    expect(
      (await a.api('POST', '/users', { email: 'não é e-mail', role: 'agent' })).body.fields[0].field,
    ).toBe('body.email');
  });

  it('a role change takes effect at the next token; the tokens before it end at once', async () => {
    const person = await inviteAndJoin(a.api, 'agent');
    expect((await person.api('GET', '/users')).status).toBe(403);
    const promoted = await a.api('PATCH', `/users/${person.id}`, { role: 'admin' });
    expect(promoted.body).toMatchObject({ role: 'admin', status: 'active' });
    expect((await person.api('GET', '/users')).status).toBe(401);
    const again = await signedInClient(server, person);
    expect((await again('GET', '/users')).status).toBe(200);
    expect((await a.api('PATCH', `/users/${person.id}`, { role: 'agent' })).body.role).toBe('agent');
  });

  it('disabling a person ends their sessions and sign-ins; enabling lets them in again', async () => {
    const person = await inviteAndJoin(a.api, 'agent');
    const disabled = await a.api('PATCH', `/users/${person.id}`, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, status: 'disabled' });
    expect((await person.api('GET', '/tickets')).status).toBe(401);
    expect((await signIn(person.email, person.password)).body.__type).toBe('NotAuthorizedException');
    expect((await a.api('PATCH', `/users/${person.id}`, { enabled: true })).body.status).toBe('active');
    expect((await signIn(person.email, person.password)).body.AuthenticationResult).toBeTruthy();
  });

  it('never leaves an organisation without an enabled admin, even under concurrent changes', async () => {
    const { tenant, ...solo } = await createTestUser(server.database);
    const soloApi = await signedInClient(server, solo);
    for (const change of [{ role: 'agent' }, { enabled: false }]) {
      const refused = await soloApi('PATCH', `/users/${solo.user.id}`, change);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe('A organização precisa de ao menos um administrador ativo.');
    }
    const other = await inviteAndJoin(soloApi, 'admin');
    // Each admin demotes the other at once: the tenant's row lock makes one of them wait and fail.
    const results = await Promise.all([
      soloApi('PATCH', `/users/${other.id}`, { role: 'agent' }),
      other.api('PATCH', `/users/${solo.user.id}`, { role: 'agent' }),
    ]);
    // The loser is refused by the last-admin check (409) or, when the winner committed before
    // its token was checked, because its sessions ended with its demotion (401).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const admins = (await withTenant(server.database.db, tenant.id, ({ tx }) =>
      tx.execute(sql`select count(*)::int as n from users where enabled and 'admin' = any(groups)`),
    )) as unknown as { rows: { n: number }[] };
    expect(admins.rows[0]?.n).toBe(1);
  });

  it('re-sends an invitation with a new temporary password; once joined there is nothing to re-send', async () => {
    const email = newEmail();
    const invited = await a.api('POST', '/users', { email, role: 'agent' });
    const first = await invitedPassword(email);
    const begun = await signIn(email, first);
    expect(begun.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const resent = await a.api('POST', `/users/${invited.body.id}/resend`);
    expect(resent.status).toBe(200);
    const second = await invitedPassword(email);
    expect(second).not.toBe(first);
    expect((await signIn(email, first)).body.__type).toBe('NotAuthorizedException');
    // The first access begun with the old password cannot finish.
    const stale = await cognito('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: begun.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Antiga#Tentativa2026' },
    });
    expect(stale.body.__type).toBe('NotAuthorizedException');
    const challenge = await signIn(email, second);
    expect(challenge.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    await cognito('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Outra#SenhaBoa2026' },
    });
    const late = await a.api('POST', `/users/${invited.body.id}/resend`);
    expect(late.status).toBe(409);
  });

  it('an invitation expires after 7 days: its temporary password no longer signs in', async () => {
    const email = newEmail();
    const invited = await a.api('POST', '/users', { email, role: 'agent' });
    const temporary = await invitedPassword(email);
    await server.database.db.execute(
      sql`update users set invited_at = now() - interval '8 days' where id = ${invited.body.id}`,
    );
    expect((await signIn(email, temporary)).body.__type).toBe('NotAuthorizedException');
    const listed = (await a.api('GET', '/users')).body.users.find(
      (u: { id: string }) => u.id === invited.body.id,
    );
    expect(listed.status).toBe('expired');
  });

  it("makes a tenant's first user its admin when the CLI creates it, and only the first", async () => {
    const tenant = await createTestTenant(server.database);
    const made = (email: string) =>
      createUser(server.database.db, {
        tenantSlug: tenant.slug,
        email,
        password: 'Primeira#Pessoa2026',
        temporary: false,
        groups: [],
        firstUserGroup: 'admin',
      });
    const first = await made(newEmail());
    const second = await made(newEmail());
    expect(first.user.groups).toEqual(['admin']);
    expect(second.user.groups).toEqual([]);
  });

  it("keeps each organisation's people to itself", async () => {
    const email = newEmail();
    const invited = await a.api('POST', '/users', { email, role: 'agent' });
    const id = invited.body.id as string;
    expect((await b.api('PATCH', `/users/${id}`, { enabled: false })).status).toBe(404);
    expect((await b.api('POST', `/users/${id}/resend`)).status).toBe(404);
    const theirs = (await b.api('GET', '/users')).body.users.map((u: { email: string }) => u.email);
    expect(theirs).toEqual([b.email]);
    expect((await a.api('GET', '/users')).body.users.map((u: { id: string }) => u.id)).toContain(id);
  });

  it('records who invited and changed whom, for admins only, per organisation', async () => {
    const person = await inviteAndJoin(a.api, 'agent');
    await a.api('PATCH', `/users/${person.id}`, { enabled: false });
    const log = await a.api('GET', `/audit?action=user.updated&per_page=5`);
    expect(log.status).toBe(200);
    expect(log.body.entries[0]).toMatchObject({
      action: 'user.updated',
      actor_id: a.user.id,
      actor_email: a.email,
      target: person.email,
      details: { enabled: { before: true, after: false } },
    });
    expect(log.body.entries[0].ip).toBeTruthy();
    const invites = await a.api(
      'GET',
      `/audit?action=user.invited&actor=${encodeURIComponent(a.email.slice(0, 6))}`,
    );
    expect(invites.body.entries.map((e: { target: string }) => e.target)).toContain(person.email);
    expect(invites.body.total).toBeGreaterThan(0);
    expect((await b.api('GET', '/audit?action=user.invited')).body.entries).toEqual([]);
    const bad = await a.api('GET', '/audit?action=nada');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('querystring.action');
  });

  it('keeps audit rows out of reach of app_user: it may add, never change or delete', async () => {
    await a.api('POST', '/users', { email: newEmail(), role: 'agent' });
    const attempt = (statement: ReturnType<typeof sql>) =>
      withTenant(server.database.db, a.tenant.id, ({ tx }) => tx.execute(statement)).then(
        () => 'done',
        (err: Error) => String(err.cause ?? err.message),
      );
    expect(await attempt(sql`update audit_log set action = 'settings.updated'`)).toMatch(/permission denied/);
    expect(await attempt(sql`delete from audit_log`)).toMatch(/permission denied/);
    expect(await attempt(sql`truncate audit_log`)).toMatch(/permission denied/);
    // Another tenant's rows: neither read nor written.
    expect(
      await attempt(
        sql`insert into audit_log (tenant_id, action) values (${b.tenant.id}, 'settings.updated')`,
      ),
    ).toMatch(/row-level security/);
  });
});

describe('invitation mails per organisation and hour', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { INVITATIONS_PER_TENANT_PER_HOUR: '2' } });
  });
  afterAll(() => server.close());

  it('refuses the third in an hour with 429 and Retry-After, new or re-sent; another organisation still invites', async () => {
    const first = await createTestUser(server.database);
    const other = await createTestUser(server.database);
    const api = await signedInClient(server, first);
    const otherApi = await signedInClient(server, other);
    const invited = await api('POST', '/users', { email: `convite-${randomUUID()}@teste.local` });
    expect(invited.status).toBe(201);
    expect((await api('POST', `/users/${invited.body.id}/resend`, {})).status).toBe(200);
    const refused = await api('POST', '/users', { email: `convite-${randomUUID()}@teste.local` });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(
      /^Limite de 2 convites por hora atingido\. Tente novamente em \d+ min\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api('POST', `/users/${invited.body.id}/resend`, {})).status).toBe(429);
    // Nothing was created by the refused invitation.
    const list = (await api('GET', '/users')).body.users as { email: string }[];
    expect(list.filter((u) => u.email.startsWith('convite-'))).toHaveLength(1);
    expect((await otherApi('POST', '/users', { email: `convite-${randomUUID()}@teste.local` })).status).toBe(
      201,
    );
  });
});
