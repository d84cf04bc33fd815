import { PassThrough } from 'node:stream';
import {
  analysisFeedbackListSchema,
  analysisFeedbackSchema,
  analysisFeedbackSummarySchema,
  createAnalysisFeedbackSchema,
  errorResponseSchema,
  escalationReasons,
  intents,
  listAnalysisFeedbackQuerySchema,
  sentiments,
} from '@atende/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantScope } from '../../db/tenant.ts';
import { streamExport, takeExportSlot } from '../../lib/exports.ts';
import { actorOf, recordAudit } from '../audit/audit.service.ts';
import * as service from './analysis-feedback.service.ts';

const tags = ['analysis-feedback'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** Runs `work` in the tenant's transaction as the signed-in user (403 unless a user of the tenant). */
const asCaller = <T>(request: FastifyRequest, work: (scope: TenantScope, userId: string) => Promise<T>) =>
  request.tenantTx(async (scope) => work(scope, await service.callerOf(scope, request.auth.sub)));

/** One line of the export: the analyzer's dev-set formats (/work/shared/data/analysis/*.jsonl). */
const exportLineSchema = z.union([
  z.object({ text: z.string(), sentiment: z.enum(sentiments) }),
  z.object({ text: z.string(), intent: z.enum(intents) }),
  z.object({ text: z.string(), escalate: z.boolean(), why: z.enum(escalationReasons).optional() }),
  z.object({ text: z.string(), red_flags: z.boolean() }),
]);

export const exportFileName = 'feedback-analises.jsonl';

export const analysisFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analysis-feedback',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's 👍/👎 on one field of one analysis version, with an optional correction (only with 👎); " +
          'replaces their earlier feedback on that field (201 either way). 404: no such analysis of the tenant',
        body: createAnalysisFeedbackSchema,
        response: { 201: analysisFeedbackSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const feedback = await asCaller(request, (scope, userId) =>
        service.giveFeedback(scope, userId, request.body),
      );
      return reply.status(201).send(feedback);
    },
  );

  app.get(
    '/analysis-feedback',
    {
      schema: {
        tags,
        security,
        summary: "The caller's own feedback on one analysis (which thumbs they pressed); empty if none",
        querystring: listAnalysisFeedbackQuerySchema,
        response: { 200: analysisFeedbackListSchema, ...errors },
      },
    },
    (request) =>
      asCaller(request, (scope, userId) =>
        service.listOwn(scope, userId, request.query.analysis_type, request.query.analysis_id),
      ),
  );

  app.get(
    '/analysis-feedback/summary',
    {
      schema: {
        tags,
        security,
        summary:
          "The tenant's agreement per field (all four listed) over feedback given in the last 30 days: " +
          'up, down, up / (up + down) (null without feedback)',
        response: { 200: analysisFeedbackSummarySchema, ...errors },
      },
    },
    (request) => asCaller(request, (scope) => service.summary(scope)),
  );

  app.get(
    '/analysis-feedback/export.jsonl',
    {
      schema: {
        tags,
        security,
        summary:
          `Download (${exportFileName}) of the tenant's 👎 with a correction, newest first, at most ` +
          `${service.exportMaxLines.toLocaleString('en')} lines, in the analyzer's dev-set formats: ` +
          '{text, sentiment}, {text, intent}, {text, escalate, why?} (why: the reason code), {text, red_flags}; ' +
          "text: the ticket's conversation (else content) or the message's content. 429 (Retry-After) beyond " +
          'EXPORT_MAX_PER_USER / EXPORT_MAX_PER_TENANT exports at once; a client that takes nothing for ' +
          'EXPORT_IDLE_TIMEOUT_MS is cut off',
        response: {
          200: {
            description: 'application/x-ndjson: one JSON object per line (application/json: one line)',
            content: {
              'application/x-ndjson': { schema: z.string() },
              'application/json': { schema: exportLineSchema },
            },
          },
          ...errors,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // The caller's check and the first page before the answer starts (errors stay JSON);
      // later pages each in a short transaction of their own, none held while writing.
      // A slot (429 beyond the user's or the tenant's concurrent exports) is held until the answer
      // closes; a client that stops reading is cut off after EXPORT_IDLE_TIMEOUT_MS.
      if (!takeExportSlot(app.exportSlots, request, reply)) return; // the client already left
      // Recorded in a short transaction of its own before the first byte.
      await request.tenantTx((scope) =>
        recordAudit(scope, actorOf(request), { action: 'export.analysis_feedback' }),
      );
      const maxBytes = app.config.EXPORT_PAGE_MAX_BYTES;
      const first = await asCaller(request, (scope) => service.firstExportPage(scope, maxBytes));
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName}"`);
      const body = streamExport(service.exportLines(request.tenantTx, maxBytes, first), new PassThrough(), {
        res: reply.raw,
        idleMs: app.config.EXPORT_IDLE_TIMEOUT_MS,
        log: request.log,
        what: 'analysis feedback JSONL export',
      });
      // Fastify pipes a stream as is (no serializer); the typed reply only knows the schemas.
      return reply.send(body as unknown as string);
    },
  );
};
