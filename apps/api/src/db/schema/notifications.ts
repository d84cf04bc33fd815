import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { tenantIsolation } from './rls.ts';
import { tickets } from './tickets.ts';
import { users } from './users.ts';

/**
 * One row per alert of a tenant, addressed to all its users (per-user state lives in
 * notification_states, written only when a user reads or clears). `seq` (platform-wide) orders
 * the lists; `tenant_seq` numbers the tenant's notifications 1, 2, 3… in commit order: the live
 * stream's event id (`n1-<tenant_seq>`) and what Last-Event-ID replays from.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').notNull().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /**
     * Set at commit by the deferred trigger notifications_tenant_seq (migration 0015) from
     * tenants.notification_seq, whatever the insert said: null only inside the inserting
     * transaction, never in a committed row.
     */
    tenantSeq: bigint('tenant_seq', { mode: 'number' }),
    tenantId: tenantId(),
    alertType: text('alert_type').notNull(),
    priority: text('priority').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** No foreign key: a notification outlives the ticket or message it was about. */
    ticketId: uuid('ticket_id'),
    messageId: uuid('message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('notifications_tenant_seq_idx').on(t.tenantId, t.seq.desc()),
    // The stream: a tenant's notifications after a number, and a replay's window (the newest N).
    uniqueIndex('notifications_tenant_tenant_seq_idx').on(t.tenantId, t.tenantSeq),
    // + notifications_tenant_seq_cover_idx (INCLUDE id, created_at, alert_type, priority) and
    // notification_states_user_cover_idx: migration 0009, by hand (Drizzle cannot say INCLUDE).
    // The hourly prune (older than 90 days) reads only what it deletes.
    index('notifications_created_idx').on(t.createdAt),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/** A user's read/cleared state of one notification (absent: unread, shown). */
export const notificationStates = pgTable(
  'notification_states',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.notificationId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.notificationId],
      foreignColumns: [notifications.tenantId, notifications.id],
    }).onDelete('cascade'),
    index('notification_states_notification_idx').on(t.tenantId, t.notificationId),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * A user's counts among the notifications they see (created since their account), per alert type
 * and priority: not cleared (`total`) and, of those, not read (`unread`). Kept exact by the
 * triggers of migration 0025 in the transactions that number (commit), read, clear or delete
 * notifications and create users; the bell sums the rows its preferences allow.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    alertType: text('alert_type').notNull(),
    priority: text('priority').notNull(),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.alertType, t.priority] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * Edge state of each (ticket, alert type): an alert is created when its condition turns true
 * (`active` false → true) and re-armed when it turns false, so re-analysing creates no duplicate.
 */
export const alertStates = pgTable(
  'alert_states',
  {
    tenantId: tenantId(),
    ticketId: uuid('ticket_id').notNull(),
    alertType: text('alert_type').notNull(),
    active: boolean('active').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ticketId, t.alertType] }),
    foreignKey({
      columns: [t.tenantId, t.ticketId],
      foreignColumns: [tickets.tenantId, tickets.id],
    }).onDelete('cascade'),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/** A user's notification preferences (absent: nothing muted, minimum priority low). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id').notNull(),
    tenantId: tenantId(),
    mutedAlertTypes: text('muted_alert_types').array().notNull().default(sql`'{}'::text[]`),
    minPriority: text('min_priority').notNull().default('low'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type NotificationRow = typeof notifications.$inferSelect;
