import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { tenantIsolation } from './rls.ts';

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text('title'),
    content: text('content').notNull(),
    conversationText: text('conversation_text'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The customer's name when linked, kept when the customer is deleted (nothing lost). */
    customerName: text('customer_name'),
    flagged: boolean('flagged').notNull().default(false),
    /** The newest analysis: list filters join on it instead of searching the history. */
    latestAnalysisId: uuid('latest_analysis_id').references((): AnyPgColumn => ticketAnalyses.id, {
      onDelete: 'set null',
    }),
    /** Folded title, content and customer name: what search matches. */
    searchText: text('search_text').notNull(),
    /**
     * SLA (kept by the triggers of migration 0007, read by the SLA monitor): since when the customer
     * has waited for an answer — the first inbound message no outbound one answered, or the
     * ticket's creation; null when nobody waits (answered, or settled without an alert).
     */
    waitStartedAt: timestamp('wait_started_at', { withTimezone: true }),
    /** The newest outbound message: an inbound one older than it was answered already. */
    lastAnsweredAt: timestamp('last_answered_at', { withTimezone: true }),
    /** The current wait still needs the monitor's look (false once alerted or settled). */
    slaPending: boolean('sla_pending').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // The SLA monitor's one query: only tickets still waiting for its look, oldest first.
    index('tickets_sla_pending_idx').on(t.waitStartedAt).where(sql`sla_pending`),
    index('tickets_tenant_customer_idx').on(t.tenantId, t.customerId),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/** Every analysis of a ticket is kept (history); reprocessing adds the next version. */
export const ticketAnalyses = pgTable(
  'ticket_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references((): AnyPgColumn => tickets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Who answered: 'local' (offline analyzer) or 'openai', and its model. */
    provider: text('provider').notNull(),
    model: text('model'),
    /** Why the requested provider did not answer, when the offline one stood in. */
    providerError: text('provider_error'),
    overallSentiment: text('overall_sentiment').notNull(),
    complexityScore: real('complexity_score').notNull(),
    confidenceScore: real('confidence_score').notNull(),
    csatScore: real('csat_score').notNull(),
    solvedStatus: text('solved_status').notNull(),
    analysisExplanation: text('analysis_explanation').notNull(),
    containsRedFlags: boolean('contains_red_flags').notNull(),
    redFlagWords: text('red_flag_words').array().notNull(),
    requiresEscalation: boolean('requires_escalation').notNull(),
    escalationReasons: text('escalation_reasons').array().notNull(),
    urgencyLevel: text('urgency_level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('ticket_analyses_version_unique').on(t.ticketId, t.version), tenantIsolation(t.tenantId)],
).enableRLS();

export type Ticket = typeof tickets.$inferSelect;
export type TicketAnalysis = typeof ticketAnalyses.$inferSelect;
