import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from './rls.ts';
import { tenants } from './tenants.ts';

/** Staff who sign in. The built-in identity provider owns the credentials. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Stored lower-cased: sign-in is case-insensitive and one address is one user. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    /** Set by a temporary password: the next sign-in answers NEW_PASSWORD_REQUIRED. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('users_tenant_idx').on(t.tenantId), tenantIsolation(t.tenantId)],
).enableRLS();

export type User = typeof users.$inferSelect;
