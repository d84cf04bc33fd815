import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { errorResponseSchema } from '@atende/contracts'; // importing it sets zod's pt-BR messages
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { type Database, hotpathEnabled } from './db/client.ts';
import { scheduleJobs } from './jobs.ts';
import { createApiRateLimit } from './lib/api-rate-limit.ts';
import { CpuPool } from './lib/cpu/pool.ts';
import { registerErrorHandler } from './lib/errors.ts';
import type { DomainEvents } from './lib/events.ts';
import { ExportSlots } from './lib/exports.ts';
import { registerLoadShedding } from './lib/load-shedding.ts';
import { loadSecretKey, type SecretKey } from './lib/secrets.ts';
import { compiledSerializerCompiler } from './lib/serializer.ts';
import { registerWeb } from './lib/web.ts';
import { Workers } from './lib/workers.ts';
import { type Llm, llmFromConfig } from './modules/analysis/llm.ts';
import { analysisFeedbackRoutes } from './modules/analysis-feedback/analysis-feedback.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import * as audit from './modules/audit/audit.service.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { digisacRoutes } from './modules/digisac/digisac.routes.ts';
import { digisacWebhookRoutes } from './modules/digisac/digisac.webhook.routes.ts';
import { flaggedTermsRoutes } from './modules/flagged-terms/flagged-terms.routes.ts';
import { requireAdmin } from './modules/identity/auth.ts';
import { identityPlugin } from './modules/identity/identity.plugin.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { notificationStreams } from './modules/notifications/stream.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createDomainEvents, reactAfterCommit } from './reactions.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The built SPA; defaults to config.WEB_DIST_DIR. */
  webDist?: string;
  /** Closes the database with the app (the server does; tests sharing one database do not). */
  closeDatabase?: boolean;
  /** Runs the periodic jobs (lib/workers.ts): the server does; tests only when they ask. */
  workers?: boolean;
}

export const bodyLimitBytes = 1024 * 1024;

/** How often Node looks for sockets past headersTimeout/requestTimeout (its default, 30 s, lets them linger). */
export const connectionsCheckingIntervalMs = 1000;

/**
 * The HTTP server's own limits (docs/SECURITY.md): a client that trickles its headers or body
 * loses the socket after headersTimeout/requestTimeout (checked every second), idle keep-alive
 * sockets close after keepAliveTimeout, and sockets beyond maxConnections are closed on arrival.
 */
function serverLimits(config: Config) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  // Node refuses a headersTimeout above requestTimeout.
  const headersTimeout = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout, requestTimeout, connectionsCheckingInterval: connectionsCheckingIntervalMs },
  } satisfies Partial<FastifyServerOptions> & { http: object };
}

/**
 * A DigiSac webhook's URL holds its credential (modules/digisac/digisac.webhook.routes.ts): a
 * request's URL is logged as `/webhooks/digisac/***`, whatever follows the prefix (in any case).
 */
const maskSecretUrl = (url: string) => url.replace(/\/webhooks\/digisac\/.*$/is, '/webhooks/digisac/***');

