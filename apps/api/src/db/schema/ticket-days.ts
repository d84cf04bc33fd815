import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/**
 * A tenant's tickets per São Paulo day of creation, with the figures the dashboard sums (the
 * tickets list's filters of the same name): what a whole day of a dashboard window reads. Kept at
 * each commit from ticket_day_deltas (migration 0025).
 */
export const ticketDays = pgTable(
  'ticket_days',
  {
    tenantId: tenantId(),
    day: date('day').notNull(),
    total: integer('total').notNull().default(0),
    solved: integer('solved').notNull().default(0),
    inProgress: integer('in_progress').notNull().default(0),
    notSolved: integer('not_solved').notNull().default(0),
    positive: integer('positive').notNull().default(0),
    negative: integer('negative').notNull().default(0),
    neutral: integer('neutral').notNull().default(0),
    mixed: integer('mixed').notNull().default(0),
    /** The day's CSAT scores summed exactly (the stored reals as numeric). */
    csatSum: numeric('csat_sum').notNull().default('0'),
    csatCount: integer('csat_count').notNull().default(0),
    csatBelow7: integer('csat_below_7').notNull().default(0),
    attention: integer('attention').notNull().default(0),
    escalation: integer('escalation').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] }), tenantIsolation(t.tenantId)],
).enableRLS();

/** How many of a day's tickets that need attention carry each red-flag word (the dashboard's top words). */
export const ticketDayTerms = pgTable(
  'ticket_day_terms',
  {
    tenantId: tenantId(),
    day: date('day').notNull(),
    term: text('term').notNull(),
    tickets: integer('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.term] }), tenantIsolation(t.tenantId)],
).enableRLS();

/**
 * A transaction's ticket changes per tenant and day (an empty `term`: the figures; else that word's
 * tickets), staged by statement triggers on tickets and folded into ticket_days/ticket_day_terms
 * at its commit (then deleted): never read by the app.
 */
export const ticketDayDeltas = pgTable(
  'ticket_day_deltas',
  {
    xact: bigint('xact', { mode: 'number' }).notNull(),
    tenantId: tenantId(),
    day: date('day').notNull(),
    term: text('term').notNull().default(''),
    total: integer('total').notNull().default(0),
    solved: integer('solved').notNull().default(0),
    inProgress: integer('in_progress').notNull().default(0),
    notSolved: integer('not_solved').notNull().default(0),
    positive: integer('positive').notNull().default(0),
    negative: integer('negative').notNull().default(0),
    neutral: integer('neutral').notNull().default(0),
    mixed: integer('mixed').notNull().default(0),
    csatSum: numeric('csat_sum').notNull().default('0'),
    csatCount: integer('csat_count').notNull().default(0),
    csatBelow7: integer('csat_below_7').notNull().default(0),
    attention: integer('attention').notNull().default(0),
    escalation: integer('escalation').notNull().default(0),
    tickets: integer('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.xact, t.day, t.term] }), tenantIsolation(t.tenantId)],
).enableRLS();
