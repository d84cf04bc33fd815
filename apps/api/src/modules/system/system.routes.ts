import { runtimeConfigSchema } from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';

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
        return {
          idp: {
            endpoint: config.COGNITO_ENDPOINT ?? config.PUBLIC_URL,
            region: config.COGNITO_REGION,
            userPoolId: builtInPoolId,
            clientId: config.COGNITO_CLIENT_ID ?? builtInClientId,
          },
        };
      },
    );
  };

// The built-in identity provider's fixed pool and client (replaced by the identity module).
export const builtInPoolId = 'sa-east-1_atende';
export const builtInClientId = 'atende-web';
