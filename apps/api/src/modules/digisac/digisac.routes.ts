import {
  digisacConnectionTestBodySchema,
  digisacConnectionTestSchema,
  digisacEventListSchema,
  digisacEventsQuerySchema,
  digisacImportBodySchema,
  digisacImportStartedSchema,
  digisacImportStatusSchema,
  digisacStatusSchema,
  digisacTicketListSchema,
  digisacTicketsQuerySchema,
  digisacWebhookStateSchema,
  emptyBodySchema,
  errorResponseSchema,
  idParamsSchema,
} from '@atende/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/audit.service.ts';
import * as service from './digisac.service.ts';

const tags = ['digisac'];
const security = [{ bearer: [] }];

export const digisacRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tenants/:tenantId/digisac/tickets',
    {
      schema: {
        tags,
        security,
        summary:
          "The tenant's DigiSac tickets, newest first, read from DigiSac with the stored host and token " +
          '(409 not configured, 429 too many DNS look-ups at once, 502 bad token or unreachable, 504 DigiSac ' +
          "too slow); at most per_page tickets, whatever DigiSac sends (DigiSac's own paging)",
        params: z.object({ tenantId: z.uuid() }),
        querystring: digisacTicketsQuerySchema,
        response: {
          200: digisacTicketListSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          504: errorResponseSchema,
        },
      },
    },
    (request) =>
      service.listDigisacTickets(
        { config: app.config, secretKey: app.secretKey, log: request.log },
        request.tenantTx,
        request.params.tenantId,
        request.query,
      ),
  );

  app.post(
    '/tenants/settings/digisac/test',
    {
      config: { adminOnly: 'testar a conexão com o DigiSac' },
      schema: {
        tags,
        security,
        summary:
          "Test a DigiSac connection (DigiSac's GET /api/v1/me) with the typed host and token or the stored " +
          'ones; connection problems answer ok:false with a pt-BR message (for a typed host it cannot use, ' +
          'one sentence whatever the reason), malformed input a 400, too many DNS look-ups at once a 429',
        body: digisacConnectionTestBodySchema,
        response: {
          200: digisacConnectionTestSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) =>
      service.testDigisacConnection(
        { config: app.config, secretKey: app.secretKey, log: request.log },
        request.tenantTx,
        request.body,
      ),
  );

  // ── Ingestion ──

  const webhookDeps = (request: { log: FastifyBaseLogger }) => ({
    config: app.config,
    secretKey: app.secretKey,
    log: request.log,
    db: app.database.db,
  });

  app.post(
    '/tenants/settings/digisac/webhook',
    {
      config: { adminOnly: 'ligar o tempo real do DigiSac' },
      schema: {
        tags,
        security,
        summary:
          "Turn the DigiSac ingestion on: registers Atende's webhook at the tenant's DigiSac (events " +
          'message.created and message.updated) with a fresh secret in its URL; again, rotates the secret ' +
          'and turns the old webhook off there (409 not configured or PUBLIC_URL not https://, 429 too many ' +
          'calls or DNS look-ups, 502 bad token or unreachable, 504 DigiSac too slow)',
        body: emptyBodySchema,
        response: {
          200: digisacWebhookStateSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          504: errorResponseSchema,
        },
      },
    },
    (request) => service.registerDigisacWebhook(webhookDeps(request), request.tenantTx, actorOf(request)),
  );

  app.delete(
    '/tenants/settings/digisac/webhook',
    {
      config: { adminOnly: 'desligar o tempo real do DigiSac' },
      schema: {
        tags,
        security,
        summary:
          'Turn the DigiSac ingestion off: the webhook is turned off at DigiSac, then here (only here when ' +
          'DigiSac is no longer configured); a DigiSac failure changes nothing (429, 502, 504)',
        response: {
          200: digisacWebhookStateSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          504: errorResponseSchema,
        },
      },
    },
    (request) => service.removeDigisacWebhook(webhookDeps(request), request.tenantTx, actorOf(request)),
  );

  app.get(
    '/tenants/settings/digisac/status',
    {
      schema: {
        tags,
        security,
        summary:
          "The ingestion's state: the webhook (active, when registered, the last event it brought), the " +
          "events of the last 24 hours by state, the catch-up sync's last run, the newest history import " +
          'and what keeps real time from being turned on (setup_problem, pt-BR)',
        response: { 200: digisacStatusSchema },
      },
    },
    (request) => request.tenantTx((scope) => service.getDigisacStatus({ config: app.config }, scope)),
  );

  app.post(
    '/tenants/settings/digisac/import',
    {
      config: { adminOnly: 'importar o histórico do DigiSac' },
      schema: {
        tags,
        security,
        summary:
          'Import the DigiSac tickets updated in the last `days` days (1–90), oldest first, with their contacts ' +
          'and messages, in the background (resumable after a restart); messages older than 24 h are analysed ' +
          'but notify nobody. 409 while an import runs',
        body: digisacImportBodySchema,
        response: { 202: digisacImportStartedSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const started = await request.tenantTx((scope) =>
        service.startImport(scope, actorOf(request), request.body.days),
      );
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/tenants/settings/digisac/import',
    {
      schema: {
        tags,
        security,
        summary: "The newest history import's state and progress (idle before the first)",
        response: { 200: digisacImportStatusSchema },
      },
    },
    (request) => request.tenantTx(service.importStatus),
  );

  app.delete(
    '/tenants/settings/digisac/import',
    {
      config: { adminOnly: 'cancelar a importação do DigiSac' },
      schema: {
        tags,
        security,
        summary: 'Cancel the running history import (it stops at its next page); 409 when none runs',
        response: { 204: z.null(), 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await request.tenantTx(service.cancelImport);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tenants/settings/digisac/events',
    {
      schema: {
        tags,
        security,
        summary:
          "The inbox's events in one state (failed by default), newest first: name, arrival, tries and the " +
          'last error, never the payload',
        querystring: digisacEventsQuerySchema,
        response: { 200: digisacEventListSchema, 400: errorResponseSchema },
      },
    },
    (request) => request.tenantTx((scope) => service.listDigisacEvents(scope, request.query)),
  );

  app.post(
    '/tenants/settings/digisac/events/:id/retry',
    {
      config: { adminOnly: 'reprocessar eventos do DigiSac' },
      schema: {
        tags,
        security,
        summary:
          'Process a failed event again, now, with its tries counted afresh (404 unknown, 409 not failed)',
        params: idParamsSchema,
        body: emptyBodySchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await request.tenantTx((scope) => service.retryDigisacEvent(scope, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
