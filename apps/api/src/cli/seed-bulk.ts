// Bulk data for load and planner checks (`npm run admin -- seed-bulk`): N tickets, their customers,
// analyses and inbound messages, generated in SQL (generate_series, no per-row round trip) in one
// transaction. The data is a fixed function of the row number i, so tests and benchmarks can
// predict every total (docs: the formulas below, ticket by ticket).
//
// Ticket i (1..N): created 2025-06-01T00:00-03:00 + 4·i minutes; customer k = 1 + (i mod M);
// flagged when i mod 50 = 0; a Procon threat in the text when i mod 7 = 0; an analysis (version 1,
// provider 'seed') when i mod 10 < 7, with sentiment [positive, negative, neutral, mixed][i mod 4],
// CSAT (i mod 101)/10, status [solved, in_progress, not_solved][i mod 3], complexity (i mod 5)/4,
// red flags and escalation (regulator_complaint) exactly when i mod 7 = 0; K inbound messages.
// Nothing waits for an answer (SLA), no alert, notification or domain event is written.

import { randomBytes } from 'node:crypto';
import { foldText } from '@atende/analyzer/text';
import { cpfCheckDigits, type EscalationReason } from '@atende/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../lib/db-helpers.ts';
import { AppError } from '../lib/errors.ts';

export const seedBulkLimits = {
  tickets: { min: 1, max: 5_000_000 },
  customers: { min: 1, max: 1_000_000, default: 1_000 },
  messagesPerTicket: { min: 0, max: 20, default: 1 },
  /** The CLI refuses a run writing more rows than this without --yes-really. */
  rowsWithoutConfirmation: 10_000_000,
} as const;

/**
 * Rows a second of a run as a superuser (triggers skipped) with the default customers and messages,
 * on the development machine: PostgreSQL ~1,000,000 tickets (2.7 M rows) a minute; PGlite 136,000
 * rows in 15 s (50,000 tickets, measured while other work shared the 2 cores). What the CLI's
 * duration estimate uses: a rough figure, slower without superuser rights (triggers run).
 */
export const seedBulkRowsPerSecond = { postgres: 45_000, pglite: 9_000 } as const;

/**
 * What a run will write (rows as its summary counts them: customers, tickets, analyses, messages;
 * each ticket's search row comes on top) and about how long it will hold its one transaction.
 */
export function seedBulkPlan(
  options: Pick<SeedBulkOptions, 'tickets' | 'customers' | 'messagesPerTicket'>,
  driver: keyof typeof seedBulkRowsPerSecond,
) {
  const tickets = options.tickets;
  const customers = options.customers ?? seedBulkLimits.customers.default;
  const messages = tickets * (options.messagesPerTicket ?? seedBulkLimits.messagesPerTicket.default);
  const analyses = analysedUpTo(tickets);
  const rows = customers + tickets + analyses + messages;
  const rowsPerSecond = seedBulkRowsPerSecond[driver];
  return { tickets, customers, analyses, messages, rows, rowsPerSecond, seconds: rows / rowsPerSecond };
}

export interface SeedBulkOptions {
  tenantSlug: string;
  tickets: number;
  customers?: number;
  messagesPerTicket?: number;
  /** After each chunk: rows of `table` written so far, of `total`. */
  onProgress?: (done: { table: string; rows: number; total: number }) => void;
}

export interface SeedBulkResult {
  tenantId: string;
  tickets: number;
  customers: number;
  messages: number;
  analyses: number;
  ms: number;
}

/** The texts of ticket i and customer k; the SQL below builds the same strings. */
const text = {
  title: 'Chamado de carga ', // + i
  content: 'Cliente relata problema número ', // + i + '.'
  threat: ' Vou registrar reclamação no Procon.', // when i mod 7 = 0
  customer: 'Cliente de carga ', // + k
  explanation: 'Análise gerada pelo gerador de carga (seed-bulk).',
};
/** The red-flag word of the threat, and the escalation code for a consumer-agency threat. */
const redFlagWord = 'procon';
const threatReason: EscalationReason = 'regulator_complaint';
/** São Paulo has no daylight saving since 2019: -03:00 all year. */
const firstDay = '2025-06-01T00:00:00-03:00';

