import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  real,
  text,
  unique,
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
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    content: text('content').notNull(),
    /** 'inbound' (from the customer) or 'outbound' (from the team). */
    direction: text('direction').notNull(),
    /** Free text: web, whatsapp, email… */
    channel: text('channel').notNull().default('web'),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The staff member (a user of the tenant) who handles it. */
    expertId: uuid('expert_id').references(() => users.id, { onDelete: 'set null' }),
    flagged: boolean('flagged').notNull().default(false),
    latestAnalysisId: uuid('latest_analysis_id').references((): AnyPgColumn => messageAnalyses.id, {
      onDelete: 'set null',
    }),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('messages_tenant_ticket_idx').on(t.tenantId, t.ticketId),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export const messageAnalyses = pgTable(
  'message_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    messageId: uuid('message_id')
      .notNull()
      .references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
  },
  (t) => [unique('message_analyses_version_unique').on(t.messageId, t.version), tenantIsolation(t.tenantId)],
).enableRLS();

export type Message = typeof messages.$inferSelect;
export type MessageAnalysis = typeof messageAnalyses.$inferSelect;
