import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/**
 * Every waiting episode of a ticket, recorded by the messages/tickets triggers when the wait
 * starts (migration 0019; breached ones only before it), and settled by the SLA monitor
 * (modules/notifications/sla.ts): kept beyond the notifications' 90 days so reports can count
 * breaches and answers within the limit. No foreign key to the ticket: the count survives its
 * deletion.
 */
export const slaEpisodes = pgTable(
  'sla_episodes',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    ticketId: uuid('ticket_id').notNull(),
    /** When the customer started waiting (the first unanswered inbound message, or the ticket's creation). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the wait reaches the tenant's warning share of the limit, in business time (the monitor fills it). */
    warnAt: timestamp('warn_at', { withTimezone: true }),
    /** When the wait reaches the limit, in business time; 'infinity' when the schedule never opens. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the monitor raised its sla_warning (or passed it, breaching at once). */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    /** When the monitor saw the wait pass the tenant's limit. */
    breachedAt: timestamp('breached_at', { withTimezone: true }),
    /** The first outbound message after it (set by the messages trigger). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('sla_episodes_ticket_started_unique').on(t.tenantId, t.ticketId, t.startedAt),
    index('sla_episodes_tenant_breached_idx').on(t.tenantId, t.breachedAt),
    // The monitor's reads: open waits without deadlines, then those whose deadline has passed.
    index('sla_episodes_undated_idx')
      .on(t.startedAt)
      .where(sql`answered_at is null and breached_at is null and due_at is null`),
    index('sla_episodes_warn_idx')
      .on(t.warnAt)
      .where(sql`answered_at is null and warned_at is null and breached_at is null and warn_at is not null`),
    index('sla_episodes_due_idx')
      .on(t.dueAt)
      .where(sql`answered_at is null and breached_at is null and due_at is not null`),
    index('sla_episodes_tenant_started_idx').on(t.tenantId, t.startedAt),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();
