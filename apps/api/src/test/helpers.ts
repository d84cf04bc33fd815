import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDb, type Database, type DbTimeouts, openPglite } from '../db/client.ts';
import { type Tenant, ticketAnalyses } from '../db/schema/index.ts';
import { builtInClientId } from '../modules/identity/idp-config.ts';
import { createUser } from '../modules/identity/users.service.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import { testVapidKeys } from './processes.ts';

// The API suite runs once per database kind (vitest.config.ts sets TEST_DB).
const usePostgres = process.env.TEST_DB === 'postgres';
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

let template: Promise<PGlite> | undefined;
let shared: Promise<Database> | undefined;

/** A migrated in-memory PGlite that is never used directly, only cloned (~1.5 s instead of ~4 s). */
function pgliteTemplate() {
  template ??= (async () => {
    const client = await openPglite();
    await (await createDb({ pglite: client })).migrate();
    return client;
  })();
  return template;
}

/** A copy of the template (clone() is typed as the interface, but it is a PGlite). */
async function cloneTemplate() {
  return (await (await pgliteTemplate()).clone()) as PGlite;
}

/**
 * The worker's shared, migrated database. Tests on it create their own tenants (see
 * createTestTenant), so they never see each other's rows and need no cleanup.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    if (usePostgres) {
      const database = await createDb({ databaseUrl: postgresUrl });
      await database.migrate();
      return database;
    }
    return createDb({ pglite: await cloneTemplate() });
  })();
  return shared;
}

/**
 * A migrated database nobody else uses, for tests that need it empty; close() discards it.
 * On PostgreSQL `url` lets a test open more connections to it (as other processes would).
 */
