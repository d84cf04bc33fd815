import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  real,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns.ts';
import { customers } from './customers.ts';
import { tenantIsolation } from './rls.ts';
import { tickets } from './tickets.ts';
import { users } from './users.ts';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    content: text('content').notNull(),
    /** 'inbound' (from the customer) or 'outbound' (from the team or a bot). */
    direction: text('direction').notNull(),
    /**
     * Who wrote it: 'customer', 'agent' or 'bot' (a bot or a campaign: never an answer). The SLA
     * keys on it (migration 0016): only a customer's message opens a wait, only an agent's ends it.
     */
    sender: text('sender').notNull(),
    /** 'message', 'note' (internal, never sent to the customer) or 'system' (DigiSac's ticket events). */
    kind: text('kind').notNull().default('message'),
    /** The DigiSac message id (a message that came from DigiSac). */
    externalId: text('external_id'),
    /** DigiSac's message type when not plain text (image, audio, document…) and its file name. */
    mediaType: text('media_type'),
    fileName: text('file_name'),
    /** Free text: web, whatsapp, email… */
    channel: text('channel').notNull().default('web'),
    ticketId: uuid('ticket_id'),
    customerId: uuid('customer_id'),
    /** The staff member (a user of the tenant) who handles it. */
    expertId: uuid('expert_id'),
    flagged: boolean('flagged').notNull().default(false),
    latestAnalysisId: uuid('latest_analysis_id'),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
  },
  (t): PgTableExtraConfigValue[] => {
    // A function: Drizzle's .desc() configures the column for one index only.
    // NULLS FIRST: what ORDER BY … DESC means (see tickets.ts).
    const newestFirst = () => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
    // Each link is (tenant_id, x): PostgreSQL itself refuses another tenant's row. ON DELETE
    // SET NULL (x) is written in migration 0010 by hand (Drizzle cannot name the columns).
    const link = (column: typeof t.ticketId, to: { tenantId: AnyPgColumn; id: AnyPgColumn }) =>
      foreignKey({ columns: [t.tenantId, column], foreignColumns: [to.tenantId, to.id] }).onDelete(
        'set null',
      );
    return [
      primaryKey({ columns: [t.tenantId, t.id] }),
      link(t.ticketId, tickets),
      link(t.customerId, customers),
      link(t.expertId, users),
      link(t.latestAnalysisId, messageAnalyses),
      index('messages_tenant_created_idx').on(t.tenantId, ...newestFirst()),
      uniqueIndex('messages_tenant_external_unique')
        .on(t.tenantId, t.externalId)
        .where(sql`external_id is not null`),
      index('messages_tenant_ticket_idx').on(t.tenantId, t.ticketId, ...newestFirst()),
      index('messages_tenant_customer_idx').on(t.tenantId, t.customerId, ...newestFirst()),
      index('messages_tenant_direction_idx').on(t.tenantId, t.direction, ...newestFirst()),
      index('messages_tenant_flagged_idx')
        .on(t.tenantId, ...newestFirst())
        .where(sql`flagged`),
      // search= (LIKE '%word%'): trigrams (pg_trgm), led by the tenant (btree_gin, migration 0026).
      index('messages_search_trgm_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
      tenantIsolation(t.tenantId),
    ];
  },
).enableRLS();

export const messageAnalyses = pgTable(
  'message_analyses',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    messageId: uuid('message_id').notNull(),
    version: integer('version').notNull(),
    provider: text('provider').notNull(),
    model: text('model'),
    providerError: text('provider_error'),
    sentiment: text('sentiment').notNull(),
    intent: text('intent').notNull(),
    urgencyLevel: text('urgency_level').notNull(),
    confidenceScore: real('confidence_score').notNull(),
    languageDetected: text('language_detected').notNull(),
    containsRedFlags: boolean('contains_red_flags').notNull(),
    redFlagWords: text('red_flag_words').array().notNull(),
    suggestedResponses: text('suggested_responses').array().notNull(),
    /** pt-BR, when the tenant's corrections changed sentiment or intent (analysis_examples). */
    explanation: text('explanation'),
    createdAt: createdAt(),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.messageId],
      foreignColumns: [messages.tenantId, messages.id],
    }).onDelete('cascade'),
    unique('message_analyses_version_unique').on(t.tenantId, t.messageId, t.version),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * How many messages a tenant has per direction and kind: the exact total of a list filtered by
 * direction alone. Folded at each commit from message_count_deltas (migration 0025).
 */
export const messageCounts = pgTable(
  'message_counts',
  {
    tenantId: tenantId(),
    direction: text('direction').notNull(),
    kind: text('kind').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.direction, t.kind] }), tenantIsolation(t.tenantId)],
).enableRLS();

/**
 * A transaction's message changes per tenant, direction and kind, staged by statement triggers on
 * messages and folded into message_counts at its commit (then deleted): never read by the app.
 */
export const messageCountDeltas = pgTable(
  'message_count_deltas',
  {
    xact: bigint('xact', { mode: 'number' }).notNull(),
    tenantId: tenantId(),
    direction: text('direction').notNull(),
    kind: text('kind').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.xact, t.direction, t.kind] }), tenantIsolation(t.tenantId)],
).enableRLS();

export type Message = typeof messages.$inferSelect;
export type MessageAnalysis = typeof messageAnalyses.$inferSelect;
