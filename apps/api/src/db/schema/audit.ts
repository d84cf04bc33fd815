import { sql } from 'drizzle-orm';
import { index, jsonb, pgPolicy, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns.ts';
import { appUser } from './rls.ts';

/**
 * Who did what in a tenant, append-only: app_user may read its tenant's rows and add rows, never
 * change or delete one (no policy for it, and the grants are revoked in the migration). Rows are
 * written in the transaction of the change they record; the owner prunes them after 400 days.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    createdAt: createdAt(),
    /** One of the contracts' auditActions. */
    action: text('action').notNull(),
    /** The user who acted; null when nobody signed in did (a refused sign-in). No foreign key: a
     * record outlives whatever it names. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** What it was done to, as people read it (an e-mail, a term). */
    target: text('target'),
    /** The change: fields changed, before/after, filters. Never a secret's value. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_created_idx').on(t.createdAt),
    pgPolicy('audit_read', {
      as: 'permissive',
      for: 'select',
      to: appUser,
      using: sql`${t.tenantId} = (select app_current_tenant())`,
    }),
    pgPolicy('audit_append', {
      as: 'permissive',
      for: 'insert',
      to: appUser,
      withCheck: sql`${t.tenantId} = (select app_current_tenant())`,
    }),
  ],
).enableRLS();

export type AuditRow = typeof auditLog.$inferSelect;
