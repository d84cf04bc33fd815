import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables the server keeps for itself (no tenant rows): app_user has no rights on them (revoked in
// their migration), only the owner role reads and writes them.

/**
 * Security counters shared by every server process: a fixed window per key (`signin:acct:…`,
 * `reset:ip:…`). Counted with one atomic upsert *before* the secret comparison they guard.
 */
export const securityCounters = pgTable('security_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Mails waiting to be sent, so a request never waits on SMTP (and a known e-mail costs the same
 * time as an unknown one). A sender loop claims rows with FOR UPDATE SKIP LOCKED and a lease,
 * sends outside any transaction and deletes the row (it may hold a reset code).
 */
export const mailQueue = pgTable('mail_queue', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** Not before this time: set ahead while a sender holds the row, and for retry back-off. */
  availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * /api/v1 requests per key (`user:…`, `tenant:…`) and minute, summed over every process. Each
 * process counts in memory and adds its share here every few seconds (no write per request).
 */
export const apiRequestCounts = pgTable(
  'api_request_counts',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
