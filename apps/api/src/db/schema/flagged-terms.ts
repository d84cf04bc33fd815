import { boolean, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from './rls.ts';
import { tenants } from './tenants.ts';

/** Words the team wants flagged in customer messages (matched ignoring case and accents). */
export const flaggedTerms = pgTable(
  'flagged_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** As the team wrote it (trimmed); reported that way when found. */
    term: text('term').notNull(),
    /** Folded term: one per tenant, so "Procon" and "procon" are the same term. */
    termFolded: text('term_folded').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('flagged_terms_tenant_term_unique').on(t.tenantId, t.termFolded),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type FlaggedTerm = typeof flaggedTerms.$inferSelect;
