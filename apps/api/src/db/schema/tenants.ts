import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from './rls.ts';

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** DigiSac integration (spec: chat-service host and token); both null when not connected. */
    digisacHost: text('digisac_host'),
    /** Encrypted (lib/secrets.ts: `v1:…`); the plaintext is never answered or logged. */
    digisacToken: text('digisac_token'),
    /** The id of the key digisacToken is encrypted with; null for a plaintext token of old (boot encrypts it). */
    digisacTokenKeyId: text('digisac_token_key_id'),
    /** The token's last 4 characters, shown to the user to recognise it. */
    digisacTokenLast4: text('digisac_token_last4'),
    /** SLA: how long a customer may wait before a ticket_issues alert. */
    maxCustomerWaitTimeMinutes: integer('max_customer_wait_time_minutes').notNull().default(30),
    /** SLA: a sla_warning alert when a wait reaches this share of the limit (0 = no warning). */
    slaWarningPercent: integer('sla_warning_percent').notNull().default(80),
    /** Analyses take the sentiment/intent of close corrected examples (analysis_examples). */
    learnFromCorrections: boolean('learn_from_corrections').notNull().default(true),
    /** Bumped by a trigger on every flagged-term write: cached term matchers compare it. */
    termsVersion: integer('terms_version').notNull().default(0),
    /**
     * The tenant's last notification number (notifications.tenant_seq): bumped at commit of the
     * inserting transaction by the deferred trigger notifications_tenant_seq (migration 0015),
     * whose row lock serialises the tenant's notification commits, so the numbers follow commit
     * order.
     */
    notificationSeq: bigint('notification_seq', { mode: 'number' }).notNull().default(0),
    /** When the SLA monitor first saw the tenant: older waits are not alerted (no backfill). */
    slaWatchedSince: timestamp('sla_watched_since', { withTimezone: true }),
    /**
     * Every waiting episode is recorded from this instant on (before migration 0019 only breached
     * ones were): 'SLA cumprido' and the first-answer times count episodes started since.
     */
    slaEpisodesSince: timestamp('sla_episodes_since', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    tenantIsolation(t.id),
    check('tenants_sla_warning_percent_check', sql`${t.slaWarningPercent} between 0 and 99`),
  ],
).enableRLS();

export type Tenant = typeof tenants.$inferSelect;
