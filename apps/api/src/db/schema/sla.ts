import { index, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
    id: uuid('id').primaryKey().defaultRandom(),
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
    unique('sla_episodes_ticket_started_unique').on(t.ticketId, t.startedAt),
    index('sla_episodes_tenant_breached_idx').on(t.tenantId, t.breachedAt),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();
