import {
  allQuerySchema,
  bulkResultSchema,
  emptyBodySchema,
  errorResponseSchema,
  notificationIdBodySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationStatsSchema,
  pushPublicKeySchema,
  pushSubscriptionResultSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  unreadQuerySchema,
  updateNotificationPreferencesSchema,
} from '@atende/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantScope } from '../../db/tenant.ts';
import type { Viewer } from './notifications.repo.ts';
import * as service from './notifications.service.ts';
import * as push from './push.service.ts';
import type { NotificationStreams } from './stream.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const withNotFound = { ...errors, 404: errorResponseSchema };

/** Runs `work` in the tenant's transaction as the signed-in user (their creation time, preferences). */
const asViewer = <T>(request: FastifyRequest, work: (scope: TenantScope, viewer: Viewer) => Promise<T>) =>
  request.tenantTx(async (scope) => work(scope, await service.viewerOf(scope, request.auth.sub)));

/** `streams`: the app's open streams (app.ts builds them: the domain events' reactions wake them). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ streams: NotificationStreams }> = async (
  app,
  { streams },
) => {
  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        security,
        summary:
          "Server-Sent Events of the caller's new notifications (`id: n1-<n>`, the tenant's own numbering; `event: notification`, data: one notification); Last-Event-ID replays up to 200 missed among the tenant's newest NOTIFICATION_REPLAY_WINDOW (a numeric id counts as absent); 429 with Retry-After beyond NOTIFICATION_STREAMS_PER_USER or NOTIFICATION_STREAMS_PER_TENANT open streams in the process",
        headers: z.object({ 'last-event-id': z.string().optional() }),
        response: {
          200: {
            description: "text/event-stream; each event's data is a notification (application/json)",
            content: {
              'text/event-stream': { schema: z.string() },
              'application/json': { schema: notificationSchema },
            },
          },
          ...errors,
          429: errorResponseSchema,
        },
      },
    },
    streams.open,
  );

  app.get(
    '/notifications/unread',
    {
      schema: {
        tags,
        security,
        summary: "The caller's unread notifications, newest first (total: all unread)",
        querystring: unreadQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    (request) =>
      asViewer(request, (scope, viewer) =>
        service.listNotifications(scope, viewer, { limit: request.query.limit, unreadOnly: true }),
      ),
  );

  app.get(
    '/notifications/all',
    {
      schema: {
        tags,
        security,
        summary: "The caller's notifications (not cleared), newest first; include_read=false: unread only",
        querystring: allQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    (request) =>
      asViewer(request, (scope, viewer) =>
        service.listNotifications(scope, viewer, {
          limit: request.query.limit,
          unreadOnly: !request.query.include_read,
        }),
      ),
  );

  app.get(
    '/notifications/stats',
    {
      schema: {
        tags,
        security,
        summary: 'Unread count, by priority and by type; total: all visible notifications',
        response: { 200: notificationStatsSchema, ...errors },
      },
    },
    (request) => asViewer(request, (scope, viewer) => service.stats(scope, viewer)),
  );

  app.post(
    '/notifications/mark-read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one notification read for the caller (count: 1 if it was unread)',
        body: notificationIdBodySchema,
        response: { 200: bulkResultSchema, ...withNotFound },
      },
    },
    (request) =>
      asViewer(request, (scope, viewer) => service.markRead(scope, viewer, request.body.notification_id)),
  );

  app.post(
    '/notifications/mark-all-read',
    {
      schema: {
        tags,
        security,
        summary: "Mark all the caller's shown notifications read (count: how many were unread)",
        body: emptyBodySchema,
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    (request) => asViewer(request, (scope, viewer) => service.markAllRead(scope, viewer)),
  );

  app.post(
    '/notifications/clear',
    {
      schema: {
        tags,
        security,
        summary: 'Hide one notification for the caller only (cleared counts as read)',
        body: notificationIdBodySchema,
        response: { 200: bulkResultSchema, ...withNotFound },
      },
    },
    (request) =>
      asViewer(request, (scope, viewer) => service.clear(scope, viewer, request.body.notification_id)),
  );

  app.post(
    '/notifications/clear-all',
    {
      schema: {
        tags,
        security,
        summary: "Hide all the caller's shown notifications for the caller only (count: how many)",
        body: emptyBodySchema,
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    (request) => asViewer(request, (scope, viewer) => service.clearAll(scope, viewer)),
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        security,
        summary: "The caller's muted alert types and minimum priority",
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    (request) => asViewer(request, async (_scope, viewer) => service.getPreferences(viewer)),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        security,
        summary:
          "Change the caller's preferences: send only the changed fields (muted types are hidden, not deleted)",
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    (request) => asViewer(request, (scope, viewer) => service.updatePreferences(scope, viewer, request.body)),
  );

  // Web Push (issue 34): the server's VAPID public key, and the caller's devices.
  app.get(
    '/notifications/push-public-key',
    {
      schema: {
        tags,
        security,
        summary:
          "The server's VAPID public key (base64url): the applicationServerKey of pushManager.subscribe",
        response: { 200: pushPublicKeySchema, ...errors },
      },
    },
    async () => push.publicKey(app.config),
  );

  app.post(
    '/notifications/push-subscriptions',
    {
      schema: {
        tags,
        security,
        summary:
          "Store the caller's device for Web Push (the browser's PushSubscription JSON); the same endpoint again replaces it; beyond 10 devices the oldest is removed. The endpoint must be https: and public",
        body: pushSubscriptionSchema,
        response: { 200: pushSubscriptionResultSchema, ...errors },
      },
    },
    (request) =>
      asViewer(request, (scope, viewer) =>
        push.subscribe(scope, viewer, request.body, request.headers['user-agent'], app.config),
      ),
  );

  app.delete(
    '/notifications/push-subscriptions',
    {
      schema: {
        tags,
        security,
        summary:
          "Forget the caller's device with this endpoint (turning browser notifications off, signing out); nothing to forget is not an error",
        body: pushUnsubscribeSchema,
        response: { 200: pushSubscriptionResultSchema, ...errors },
      },
    },
    (request) => asViewer(request, (scope, viewer) => push.unsubscribe(scope, viewer, request.body.endpoint)),
  );
};
