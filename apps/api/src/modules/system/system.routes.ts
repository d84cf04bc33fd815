import { runtimeConfigSchema } from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webAppIdp } from '../identity/identity.service.ts';

const statusSchema = z.object({ status: z.string() });

/** /readyz answers within this, whatever the database does (a locked table, a dead host). */
export const readyTimeoutMs = 2000;

/** Settles as `work` does, or rejects once `ms` pass first. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // a late failure after the timer won must not be unhandled
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Health checks and the SPA's runtime settings; no authentication. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: { tags: ['system'], summary: 'The process is up', response: { 200: statusSchema } },
      // Liveness stays cheap and true under load shedding.
      config: { answersUnderLoad: true },
    },
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
        await within(readyTimeoutMs, app.database.ping());
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).header('retry-after', '5').send({ status: 'unavailable' });
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
      return { idp: webAppIdp(app.config) };
    },
  );
};
