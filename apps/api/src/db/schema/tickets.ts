import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { tenantIsolation } from './rls.ts';

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    title: text('title'),
    content: text('content').notNull(),
    conversationText: text('conversation_text'),
    customerId: uuid('customer_id'),
    /** The customer's name when linked, kept when the customer is deleted (nothing lost). */
    customerName: text('customer_name'),
    flagged: boolean('flagged').notNull().default(false),
    /** 'internal' (made in Atende) or 'digisac' (a DigiSac ticket, matched by external_id). */
    source: text('source').notNull().default('internal'),
    /** The DigiSac ticket id (source 'digisac'). */
    externalId: text('external_id'),
    /** DigiSac's protocol number, the contact's phone number, department and agent names. */
    protocol: text('protocol'),
    contactNumber: text('contact_number'),
    departmentName: text('department_name'),
    agentName: text('agent_name'),
    /** DigiSac's open/closed state (null for internal tickets). */
    isOpen: boolean('is_open'),
    /**
     * When the DigiSac ticket's transcript is to be rebuilt and analysed again (debounced while
     * messages arrive; now when it closes); null when nothing is due.
     */
    analysisDueAt: timestamp('analysis_due_at', { withTimezone: true }),
    /**
     * The newest analysis, and copies of its fields that lists filter and sort on (so one index
     * serves filter and order). Kept by the trigger `ticket_analyses_newest` (migration 0010) in
     * the transaction that adds the analysis; null/false/empty while the ticket has none.
     */
    latestAnalysisId: uuid('latest_analysis_id'),
    sentiment: text('sentiment'),
    csatScore: real('csat_score'),
    solvedStatus: text('solved_status'),
    containsRedFlags: boolean('contains_red_flags').notNull().default(false),
    requiresEscalation: boolean('requires_escalation').notNull().default(false),
    requiresAttention: boolean('requires_attention').generatedAlwaysAs(
      sql`contains_red_flags or requires_escalation`,
    ),
    /** The newest analysis's red-flag words, folded (the `red_flag_term` filter). */
    redFlagTerms: text('red_flag_terms').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Folded title, content and customer name: what search matches. Copied by a trigger into
     * ticket_search, where its trigram index lives (see there).
     */
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
  (t): PgTableExtraConfigValue[] => {
    // Every list reads newest first: each filter's index ends with the list's order. NULLS FIRST
    // is what `ORDER BY x DESC` means (Drizzle's .desc() alone says NULLS LAST: PostgreSQL would
    // then sort the whole slice instead of reading the index in order). A function: .desc()
    // configures the column for one index only.
    const newestFirst = () => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
    return [
      primaryKey({ columns: [t.tenantId, t.id] }),
      // ON DELETE SET NULL (customer_id) / (latest_analysis_id): written in migration 0010 by
      // hand (Drizzle cannot say which columns), so tenant_id is never nulled.
      foreignKey({
        columns: [t.tenantId, t.customerId],
        foreignColumns: [customers.tenantId, customers.id],
      }).onDelete('set null'),
      foreignKey({
        columns: [t.tenantId, t.latestAnalysisId],
        foreignColumns: [ticketAnalyses.tenantId, ticketAnalyses.id],
      }).onDelete('set null'),
      // The list's filter indexes — tickets_tenant_created_idx, _sentiment_idx, _solved_idx and the
      // partial _flagged_idx and _attention_idx — are written by hand in migration 0011: they
      // INCLUDE the other filter columns (Drizzle cannot say it), so an exact count is index-only.
      index('tickets_tenant_customer_idx').on(t.tenantId, t.customerId, ...newestFirst()),
      // CSAT: the csat_lt/csat_gte filters and sort=csat_score (no CSAT last, either order).
      index('tickets_tenant_csat_asc_idx').on(t.tenantId, t.csatScore.asc().nullsLast(), ...newestFirst()),
      index('tickets_tenant_csat_desc_idx').on(t.tenantId, t.csatScore.desc().nullsLast(), ...newestFirst()),
      // The SLA monitor's one query: only tickets still waiting for its look, oldest first.
      index('tickets_sla_pending_idx').on(t.waitStartedAt).where(sql`sla_pending`),
      // Partial: internal tickets (most rows) pay nothing for DigiSac's columns; ?source=internal
      // reads the other indexes and filters.
      uniqueIndex('tickets_tenant_external_unique')
        .on(t.tenantId, t.externalId)
        .where(sql`external_id is not null`),
      index('tickets_tenant_digisac_idx')
        .on(t.tenantId, ...newestFirst())
        .where(sql`source = 'digisac'`),
      index('tickets_analysis_due_idx').on(t.analysisDueAt).where(sql`analysis_due_at is not null`),
      tenantIsolation(t.tenantId),
    ];
  },
).enableRLS();

/** Every analysis of a ticket is kept (history); reprocessing adds the next version. */
export const ticketAnalyses = pgTable(
  'ticket_analyses',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    ticketId: uuid('ticket_id').notNull(),
    version: integer('version').notNull(),
    /** Who answered: 'local' (offline analyzer), 'openai' or 'seed' (seed-bulk), and its model. */
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
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.ticketId],
      foreignColumns: [tickets.tenantId, tickets.id],
    }).onDelete('cascade'),
    unique('ticket_analyses_version_unique').on(t.tenantId, t.ticketId, t.version),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * The trigram index of tickets' search_text, on a table of its own (kept by the trigger
 * tickets_search_copy, migration 0013): indexing a 100,000-character text costs ~17 ms, and on
 * the ticket row every analysis or flag (which rewrites the row) paid it again.
 */
export const ticketSearch = pgTable(
  'ticket_search',
  {
    tenantId: tenantId(),
    ticketId: uuid('ticket_id').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.tenantId, t.ticketId] }),
    foreignKey({
      columns: [t.tenantId, t.ticketId],
      foreignColumns: [tickets.tenantId, tickets.id],
    }).onDelete('cascade'),
    // search= (LIKE '%word%'): trigrams (pg_trgm), read by app_search_ids; led by the tenant
    // (btree_gin, migration 0026) so a search reads only its tenant's entries.
    index('ticket_search_trgm_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type Ticket = typeof tickets.$inferSelect;
export type TicketAnalysis = typeof ticketAnalyses.$inferSelect;
