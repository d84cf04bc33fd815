import { boolean, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/** Words the team wants flagged in customer messages (matched ignoring case and accents). */
export const flaggedTerms = pgTable(
  'flagged_terms',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    /** As the team wrote it (trimmed); reported that way when found. */
    term: text('term').notNull(),
    /** Folded term: one per tenant, so "Procon" and "procon" are the same term. */
    termFolded: text('term_folded').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('flagged_terms_tenant_term_unique').on(t.tenantId, t.termFolded),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type FlaggedTerm = typeof flaggedTerms.$inferSelect;
