import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  freshDatabase,
  type Json,
  json,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../../test/helpers.ts';
import { builtInClientId } from '../identity/idp-config.ts';
import { pruneAuditLog } from './audit.service.ts';

describe('the audit log', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const signIn = (email: string, password: string) =>
    fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        'user-agent': 'Navegador de Teste/1.0',
      },
      body: JSON.stringify({
        ClientId: builtInClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    }).then(json);

  it('records sign-ins and refused sign-ins of known addresses, with address and user agent', async () => {
    const admin = await createTestUser(server.database);
    const api = await signedInClient(server, admin);
    expect((await signIn(admin.email, 'Errada#Senha2026')).__type).toBe('NotAuthorizedException');
    expect((await signIn(admin.email, admin.password)).AuthenticationResult).toBeTruthy();
    expect((await signIn('ninguem@nenhures.local', 'Errada#Senha2026')).__type).toBe(
      'NotAuthorizedException',
    );

    // The refusal is recorded after its answer.
    let failed: { entries: { actor_email: string; details: unknown; ip: string; user_agent: string }[] } = {
      entries: [],
    };
    for (let i = 0; i < 50 && failed.entries.length === 0; i++) {
      failed = (await api('GET', '/audit?action=auth.sign_in_failed')).body;
      if (failed.entries.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(failed.entries).toEqual([
      expect.objectContaining({
        actor_email: admin.email,
        details: { reason: 'wrong_password' },
        ip: '127.0.0.1',
        user_agent: 'Navegador de Teste/1.0',
      }),
    ]);
    const signedIn = (await api('GET', '/audit?action=auth.sign_in')).body;
    expect(signedIn.entries).toHaveLength(2); // signedInClient's and this test's
    expect(signedIn.entries[0]).toMatchObject({
      actor_id: admin.user.id,
      user_agent: 'Navegador de Teste/1.0',
    });
    const all = (await api('GET', '/audit?per_page=100')).body.entries as { actor_email: string }[];
    expect(all.some((e) => e.actor_email === 'ninguem@nenhures.local')).toBe(false);
  });

  it('records settings and flagged-term changes, never a secret, and isolates organisations', async () => {
    const a = await createTestUser(server.database);
    const b = await createTestUser(server.database);
    const apiA = await signedInClient(server, a);
    const apiB = await signedInClient(server, b);
    await apiA('PUT', '/tenants/settings', { name: 'Nome Novo', digisac_token: 'segredo-muito-secreto' });
    const term = await apiA('POST', '/flagged-terms', { term: 'procon' });
    await apiA('PUT', `/flagged-terms/${term.body.id}`, { term: 'Procon SP' });
    await apiA('DELETE', `/flagged-terms/${term.body.id}`);
    const log = (await apiA('GET', '/audit?per_page=100')).body;
    const actions = log.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'settings.updated',
        'flagged_term.created',
        'flagged_term.updated',
        'flagged_term.deleted',
      ]),
    );
    expect(JSON.stringify(log)).not.toContain('segredo-muito-secreto');
    const settings = log.entries.find((e: { action: string }) => e.action === 'settings.updated');
    expect(settings.details.fields).toEqual(expect.arrayContaining(['name', 'digisac_token']));
    const updated = log.entries.find((e: { action: string }) => e.action === 'flagged_term.updated');
    expect(updated.details).toMatchObject({
      before: { term: 'procon', is_active: true },
      after: { term: 'Procon SP', is_active: true },
    });
    const theirs = (await apiB('GET', '/audit?per_page=100')).body.entries as { action: string }[];
    expect(theirs.map((e) => e.action)).toEqual(['auth.sign_in']);
  });

  it('records exports before their first byte, with their filters', async () => {
    const a = await createTestUser(server.database);
    const api = await signedInClient(server, a);
    expect((await api('GET', '/tickets/export.csv?search=procon&sentiment=negative')).status).toBe(200);
    expect((await api('GET', '/analysis-feedback/export.jsonl')).status).toBe(200);
    const log = (await api('GET', '/audit?per_page=100')).body.entries as { action: string; details: Json }[];
    expect(log.find((e) => e.action === 'export.tickets_csv')?.details.filters).toMatchObject({
      search: 'procon',
      sentiment: 'negative',
    });
    expect(log.some((e) => e.action === 'export.analysis_feedback')).toBe(true);
  });

  it('filters by period and pages', async () => {
    const a = await createTestUser(server.database);
    const api = await signedInClient(server, a);
    for (const term of ['um', 'dois', 'três']) await api('POST', '/flagged-terms', { term });
    const page = (await api('GET', '/audit?action=flagged_term.created&per_page=2&page=2')).body;
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page.entries).toHaveLength(1);
    expect((await api('GET', '/audit?end_date=2020-01-01')).body.total).toBe(0);
    const bad = await api('GET', '/audit?start_date=2026-02-01&end_date=2026-01-01');
    expect(bad.status).toBe(400);
  });

  it('keeps rows 400 days: the prune job deletes older ones only', async () => {
    const database = await freshDatabase();
    try {
      const { tenant } = await createTestUser(database);
      await database.db.execute(sql`
        insert into audit_log (tenant_id, action, created_at) values
          (${tenant.id}, 'settings.updated', now() - interval '401 days'),
          (${tenant.id}, 'settings.updated', now() - interval '399 days')`);
      expect(await pruneAuditLog(database.db)).toBe(1);
      const left = (await database.db.execute(
        sql`select count(*)::int as n from audit_log where tenant_id = ${tenant.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(left.rows[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});
