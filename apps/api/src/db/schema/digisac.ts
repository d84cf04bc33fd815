import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/**
 * A tenant's link to its DigiSac for ingestion: the webhook registered there (its URL holds a
 * secret stored here only as a SHA-256 hash) and the catch-up sync's cursor. One row per tenant.
 */
export const digisacLinks = pgTable(
  'digisac_links',
  {
    tenantId: tenantId().primaryKey(),
    /** SHA-256 (hex) of the secret in the webhook's URL; null when no webhook is active. */
    webhookSecretHash: text('webhook_secret_hash'),
    /** The webhook's id at DigiSac (to deactivate it). */
    webhookId: text('webhook_id'),
    webhookRegisteredAt: timestamp('webhook_registered_at', { withTimezone: true }),
    /** The catch-up sync reads tickets updated since this (minus an overlap). */
    syncCursor: timestamp('sync_cursor', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t): PgTableExtraConfigValue[] => [
    // The intake finds the tenant by the hash, across tenants (system lookup).
    unique('digisac_links_secret_unique').on(t.webhookSecretHash),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * The inbox: every DigiSac event as received (webhook, history import or catch-up), written
 * before the webhook is answered and processed by the workers at least once. `dedupe_key` makes
 * a repeated delivery one row; `work_key` (the DigiSac ticket, else the contact) is what one
 * worker holds at a time (digisac_work_leases), so one ticket's events apply in order.
 */
export const digisacEvents = pgTable(
  'digisac_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    /** The event's name as received (capped), e.g. message.created. */
    event: text('event').notNull(),
    /** 'webhook', 'import' or 'sync'. */
    source: text('source').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    workKey: text('work_key').notNull(),
    /** DigiSac's time of the message (its `timestamp`): one ticket's events apply in this order. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    /** The entity as received; dropped after 7 days (only the outcome is kept). */
    payload: jsonb('payload'),
    /** 'pending', 'processed', 'failed' or 'ignored'. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why it failed (the last try), in words for the team; never the payload. */
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('digisac_events_dedupe_unique').on(t.tenantId, t.dedupeKey),
    // The workers' claim, across tenants: the pending events whose time has come.
    index('digisac_events_pending_idx').on(t.nextAttemptAt).where(sql`state = 'pending'`),
    // One work key's pending events, in order.
    index('digisac_events_work_idx').on(t.tenantId, t.workKey, t.occurredAt).where(sql`state = 'pending'`),
    // Status counts (24 h) and the failed list.
    index('digisac_events_received_idx').on(t.tenantId, t.receivedAt),
    index('digisac_events_state_idx').on(t.tenantId, t.state, t.receivedAt),
    // The payloads the prune drops after 7 days, across tenants.
    index('digisac_events_payload_idx').on(t.receivedAt).where(sql`payload is not null`),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/**
 * Which worker holds a work key (a DigiSac ticket) until when: taken with an atomic upsert, so two
 * processes never interleave one ticket's events; a crashed worker's lease simply runs out.
 */
export const digisacWorkLeases = pgTable(
  'digisac_work_leases',
  {
    tenantId: tenantId(),
    workKey: text('work_key').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.tenantId, t.workKey] }),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

/** A history import (`POST …/digisac/import`): its window, progress and outcome; resumable. */
export const digisacImports = pgTable(
  'digisac_imports',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    days: integer('days').notNull(),
    /** 'running', 'done', 'failed' or 'cancelled'. */
    state: text('state').notNull().default('running'),
    /** Tickets updated since this are imported; `cursor` is how far it got (updatedAt, resumable). */
    since: timestamp('since', { withTimezone: true }).notNull(),
    cursor: timestamp('cursor', { withTimezone: true }),
    /** DigiSac's page of the ticket list the import reads next, and how many pages there were. */
    page: integer('page').notNull().default(1),
    lastPage: integer('last_page'),
    tickets: integer('tickets').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('digisac_imports_tenant_idx').on(t.tenantId, t.startedAt.desc()),
    index('digisac_imports_running_idx').on(t.leaseUntil).where(sql`state = 'running'`),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type DigisacEvent = typeof digisacEvents.$inferSelect;

/**
 * The webhook intake's token buckets: each tenant's limit (DIGISAC_INTAKE_EVENTS_PER_SECOND,
 * refilling up to DIGISAC_INTAKE_BURST) split over a few rows (digisac.repo.ts
 * intakeBucketShards), a delivery taking a token from one at random in the statement that stores it. Shared by every process; split so
 * one tenant's deliveries do not all queue on one row lock held until its commit.
 */
export const digisacIntakeBuckets = pgTable(
  'digisac_intake_buckets',
  {
    tenantId: tenantId(),
    shard: integer('shard').notNull(),
    tokens: real('tokens').notNull(),
    refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.tenantId, t.shard] }),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();
