import {
  analyzeQuerySchema,
  analyzeTicketBodySchema,
  errorResponseSchema,
  idParamsSchema,
  messageSchema,
  ticketSchema,
} from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalysisService } from './analysis.service.ts';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

export const analysisRoutes =
  (analysis: AnalysisService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/tickets/:id/analyze',
      {
        schema: {
          tags: ['tickets', 'analysis'],
          summary:
            'Analyse a ticket (sentiment, complexity, CSAT, status, red flags, escalation); an existing analysis is returned unless force_reanalysis',
          params: idParamsSchema,
          querystring: analyzeQuerySchema,
          body: analyzeTicketBodySchema,
          response: { 200: ticketSchema, ...errors },
        },
      },
      (request) =>
        analysis.analyzeTicket(request.auth.tenantId, request.params.id, {
          force: request.body?.force_reanalysis ?? false,
          provider: analysis.checkProvider(request.query.provider),
        }),
    );

    app.post(
      '/messages/:id/analyze',
      {
        schema: {
          tags: ['messages', 'analysis'],
          summary:
            'Analyse a message again (sentiment, intent, urgency, red flags, suggested replies); adds a version',
          params: idParamsSchema,
          querystring: analyzeQuerySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      (request) =>
        analysis.analyzeMessage(
          request.auth.tenantId,
          request.params.id,
          analysis.checkProvider(request.query.provider),
        ),
    );
  };
