import {
  bulkFlaggedTermsResultSchema,
  bulkFlaggedTermsSchema,
  createFlaggedTermSchema,
  errorResponseSchema,
  flaggedTermListSchema,
  flaggedTermSchema,
  idParamsSchema,
  listFlaggedTermsQuerySchema,
  updateFlaggedTermSchema,
} from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/audit.service.ts';
import * as service from './flagged-terms.service.ts';

const tags = ['flagged-terms'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const errorsById = { ...errors, 404: errorResponseSchema };
/** Every write: the terms shape every analysis of the organisation. */
const adminOnly = { adminOnly: 'alterar os termos sinalizados' };

export const flaggedTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/flagged-terms',
    {
      schema: {
        tags,
        security,
        summary: 'List the flagged terms (search ignores case and accents; ordered by term; at most 1000)',
        querystring: listFlaggedTermsQuerySchema,
        response: { 200: flaggedTermListSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.listFlaggedTerms(scope, request.query)),
  );

  app.post(
    '/flagged-terms',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Add a flagged term (unique in the tenant ignoring case and accents; at most 1000 terms)',
        body: createFlaggedTermSchema,
        response: { 201: flaggedTermSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const term = await request.tenantTx((scope) =>
        service.createFlaggedTerm(scope, actorOf(request), request.body),
      );
      return reply.status(201).send(term);
    },
  );

  app.post(
    '/flagged-terms/bulk',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Add many terms at once: each item is reported as created, duplicate or invalid; 409 (nothing created) when the new ones would pass 1000 terms',
        body: bulkFlaggedTermsSchema,
        response: { 200: bulkFlaggedTermsResultSchema, 409: errorResponseSchema, ...errors },
      },
    },
    (request) =>
      request.tenantTx((scope) =>
        service.bulkCreateFlaggedTerms(scope, actorOf(request), request.body.terms),
      ),
  );

  app.put(
    '/flagged-terms/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Change a flagged term: send only the changed fields (term, is_active)',
        params: idParamsSchema,
        body: updateFlaggedTermSchema,
        response: { 200: flaggedTermSchema, 409: errorResponseSchema, ...errorsById },
      },
    },
    (request) =>
      request.tenantTx((scope) =>
        service.updateFlaggedTerm(scope, actorOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/flagged-terms/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Delete a flagged term',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorsById },
      },
    },
    async (request, reply) => {
      await request.tenantTx((scope) =>
        service.deleteFlaggedTerm(scope, actorOf(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/flagged-terms/:id/toggle',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Switch a flagged term between active and inactive (no body)',
        params: idParamsSchema,
        response: { 200: flaggedTermSchema, 409: errorResponseSchema, ...errorsById },
      },
    },
    (request) =>
      request.tenantTx((scope) => service.toggleFlaggedTerm(scope, actorOf(request), request.params.id)),
  );
};