/** Folds a piece of a text like foldText (accents, case), keeping its edge spaces. */
const foldPiece = (piece: string) => {
  const folded = foldText(`x${piece}x`);
  return folded.slice(1, -1);
};

/** Rows per statement: big enough to amortise a round trip, small enough to report progress. */
const chunkRows = { customers: 10_000, tickets: 50_000, messages: 50_000 };

/** The first nine digits of customer k's CPF: distinct for every k ≤ 1,000,000, never all one digit. */
export function bulkCpfBase(k: number): string {
  // 100,000,797 … 897,000,000: nine digits, a step of 797 spreads them over the range.
  const base = String(100_000_000 + k * 797);
  if (/^(\d)\1{8}$/.test(base)) throw new Error(`CPF base ${base} is all one digit`);
  return base;
}

/** Customer k's CPF, digits only. */
export const bulkCpf = (k: number) => {
  const base = bulkCpfBase(k);
  return base + cpfCheckDigits(base);
};

/** How many i in 1..n have an analysis (i mod 10 < 7). */
export const analysedUpTo = (n: number) => Math.floor(n / 10) * 7 + Math.min(n % 10, 6);

function checkCount(name: string, value: number, limits: { min: number; max: number }) {
  if (!Number.isInteger(value) || value < limits.min || value > limits.max) {
    throw new AppError(
      'validation_error',
      `${name} must be a whole number from ${limits.min.toLocaleString('en')} to ${limits.max.toLocaleString('en')}.`,
    );
  }
}

/**
 * Ids computed from the row number, so tickets, analyses and messages link without a lookup:
 * `<random salt>-8<kind><salt>-<variant><salt>-<12 hex digits of the number>` — a version 8
 * (custom) UUID, valid for the API's schemas, ordered like the numbers within a run. A fresh
 * salt per run; `kind` separates the tables.
 */
function idPrefixes() {
  const salt = randomBytes(9).toString('hex');
  const variant = '89ab'[Number.parseInt(salt.charAt(17), 16) % 4];
  const prefix = (kind: number) =>
    `${salt.slice(0, 8)}-${salt.slice(8, 12)}-8${kind}${salt.slice(12, 14)}-${variant}${salt.slice(14, 17)}-`;
  return { customer: prefix(0), ticket: prefix(1), analysis: prefix(2), message: prefix(3) };
}

const idOf = (prefix: string, number: SQL) =>
  sql`(${prefix}::text || lpad(to_hex(${number}), 12, '0'))::uuid`;

/**
 * Generates `tickets` tickets (and their customers, analyses and messages) for the tenant
 * `tenantSlug` in one transaction; refuses a tenant that already has bulk data. Runs as the
 * connection's role (the owner: row-level security does not apply). As a superuser it skips
 * triggers and foreign-key checks (session_replication_role = replica) and writes every derived
 * column itself; otherwise the triggers run (a row trigger per analysis and per message: much
 * slower) and the SLA waits they start are cleared at the end.
 */
