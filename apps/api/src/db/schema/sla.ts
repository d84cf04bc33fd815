import { index, pgTable, primaryKey, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/**
 * Every breached waiting episode of a ticket (the SLA monitor, modules/notifications/sla.ts):
 * kept beyond the notifications' 90 days so reports can count breaches. No foreign key to the
 * ticket: the count survives its deletion.
 */
export const slaEpisodes = pgTable(
  'sla_episodes',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    ticketId: uuid('ticket_id').notNull(),
    /** When the customer started waiting (the first unanswered inbound message, or the ticket's creation). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the monitor saw the wait pass the tenant's limit. */
    breachedAt: timestamp('breached_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first outbound message after it (set by the messages trigger). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('sla_episodes_ticket_started_unique').on(t.tenantId, t.ticketId, t.startedAt),
    index('sla_episodes_tenant_breached_idx').on(t.tenantId, t.breachedAt),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();
