import {
  digisacConnectionTestBodySchema,
  digisacConnectionTestSchema,
  digisacTicketListSchema,
  digisacTicketsQuerySchema,
  errorResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
};