export async function freshDatabase(timeouts?: DbTimeouts): Promise<Database & { url?: string }> {
  if (!usePostgres) return createDb({ pglite: await cloneTemplate(), timeouts });
  const name = `atende_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), timeouts });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    // Every test signs in from 127.0.0.1 on a shared database: the per-address identity limits
    // would add up across tests. The tests of those limits set them low again.
    SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    RESET_LIMIT_PER_ADDRESS_PER_HOUR: '1000000',
    // Tests check behaviour, not this machine's load: two test workers and their servers share
    // two cores, and a server starved for a second would answer the next test 503. The load
    // shedding's own test sets it back.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '10000',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atende-test-')),
    // Every test server on a shared database may claim another's pushes (as the processes of one
    // deployment do): one VAPID pair and one rule for the local fake push services, like one
    // deployment's configuration. The refusal's own test sets it back.
    ...testVapidKeys,
    PUSH_ALLOW_PRIVATE_HOSTS: 'true',
    ...env,
  });
}

export async function createTestTenant(database: Database, name = 'Empresa de Teste') {
  return createTenant(database.db, { name, slug: `t-${randomUUID().slice(0, 13)}` });
}

export interface TestServer {
  url: string;
  config: Config;
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a real port, over the worker's database (or the one given). */
export async function startTestServer(
  options: {
    database?: Database;
    webDist?: string;
    env?: Record<string, string>;
    /** Adds routes before the server starts (to exercise the shared plumbing). */
    extend?: (app: TestServer['app']) => void;
    /** Runs the periodic jobs, as the server does (off by default: tests call `app.workers.runNow`). */
    workers?: boolean;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await testDatabase());
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    webDist: options.webDist,
    closeDatabase: false,
    workers: options.workers,
  });
  options.extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, config, app, database, close: () => app.close() };
}

// biome-ignore lint/suspicious/noExplicitAny: tests look into arbitrary JSON answers
export type Json = any;
/** The parsed JSON body of a response, for assertions. */
export const json = (res: Response): Promise<Json> => res.json() as Promise<Json>;

/**
 * A user of the built-in provider in a tenant of its own (or the one given): an admin, as a
 * tenant's first user is, unless `groups` say otherwise (`groups: []` is an agent).
 */
export async function createTestUser(
  database: Database,
  options: { tenant?: Tenant; password?: string; temporary?: boolean; groups?: string[] } = {},
) {
  const tenant = options.tenant ?? (await createTestTenant(database));
  const email = `u-${randomUUID().slice(0, 8)}@teste.atende.local`;
  const password = options.password ?? 'Senha#Forte123';
  const { user } = await createUser(database.db, {
    tenantSlug: tenant.slug,
    email,
    password,
    temporary: options.temporary ?? false,
    groups: options.groups ?? ['admin'],
  });
  return { user, email, password, tenant };
}

export interface ApiResponse {
  status: number;
  body: Json;
  headers: Headers;
}

export type ApiCall = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ApiResponse>;

/** One USER_PASSWORD_AUTH InitiateAuth to the built-in provider at `baseUrl`, as sent. */
export function passwordSignIn(baseUrl: string, user: { email: string; password: string }) {
  return fetch(baseUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: builtInClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  });
}

/** An ID token for `user` from the built-in provider at `baseUrl` (USER_PASSWORD_AUTH). */
export async function signInIdToken(baseUrl: string, user: { email: string; password: string }) {
  const res = await passwordSignIn(baseUrl, user);
  const token = (await json(res)).AuthenticationResult?.IdToken as string | undefined;
  if (!token) throw new Error(`sign-in failed: ${res.status}`);
  return token;
}

/** Signs `user` in through the built-in provider and returns a caller of /api/v1 with its token. */
export async function signedInClient(
  server: TestServer,
  user: { email: string; password: string },
): Promise<ApiCall> {
  const token = await signInIdToken(server.url, user);
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return async (method, path, body, headers = {}) => {
    let response: Response;
    try {
      response = await send(method, path, body, headers);
    } catch (err) {
      // A kept-alive socket the server closed while the test was busy (its keep-alive is 5 s)
      // resets the next request before it is sent: a GET is sent again, on a new connection.
      if (method !== 'GET' || (err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
      response = await send(method, path, body, headers);
    }
    const text = await response.text();
    // JSON answers parsed; a file (a CSV export, say) as its text.
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      body: text ? (isJson ? JSON.parse(text) : text) : null,
      headers: response.headers,
    };
  };
}

/**
 * A server, two tenants with a signed-in user each: the cross-tenant setting of every resource
 * test. `database`: one of the test's own (freshDatabase) when it runs jobs that span tenants, so
 * another file's server sharing the worker's database does not take its work (or it theirs).
 */
export async function twoTenants(env?: Record<string, string>, database?: Database) {
  const server = await startTestServer({ env, database });
  const a = await createTestUser(server.database);
  const b = await createTestUser(server.database);
  return {
    server,
    a: { ...a, api: await signedInClient(server, a) },
    b: { ...b, api: await signedInClient(server, b) },
  };
}

/**
 * Stores the next analysis version of a ticket through the owner connection (the trigger
 * ticket_analyses_newest makes it the newest): a neutral, unflagged analysis unless `fields` say.
 */
export async function storeTicketAnalysis(
  database: Database,
  tenantId: string,
  ticketId: string,
  fields: Partial<typeof ticketAnalyses.$inferInsert> = {},
) {
  const db = database.db;
  const versions = await db.select().from(ticketAnalyses).where(eq(ticketAnalyses.ticketId, ticketId));
  await db.insert(ticketAnalyses).values({
    tenantId,
    ticketId,
    version: versions.length + 1,
    provider: 'local',
    overallSentiment: 'neutral',
    complexityScore: 0.3,
    confidenceScore: 0.7,
    csatScore: 8,
    solvedStatus: 'in_progress',
    analysisExplanation: 'Teste.',
    containsRedFlags: false,
    redFlagWords: [],
    requiresEscalation: false,
    escalationReasons: [],
    urgencyLevel: 'low',
    ...fields,
  });
}