/** Fastify's own request serializer (fastify/lib/logger-pino.js), with the URL masked. */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: maskSecretUrl(request.url),
    version: request.headers['accept-version']?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  // Secrets never reach a log line, whatever logs them (the DigiSac token: also never logged by
  // the integration, which logs upstream statuses and messages only).
  const redact = [
    'req.headers.authorization',
    'req.headers.cookie',
    'digisac_token',
    '*.digisac_token',
    'req.body.digisac_token',
  ];
  if (process.stdout.isTTY && config.LOG_LEVEL !== 'silent') {
    return {
      level: config.LOG_LEVEL,
      redact,
      serializers,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  return { level: config.LOG_LEVEL, redact, serializers };
}

/**
 * Fastify's own schema compilers (ajv; fast-json-stringify's), required when a Fastify instance is
 * made unless given: every route here is compiled by zod's validator and lib/serializer.ts, so they
 * are loaded only if something ever asks for them — a start skips ajv (~0.4 MB of modules, the
 * largest part of `Fastify()`'s own time: issue 33's warm start).
 */
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const lazyCompilersFactory = {
  buildValidator: (...args: unknown[]) => fastifyRequire('@fastify/ajv-compiler')()(...args),
  buildSerializer: (...args: unknown[]) => fastifyRequire('@fastify/fast-json-stringify-compiler')()(...args),
};

/** Builds the whole application; the server and the tests both call this. */
export async function buildApp({
  config,
  database,
  webDist,
  closeDatabase = true,
  workers: runWorkers = false,
}: AppOptions) {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: bodyLimitBytes,
    genReqId: () => randomUUID(),
    // Off unless TRUST_PROXY names the proxies: else any client could pick its own address.
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: lazyCompilersFactory },
    ...serverLimits(config),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = config.HTTP_MAX_CONNECTIONS;

  // What is served, and which routes are admin-only (for the test that checks every route's role).
  const routeInventory: RouteEntry[] = [];
  app.decorate('routeInventory', routeInventory);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeInventory.push({
        method,
        url: route.url,
        hidden: route.schema?.hide === true,
        adminOnly: route.config?.adminOnly !== undefined,
      });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers: compiled from their schemas (lib/serializer.ts); zod's own with ATENDE_HOTPATH=off.
  app.setSerializerCompiler(hotpathEnabled() ? compiledSerializerCompiler : serializerCompiler);
  registerErrorHandler(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // API answers hold a tenant's data (or the API's description): no browser or proxy keeps them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      reply.header('cache-control', 'no-store');
    }
  });
  // Sheds load with 503 + Retry-After (pt-BR) only when the event loop stays stuck: over a second
  // of delay in two samples in a row by default. Never fires on a server that is merely busy
  // (PGlite runs on this thread, so utilisation near 100% is normal under load).
  registerLoadShedding(app, config.OVERLOAD_EVENT_LOOP_DELAY_MS);
  // The composition root: what every module may use, decorated once.
  app.decorate('config', config);
  app.decorate('database', database);
  if (closeDatabase) app.addHook('onClose', () => database.close());
  const cpu = new CpuPool(config.WORKER_THREADS, (err) => app.log.error({ err }, 'CPU pool thread failed'));
  app.decorate('cpu', cpu);
  app.addHook('onClose', () => cpu.close());
  const events = createDomainEvents();
  app.decorate('events', events);
  const workers = new Workers(database, app.log);
  app.decorate('workers', workers);
  app.decorate('llm', llmFromConfig(config, app.log));
  app.decorate('secretKey', loadSecretKey(config));
  app.decorate(
    'exportSlots',
    new ExportSlots({ perUser: config.EXPORT_MAX_PER_USER, perTenant: config.EXPORT_MAX_PER_TENANT }),
  );
  // The reactions after commit are added once the plugins are registered; listen once ready.
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await events.listen(database, app.log);
    if (runWorkers) workers.start();
  });
  app.addHook('preClose', async () => {
    await workers.stop();
    await unlisten?.();
  });
  // Helmet's middleware, built once (@fastify/helmet built it again on every request: ~2.5 % of
  // a list request's CPU under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The identity provider: this server by default, Cognito when configured.
        connectSrc: ["'self'", ...(config.COGNITO_ENDPOINT ? [new URL(config.COGNITO_ENDPOINT).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only over HTTPS: sent from an http:// address it would pin a name to HTTPS that
    // does not serve it (and browsers ignore it there anyway).
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Atende API',
        version: '1.0.0',
        description: 'Product API of Atende. Every /api/v1 call needs a bearer ID token.',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (Cognito ID token)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(systemRoutes);
  // Not encapsulated: decorates app.authenticate, app.builtInIdp, request.auth and request.tenantTx.
  await app.register(identityPlugin);
  const streams = notificationStreams(app);
  reactAfterCommit(events, { streams, revocation: app.builtInIdp?.revocation });
  scheduleJobs(app);
  const apiRateLimit = createApiRateLimit(config, database, app.log);
  app.addHook('onClose', () => apiRateLimit.close());
  // The product API: every route needs a valid ID token and runs as the token's tenant.
  await app.register(
    async (api) => {
      api.addHook('onRequest', app.authenticate);
      api.addHook('onRequest', apiRateLimit.hook);
      // Admin-only routes (config.adminOnly) refuse agents, before any body is read.
      api.addHook('onRequest', requireAdmin);
      // With an external Cognito pool, the first request of a sign-in records it in the audit log.
      if (!app.builtInIdp) {
        api.addHook('onRequest', (request) =>
          audit.recordExternalSignIn(request.tenantTx, audit.actorOf(request), request.auth.authTime),
        );
      }
      // Every product route needs the bearer token and may answer 401/403: say so in OpenAPI.
      api.addHook('onRoute', (route) => {
        const adminOnly = route.config?.adminOnly !== undefined;
        route.schema = {
          ...route.schema,
          ...(adminOnly && {
            description: [route.schema?.description, 'Admins only: an agent gets 403.']
              .filter(Boolean)
              .join('\n\n'),
          }),
          security: [{ bearer: [] }],
          response: {
            401: errorResponseSchema,
            403: errorResponseSchema,
            ...(route.schema?.response as object),
          },
        };
      });
      await api.register(tenantsRoutes);
      await api.register(customersRoutes);
      await api.register(flaggedTermsRoutes);
      await api.register(ticketsRoutes);
      await api.register(messagesRoutes);
      await api.register(notificationsRoutes, { streams });
      await api.register(analysisFeedbackRoutes);
      await api.register(dashboardRoutes);
      await api.register(digisacRoutes);
      await api.register(usersRoutes);
      await api.register(auditRoutes);
    },
    { prefix: '/api/v1' },
  );
  // DigiSac's webhook: outside /api/v1 (no bearer token, no per-user limit; the secret in its URL
  // is the credential, and the tenant's intake bucket its limit).
  await app.register(digisacWebhookRoutes);

  await registerWeb(app, webDist ?? config.WEB_DIST_DIR);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface RouteEntry {
  method: string;
  url: string;
  hidden: boolean;
  /** Declared admin-only (`config.adminOnly`): agents get 403. */
  adminOnly: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeInventory: RouteEntry[];
    config: Config;
    database: Database;
    /** Worker threads for CPU-heavy work: nothing long runs on the event loop. */
    cpu: CpuPool;
    /** Domain events: publish in a transaction, react within it or after commit (lib/events.ts). */
    events: DomainEvents;
    /** Periodic jobs, run by the leader process only (lib/workers.ts). */
    workers: Workers;
    /** The configured LLM (OPENAI_BASE_URL, OPENAI_MODEL) the analyses may ask, if any. */
    llm: Llm | undefined;
    /** The key stored secrets (DigiSac tokens) are encrypted with (lib/secrets.ts). */
    secretKey: SecretKey;
    /** Concurrent exports per user and per tenant in this process (lib/exports.ts). */
    exportSlots: ExportSlots;
  }
}
