import { foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { tenantIsolation } from './rls.ts';
import { users } from './users.ts';

/**
 * Agents' feedback on an analysis (issue "Analyzer v2"): 👍/👎 on one field of one analysis
 * version, with an optional correction. One row per user, analysis and field (a new verdict
 * replaces the old one).
 */
export const analysisFeedback = pgTable(
  'analysis_feedback',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    /** 'ticket' or 'message'. */
    analysisType: text('analysis_type').notNull(),
    /**
     * A ticket_analyses or message_analyses id (by analysisType). No foreign key: it may point at
     * either table; the service checks it is one of the tenant's.
     */
    analysisId: uuid('analysis_id').notNull(),
    /** 'sentiment', 'intent', 'escalation' or 'red_flags'. */
    field: text('field').notNull(),
    /** 'up' or 'down'. */
    verdict: text('verdict').notNull(),
    /** The right value (only with 'down'), see feedbackCorrectionValues in the contracts. */
    correction: text('correction'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    unique('analysis_feedback_user_field_unique').on(
      t.tenantId,
      t.userId,
      t.analysisType,
      t.analysisId,
      t.field,
    ),
    // The summary (last 30 days) and the export (newest first) read a tenant's rows by date.
    index('analysis_feedback_tenant_created_idx').on(t.tenantId, t.createdAt),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type AnalysisFeedbackRow = typeof analysisFeedback.$inferSelect;
