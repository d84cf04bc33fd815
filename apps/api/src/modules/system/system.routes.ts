import { runtimeConfigSchema } from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { idpSettings } from '../identity/idp-config.ts';

const statusSchema = z.object({ status: z.string() });

/** Health checks and the SPA's runtime settings; no authentication. */
export const systemRoutes =
  (config: Config, database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['system'], summary: 'The process is up', response: { 200: statusSchema } } },
      async () => ({ status: 'ok' }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['system'],
          summary: 'The database answers',
          response: { 200: statusSchema, 503: statusSchema },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ready' };
        } catch (err) {
          request.log.warn({ err }, 'database not ready');
          return reply.status(503).send({ status: 'unavailable' });
        }
      },
    );

    app.get(
      '/config.json',
      {
        schema: {
          tags: ['system'],
          summary: "The web app's runtime settings (identity provider)",
          response: { 200: runtimeConfigSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        const { endpoint, region, poolId, clientId } = idpSettings(config);
        return { idp: { endpoint, region, userPoolId: poolId, clientId } };
      },
    );
  };