export async function seedBulk(database: Database, options: SeedBulkOptions): Promise<SeedBulkResult> {
  const started = performance.now();
  const n = options.tickets;
  const m = options.customers ?? seedBulkLimits.customers.default;
  const k = options.messagesPerTicket ?? seedBulkLimits.messagesPerTicket.default;
  checkCount('tickets', n, seedBulkLimits.tickets);
  checkCount('customers', m, seedBulkLimits.customers);
  checkCount('messages-per-ticket', k, seedBulkLimits.messagesPerTicket);
  const analyses = analysedUpTo(n);
  const report = options.onProgress ?? (() => {});
  const ids = idPrefixes();

  let tenantId = '';
  try {
    await database.db.transaction(async (tx) => {
      // One long transaction: the pool's statement timeout is for requests.
      await tx.execute(sql`set local statement_timeout = 0`);
      const skipTriggers = await replicaRole(tx);

      const [tenant] = await rowsOf<{ id: string }>(
        tx,
        sql`select id from tenants where slug = ${options.tenantSlug}`,
      );
      if (!tenant) throw new AppError('not_found', `No tenant with the slug "${options.tenantSlug}".`);
      tenantId = tenant.id;
      const [lock] = await rowsOf<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`atende:seed-bulk:${tenantId}`}, 0)) as ok`,
      );
      if (!lock?.ok) {
        throw new AppError('conflict', `Another seed-bulk is loading the tenant ${options.tenantSlug} now.`);
      }
      const [existing] = await rowsOf(
        tx,
        sql`select 1 from customers where tenant_id = ${tenantId} and name = ${`${text.customer}1`} limit 1`,
      );
      if (existing) {
        throw new AppError(
          'conflict',
          `The tenant ${options.tenantSlug} already has bulk data (a customer named "${text.customer}1").`,
        );
      }

      const load = { tx, tenantId, ids, n, m, k, skipTriggers, report };
      await insertCustomers(load);
      await insertTickets(load);
      await insertAnalyses(load, analyses);
      await insertMessages(load);
      if (!skipTriggers) await settleTriggers(load);
      // Triggers off: the counters of migration 0025 are counted again for the tenant.
      else await recountMessages(load);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_document_unique')) {
      throw new AppError(
        'conflict',
        `A customer of the tenant ${options.tenantSlug} already has one of the generated CPFs; nothing was written.`,
      );
    }
    throw err;
  }

  // Statistics for the planner (the tables grew by up to millions of rows in one go). It may wait
  // for an autovacuum of the same table (which gives way after deadlock_timeout). A role that does
  // not own the tables gets a warning per table, not an error.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`analyze customers, tickets, ticket_search, ticket_analyses, messages`);
  });

  return { tenantId, tickets: n, customers: m, messages: n * k, analyses, ms: performance.now() - started };
}

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T = Record<string, unknown>>(tx: Tx, statement: SQL): Promise<T[]> {
  return ((await tx.execute(statement)) as { rows: T[] }).rows;
}

/**
 * `session_replication_role = replica` for this transaction: no triggers, no foreign-key checks.
 * Superusers only; tried in a savepoint so a refusal leaves the transaction usable.
 */
async function replicaRole(tx: Tx): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql`set local session_replication_role = replica`);
    });
    return true;
  } catch (err) {
    if (sqlState(err) === '42501') return false; // insufficient_privilege
    throw err;
  }
}

function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

interface Load {
  tx: Tx;
  tenantId: string;
  ids: ReturnType<typeof idPrefixes>;
  n: number;
  m: number;
  k: number;
  skipTriggers: boolean;
  report: NonNullable<SeedBulkOptions['onProgress']>;
}

/** Calls `fn(first, last)` over 1..total in ranges of `size`. */
async function inRanges(total: number, size: number, fn: (first: number, last: number) => Promise<void>) {
  for (let first = 1; first <= total; first += size) await fn(first, Math.min(total, first + size - 1));
}

async function insertCustomers({ tx, tenantId, ids, m, report }: Load) {
  await inRanges(m, chunkRows.customers, async (first, last) => {
    const numbers: number[] = [];
    const documents: string[] = [];
    for (let c = first; c <= last; c++) {
      numbers.push(c);
      documents.push(bulkCpf(c));
    }
    // Arrays as literals ('{1,2}'): one parameter each, the same on node-postgres and PGlite.
    await tx.execute(sql`
      insert into customers (id, tenant_id, name, document, search_text, created_at, updated_at)
      select ${idOf(ids.customer, sql`c.k`)}, ${tenantId}, ${text.customer}::text || c.k, c.doc,
             ${foldPiece(text.customer)}::text || c.k || ' ' || c.doc, c.at, c.at
      from (
        select u.k, u.doc,
               -- before the first ticket: customer k at first day − (M − k + 1) seconds
               ${firstDay}::timestamptz - make_interval(secs => ${m}::int - u.k + 1) as at
        from unnest(${`{${numbers.join(',')}}`}::int[], ${`{${documents.join(',')}}`}::text[]) as u(k, doc)
      ) c`);
    report({ table: 'customers', rows: last, total: m });
  });
}

/**
 * The columns of ticket i as SQL over `g` (i, c = its customer, analysed, threat, at): every
 * statement derives them the same way, so tickets, analyses and messages agree without lookups.
 */
const ticketRows = (first: number, last: number, m: number) => sql`(
  select i, 1 + i % ${m}::int as c, i % 10 < 7 as analysed, i % 7 = 0 as threat,
         ${firstDay}::timestamptz + make_interval(mins => 4 * i) as at
  from generate_series(${first}::int, ${last}::int) as i
) g`;

const contentSql = sql`${text.content}::text || g.i || '.' || case when g.threat then ${text.threat}::text else '' end`;
const foldedContentSql = sql`${foldPiece(text.content)}::text || g.i || '.'
  || case when g.threat then ${foldPiece(text.threat)}::text else '' end`;

async function insertTickets({ tx, tenantId, ids, n, m, skipTriggers, report }: Load) {
  await inRanges(n, chunkRows.tickets, async (first, last) => {
    // With triggers on, the foreign key to the analysis (not written yet) is checked now: the
    // analysis id is set at the end (settleTriggers).
    const latest = skipTriggers
      ? sql`case when g.analysed then ${idOf(ids.analysis, sql`g.i`)} end`
      : sql`null`;
    await tx.execute(sql`
      insert into tickets (
        id, tenant_id, title, content, customer_id, customer_name, flagged, latest_analysis_id,
        sentiment, csat_score, solved_status, contains_red_flags, requires_escalation, red_flag_terms,
        search_text, wait_started_at, last_answered_at, sla_pending, created_at, updated_at
      )
      select ${idOf(ids.ticket, sql`g.i`)}, ${tenantId}, ${text.title}::text || g.i, ${contentSql},
             ${idOf(ids.customer, sql`g.c`)}, ${text.customer}::text || g.c, g.i % 50 = 0, ${latest},
             case when g.analysed then (array['positive', 'negative', 'neutral', 'mixed'])[g.i % 4 + 1] end,
             case when g.analysed then ((g.i % 101) / 10.0)::real end,
             case when g.analysed then (array['solved', 'in_progress', 'not_solved'])[g.i % 3 + 1] end,
             g.analysed and g.threat, g.analysed and g.threat,
             case when g.analysed and g.threat then array[${redFlagWord}::text] else '{}'::text[] end,
             ${foldPiece(text.title)}::text || g.i || ' ' || ${foldedContentSql}
               || ' ' || ${foldPiece(text.customer)}::text || g.c,
             null, null, false, g.at, g.at
      from ${ticketRows(first, last, m)}`);
    // The trigger tickets_search_copy copies the search text where its trigram index lives.
    if (skipTriggers) {
      await tx.execute(sql`
        insert into ticket_search (tenant_id, ticket_id, search_text)
        select tenant_id, id, search_text from tickets
        where tenant_id = ${tenantId}
          and id between ${idOf(ids.ticket, sql`${first}::int`)} and ${idOf(ids.ticket, sql`${last}::int`)}`);
    }
    report({ table: 'tickets', rows: last, total: n });
  });
}

async function insertAnalyses({ tx, tenantId, ids, n, m, report }: Load, total: number) {
  await inRanges(n, chunkRows.tickets, async (first, last) => {
    await tx.execute(sql`
      insert into ticket_analyses (
        id, tenant_id, ticket_id, version, provider, model, provider_error, overall_sentiment,
        complexity_score, confidence_score, csat_score, solved_status, analysis_explanation,
        contains_red_flags, red_flag_words, requires_escalation, escalation_reasons, urgency_level, created_at
      )
      select ${idOf(ids.analysis, sql`g.i`)}, ${tenantId}, ${idOf(ids.ticket, sql`g.i`)}, 1, 'seed', null, null,
             (array['positive', 'negative', 'neutral', 'mixed'])[g.i % 4 + 1],
             ((g.i % 5) / 4.0)::real, 0.8, ((g.i % 101) / 10.0)::real,
             (array['solved', 'in_progress', 'not_solved'])[g.i % 3 + 1], ${text.explanation},
             g.threat, case when g.threat then array[${redFlagWord}::text] else '{}'::text[] end,
             g.threat, case when g.threat then array[${threatReason}::text] else '{}'::text[] end,
             'medium', g.at
      from ${ticketRows(first, last, m)}
      where g.analysed`);
    report({ table: 'ticket_analyses', rows: analysedUpTo(last), total });
  });
}

async function insertMessages({ tx, tenantId, ids, n, m, k, report }: Load) {
  const total = n * k;
  if (k === 0) return report({ table: 'messages', rows: 0, total });
  await inRanges(n, Math.max(1, Math.floor(chunkRows.messages / k)), async (first, last) => {
    await tx.execute(sql`
      insert into messages (
        id, tenant_id, content, direction, sender, channel, ticket_id, customer_id, expert_id, flagged,
        latest_analysis_id, search_text, created_at
      )
      select ${idOf(ids.message, sql`(g.i - 1) * ${k}::int + j`)}, ${tenantId}, ${contentSql}, 'inbound', 'customer', 'web',
             ${idOf(ids.ticket, sql`g.i`)}, ${idOf(ids.customer, sql`g.c`)}, null, false, null,
             ${foldedContentSql}, g.at
      from ${ticketRows(first, last, m)} cross join generate_series(1, ${k}::int) as j`);
    report({ table: 'messages', rows: last * k, total });
  });
}

/**
 * The tenant's message counters (message_counts) and dashboard days (ticket_days) from its rows, as
 * their triggers would keep them.
 */
async function recountMessages({ tx, tenantId }: Load) {
  await tx.execute(sql`select ticket_days_recount(${tenantId})`);
  await tx.execute(sql`delete from message_counts where tenant_id = ${tenantId}`);
  await tx.execute(sql`
    insert into message_counts (tenant_id, direction, kind, total)
    select tenant_id, direction, kind, count(*) from messages where tenant_id = ${tenantId}
    group by tenant_id, direction, kind`);
}

/**
 * With triggers on (no superuser): link each ticket to its analysis (the foreign key allowed it
 * only now; the trigger ticket_analyses_newest did too, this does not depend on it) and clear the SLA wait the insert trigger started, for the generated tickets only
 * (their ids share the run's prefix; the tenant's own tickets keep their waits).
 */
async function settleTriggers({ tx, tenantId, ids, report, n }: Load) {
  await tx.execute(sql`
    update tickets
    set latest_analysis_id = case
          when ('x' || right(id::text, 12))::bit(48)::bigint % 10 < 7
          then (${ids.analysis}::text || right(id::text, 12))::uuid
        end,
        wait_started_at = null, sla_pending = false, last_answered_at = null,
        updated_at = created_at -- the analysis trigger set it to now()
    where tenant_id = ${tenantId}
      and id between ${`${ids.ticket}000000000000`}::uuid and ${`${ids.ticket}ffffffffffff`}::uuid`);
  report({ table: 'tickets (SLA reset)', rows: n, total: n });
}
