import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { users } from './users.ts';

// The identity provider's own tables. They hold secrets, so app_user has no rights on them
// (revoked in their migration): only the provider, running as the owner, reads them.

/** RS256 key pairs that sign tokens; generated on first start, newest signs. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refresh tokens, stored hashed; revoked when the password changes. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId)],
);

/** Password-reset codes (6 digits, stored hashed, 1 h, limited attempts). */
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reset_codes_user_idx').on(t.userId, t.createdAt)],
);

/** Open NEW_PASSWORD_REQUIRED challenges, keyed by the hash of the Session handed out. */
export const authChallenges = pgTable('auth_challenges', {
  sessionHash: text('session_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SRP sign-in claims already answered, by the nonce of their SECRET_BLOCK: a block is used once
 * (the insert is the claim), and a refused one may carry one USER_PASSWORD_AUTH fallback from
 * the same address (`fallbackUsedAt`). Kept until the block expires (swept with the counters).
 */
export const srpClaims = pgTable('srp_claims', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** The client address (as the limits count it) that answered the challenge. */
  address: text('address').notNull(),
  /** Whether the claim tested a password (the user had a verifier): then no fallback may. */
  tested: boolean('tested').notNull(),
  fallbackUsedAt: timestamp('fallback_used_at', { withTimezone: true }),
});
