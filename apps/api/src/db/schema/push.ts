import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns.ts';
import { tenantIsolation } from './rls.ts';
import { users } from './users.ts';

/**
 * Web Push (issue 34): one row per device (browser profile) a user subscribed, keyed by the push
 * service's endpoint within the tenant (the same browser signed in as another user of the tenant
 * takes the row over). At most 10 per user, the oldest out (push.service.ts). Deleted when the
 * push service answers 404/410, when the user turns the browser preference off or signs out (the
 * web app's DELETE) and when the user is disabled.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url, 65 bytes uncompressed). */
    p256dh: text('p256dh').notNull(),
    /** The subscription's authentication secret (base64url, 16 bytes). */
    auth: text('auth').notNull(),
    /** The browser that subscribed (User-Agent, cut to 300 characters): which device it is. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    unique('push_subscriptions_endpoint_unique').on(t.tenantId, t.endpoint),
    // A user's devices, oldest first (the cap) and who has any (the outbox's join).
    index('push_subscriptions_user_idx').on(t.tenantId, t.userId, t.createdAt),
    check('push_subscriptions_endpoint_length_check', sql`char_length(${t.endpoint}) <= 2048`),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * The pushes to send: one row per (notification, device), written in the transaction that
 * created the notification, read by the web-push workers (push.delivery.ts) with FOR UPDATE SKIP
 * LOCKED, sent outside any transaction, then deleted (sent, refused for good, or past the TTL) or
 * put off (`next_attempt_at`, back-off). The payload is stored as sent (the notification may be
 * pruned or cleared meanwhile).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    subscriptionId: uuid('subscription_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    /** The JSON the device receives (contracts' PushPayload). */
    payload: text('payload').notNull(),
    /** 'high' for a high-priority notification, else 'normal' (the Urgency header). */
    urgency: text('urgency').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.subscriptionId],
      foreignColumns: [pushSubscriptions.tenantId, pushSubscriptions.id],
    }).onDelete('cascade'),
    // The workers' claim across tenants: what is due, soonest first.
    index('push_outbox_due_idx').on(t.nextAttemptAt),
    index('push_outbox_subscription_idx').on(t.tenantId, t.subscriptionId),
    check('push_outbox_urgency_check', sql`${t.urgency} in ('high', 'normal')`),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * When a user's devices were last pushed an alert of a ticket: "one risky ticket, one
 * interruption" — no second push for the same (user, ticket) within 60 s. Written by an upsert
 * whose row lock serialises concurrent alert transactions of one ticket; pruned after an hour.
 */
export const pushTicketMarks = pgTable(
  'push_ticket_marks',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.ticketId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    index('push_ticket_marks_pushed_idx').on(t.pushedAt),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();
