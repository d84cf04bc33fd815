import {
  type AlertType,
  type Priority,
  type PushPayload,
  type PushSubscriptionInput,
  type PushSubscriptionResult,
  pushSubscriptionsPerUser,
} from '@atende/contracts';
import type { Config } from '../../config.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from './notifications.repo.ts';
import { endpointAllowed } from './push.client.ts';
import { loadVapidKeys } from './push.keys.ts';
import * as repo from './push.repo.ts';

// Web Push (issue 34): the devices a user subscribed (POST/DELETE /notifications/push-subscriptions)
// and the outbox rows the alert rules write in their transaction (push.delivery.ts sends them).

const rank: Record<Priority, number> = { low: 0, medium: 1, high: 2 };
/** A push's payload is encrypted into at most ~4 kB: the message is cut well before. */
const payloadMessageMax = 1000;

/** The server's VAPID public key (base64url): the browsers' applicationServerKey. */
export const publicKey = (config: Config) => ({ public_key: loadVapidKeys(config).publicKey });

const endpointRefused = () =>
  new AppError('validation_error', 'O endereço do serviço de push deve ser uma URL https pública.', [
    { field: 'body.endpoint', message: 'O endereço do serviço de push deve ser uma URL https pública.' },
  ]);

/**
 * Stores the caller's device (the browser's PushSubscription): the same endpoint again replaces
 * its keys, one the tenant's other user had becomes the caller's; beyond 10 devices the oldest go.
 */
export async function subscribe(
  { tenantId, tx }: TenantScope,
  viewer: Viewer,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  config: Pick<Config, 'PUSH_ALLOW_PRIVATE_HOSTS'>,
): Promise<PushSubscriptionResult> {
  if (!endpointAllowed(input.endpoint, config.PUSH_ALLOW_PRIVATE_HOSTS)) throw endpointRefused();
  await repo.upsertSubscription(tx, {
    tenantId,
    userId: viewer.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent ? userAgent.slice(0, 300) : null,
  });
  const devices = await repo.trimSubscriptions(tx, tenantId, viewer.userId, pushSubscriptionsPerUser);
  return { success: true, devices };
}

/** Forgets the caller's device with this endpoint (nothing to forget is not an error). */
export async function unsubscribe(
  { tenantId, tx }: TenantScope,
  viewer: Viewer,
  endpoint: string,
): Promise<PushSubscriptionResult> {
  await repo.deleteSubscription(tx, tenantId, viewer.userId, endpoint);
  return { success: true, devices: await repo.countSubscriptions(tx, tenantId, viewer.userId) };
}

/** A user disabled (the `user.sessions_ended` reaction): their devices are forgotten. */
export const forgetDevicesOfDisabledUser = ({ tenantId, tx }: TenantScope, userId: string) =>
  repo.deleteSubscriptionsOfDisabledUser(tx, tenantId, userId);

/** The Topic header of a notification's push: base64url of its UUID's 16 bytes (22 characters). */
export const topicOf = (notificationId: string) =>
  Buffer.from(notificationId.replace(/-/g, ''), 'hex').toString('base64url');

export interface NewNotification {
  id: string;
  alertType: AlertType;
  priority: Priority;
  title: string;
  message: string;
  ticketId: string | null;
}

/**
 * In the alert's transaction: queues the pushes of one burst of new notifications (one ticket's):
 * per user, the highest-priority one their preferences let through, once per ticket per 60 s.
 * Answers how many pushes were queued.
 */
export function enqueueForNotifications({ tenantId, tx }: TenantScope, created: NewNotification[]) {
  return repo.enqueue(
    tx,
    tenantId,
    created.map((n, ord) => {
      const payload: PushPayload = {
        notification_id: n.id,
        title: n.title,
        message:
          n.message.length > payloadMessageMax ? `${n.message.slice(0, payloadMessageMax - 1)}…` : n.message,
        priority: n.priority,
        ticket_id: n.ticketId,
      };
      return {
        id: n.id,
        alertType: n.alertType,
        rank: rank[n.priority],
        ord,
        ticketId: n.ticketId,
        payload: JSON.stringify(payload),
        urgency: n.priority === 'high' ? 'high' : 'normal',
      };
    }),
  );
}
