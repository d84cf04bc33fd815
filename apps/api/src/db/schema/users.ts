import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/** Staff who sign in. The built-in identity provider owns the credentials. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** Stored lower-cased: sign-in is case-insensitive and one address is one user. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /**
     * The SRP verifier (`v = g^x mod N`, hex) and its salt (hex) for USER_SRP_AUTH, stored with
     * every password (modules/identity/srp.ts); null until a password set before them is used.
     */
    srpSalt: text('srp_salt'),
    srpVerifier: text('srp_verifier'),
    groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    /** Set by a temporary password: the next sign-in answers NEW_PASSWORD_REQUIRED. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Carried in every token (`atende:gen`); bumped on disable and password change, which
     * makes the API refuse the tokens issued before (see auth.ts). */
    tokenGeneration: integer('token_generation').notNull().default(0),
    /**
     * When an admin invited the user (or re-sent the invitation): while the temporary password is
     * unchanged, it works for 7 days from here. Null for users made otherwise (the CLI, the seed).
     */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The last successful sign-in (built-in provider). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The e-mail and the id are global (sign-in knows no tenant); (tenant_id, id) is what the
  // tenant's rows link to, so a link to another tenant's user is refused by PostgreSQL.
  (t) => [unique('users_tenant_id_unique').on(t.tenantId, t.id), tenantIsolation(t.tenantId)],
).enableRLS();

export type User = typeof users.$inferSelect;
