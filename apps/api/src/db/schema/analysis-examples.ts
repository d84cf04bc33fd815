import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { analysisFeedback } from './analysis-feedback.ts';
import { createdAt, tenantId } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/**
 * The team's corrections as examples (issue "Analyzer v3"): a 👎 with a corrected sentiment or
 * intent on a message analysis keeps the message's text here with the corrected label. A new
 * message whose trigram similarity (pg_trgm) to examples passes a threshold takes their label
 * (analysis/corrections.ts). One row per feedback row (a changed verdict replaces or removes it);
 * at most 5,000 per tenant, the oldest out; texts of at most 2,000 characters.
 */
export const analysisExamples = pgTable(
  'analysis_examples',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    feedbackId: uuid('feedback_id').notNull(),
    /** 'sentiment' or 'intent'. */
    field: text('field').notNull(),
    /** The corrected value (a sentiment or an intent). */
    label: text('label').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.feedbackId],
      foreignColumns: [analysisFeedback.tenantId, analysisFeedback.id],
    }).onDelete('cascade'),
    unique('analysis_examples_feedback_unique').on(t.tenantId, t.feedbackId),
    // Oldest out: the tenant's rows by age.
    index('analysis_examples_tenant_created_idx').on(t.tenantId, t.createdAt),
    // Neighbours: text % $1 (pg_trgm).
    index('analysis_examples_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
    check('analysis_examples_text_length_check', sql`char_length(${t.text}) <= 2000`),
    check('analysis_examples_field_check', sql`${t.field} in ('sentiment', 'intent')`),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type AnalysisExample = typeof analysisExamples.$inferSelect;
