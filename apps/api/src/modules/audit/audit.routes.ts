import { auditListSchema, errorResponseSchema, listAuditQuerySchema } from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { adminOnly: 'ver a auditoria' },
      schema: {
        tags: ['audit'],
        security: [{ bearer: [] }],
        summary:
          "The organisation's audit log, newest first: who did what, when and from where (filters: part of " +
          "the actor's e-mail, the action, a period; rows are kept 400 days)",
        querystring: listAuditQuerySchema,
        response: { 200: auditListSchema, 400: errorResponseSchema },
      },
    },
    (request) => request.tenantTx((scope) => service.listAudit(scope, request.query)),
  );
};
