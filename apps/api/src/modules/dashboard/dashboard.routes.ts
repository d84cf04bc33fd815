import { dashboardQuerySchema, dashboardSchema, errorResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './dashboard.service.ts';

const errors = { 400: errorResponseSchema };

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics/dashboard',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "The tickets created in a window, by their newest analysis: each figure is what the tickets list's filter of the same name counts for the window (days 7|30|90, or start_date/end_date, at most 366 days)",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.getDashboard(scope, request.query)),
  );
};
