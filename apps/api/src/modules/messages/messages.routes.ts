import {
  analyzeQuerySchema,
  conversationQuerySchema,
  conversationSchema,
  createMessageSchema,
  errorResponseSchema,
  flagQuerySchema,
  idParamsSchema,
  listMessagesQuerySchema,
  messageListSchema,
  messageSchema,
} from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as analysis from '../analysis/analysis.service.ts';
import * as service from './messages.service.ts';

const tags = ['messages'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        tags,
        security,
        summary: 'List messages, newest first, each with its newest analysis',
        querystring: listMessagesQuerySchema,
        response: { 200: messageListSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.listMessages(scope, request.query)),
  );

  app.get(
    '/tickets/:id/conversation',
    {
      schema: {
        tags: ['messages', 'tickets'],
        security,
        summary:
          "A ticket's conversation, newest page first: up to `limit` (1–100, default 50) messages of every " +
          'kind (message, note, system) older than the message `before`, oldest first within the page, and ' +
          'whether older ones remain (`has_more`; ask again with `before` = the first message). A keyset on ' +
          '(created_at, id), not offsets',
        params: idParamsSchema,
        querystring: conversationQuerySchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    (request) =>
      request.tenantTx((scope) => service.getConversation(scope, request.params.id, request.query)),
  );

  app.get(
    '/messages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One message',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.getMessage(scope, request.params.id)),
  );

  app.post(
    '/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Create a message (direction inbound and channel web by default)',
        body: createMessageSchema,
        response: { 201: messageSchema, 503: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await service.createMessage(app, request.tenantTx, request.body);
      return reply.status(201).send(await request.tenantTx((scope) => service.getMessage(scope, id)));
    },
  );

  app.delete(
    '/messages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a message and its analyses',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await request.tenantTx((scope) => service.deleteMessage(scope, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/messages/:id/flag',
    {
      schema: {
        tags,
        security,
        summary: 'Flag or unflag a message',
        params: idParamsSchema,
        querystring: flagQuerySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) =>
      request.tenantTx((scope) => service.setMessageFlag(scope, request.params.id, request.query.flagged)),
  );

  app.post(
    '/messages/:id/analyze',
    {
      schema: {
        tags: ['messages', 'analysis'],
        security,
        summary:
          'Analyse a message again (sentiment, intent, urgency, red flags, suggested replies); adds a version',
        params: idParamsSchema,
        querystring: analyzeQuerySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await analysis.analyzeMessage(
        app,
        request.tenantTx,
        id,
        analysis.checkProvider(app, request.query.provider),
      );
      return request.tenantTx((scope) => service.getMessage(scope, id));
    },
  );
};
