import { digisacIngestionMessages, digisacIntakeAnswerSchema, errorResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { webhookInboxEntry } from './digisac.inbox.ts';
import * as service from './digisac.service.ts';

/** A DigiSac event is a few kB; a message's text is capped at 100,000 characters by the workers. */
export const intakeBodyLimitBytes = 256 * 1024;

const webhookNotFound = () => notFound(digisacIngestionMessages.webhookNotFound);

/**
 * The public intake DigiSac posts to (no bearer token: the secret in the URL is the credential,
 * app.ts keeps it out of the logs). Nothing else happens on the request path: the event is written
 * to the tenant's inbox in one statement and answered 202 once committed; the workers do the
 * rest. What DigiSac sends is never refused for its content (DigiSac must not disable the hook):
 * any content type is read as text, and a body that is not JSON, or not an event the workers
 * know, is stored as ignored.
 */
export const digisacWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin only: the body as text whatever its content type (JSON is parsed by the inbox).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    `${service.webhookPathPrefix}:secret`,
    {
      bodyLimit: intakeBodyLimitBytes,
      schema: {
        tags: ['digisac'],
        summary:
          "DigiSac's webhook for one tenant (the URL Atende registered there; no bearer token): the " +
          'event `{event, data}` is stored in the inbox and answered 202 once committed, a delivery seen ' +
          'before included; events it does not know, and bodies that are not JSON, are stored as ignored. ' +
          "404 unknown secret, 413 over 256 kB, 429 with Retry-After over the tenant's intake limit",
        params: z.object({ secret: z.string() }),
        response: {
          202: digisacIntakeAnswerSchema,
          404: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Read before the look-up, so an unknown secret costs what a known one does.
      const entry = webhookInboxEntry(typeof request.body === 'string' ? request.body : '');
      const delivery = await service.receiveWebhookDelivery(
        { db: app.database.db, config: app.config },
        request.params.secret,
        entry,
      );
      if (delivery === 'unknown') throw webhookNotFound();
      if (delivery === 'limited') {
        const seconds = service.intakeRetryAfterSeconds(app.config);
        reply.header('retry-after', String(seconds));
        throw new AppError('rate_limited', digisacIngestionMessages.intakeRateLimited(seconds));
      }
      return reply.status(202).send({ accepted: true, duplicate: !delivery.stored });
    },
  );

  // Any other method or a longer path under the prefix: the same 404, and the not-found handler
  // (which names the path in its answer and its log line) never sees a secret.
  app.all(`${service.webhookPathPrefix}*`, { schema: { hide: true } }, async () => {
    throw webhookNotFound();
  });
};
