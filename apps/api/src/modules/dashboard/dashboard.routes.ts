import {
  dashboardQuerySchema,
  dashboardSchema,
  errorResponseSchema,
  slaAnalyticsQuerySchema,
  slaAnalyticsSchema,
} from '@atende/contracts';
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

  app.get(
    '/analytics/sla',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "'SLA cumprido': the waiting episodes started in a window (the dashboard's: days 7|30|90, or " +
          'start_date/end_date, at most 366 days), met or breached per São Paulo day, with the median ' +
          'and p90 first-answer times in business minutes; counted from data_since',
        querystring: slaAnalyticsQuerySchema,
        response: { 200: slaAnalyticsSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.getSlaAnalytics(scope, request.query)),
  );
};
