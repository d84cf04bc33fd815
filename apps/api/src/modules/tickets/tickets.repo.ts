import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, ticketAnalyses, tickets } from '../../db/schema/index.ts';
import { isHotpathOff } from '../../db/tenant.ts';
import { countOrEstimate, pageWindow, planSearch, searchedIds, walkedSearch } from '../../lib/db-helpers.ts';

export interface TicketFilter {
  search?: string;
  from?: Date;
  /** Exclusive when `toExclusive`, else inclusive. */
  to?: { at: Date; exclusive: boolean };
  customerId?: string;
  flagged?: boolean;
  sentiment?: string;
  solvedStatus?: string;
  requiresEscalation?: boolean;
  containsRedFlags?: boolean;
  requiresAttention?: boolean;
  /** Has an analysis (its copied fields are set) or none yet. */
  analyzed?: boolean;
  csatLt?: number;
  csatGte?: number;
  /** Already folded (lower case, no accents). */
  redFlagTerm?: string;
  /** 'internal' or 'digisac' (tickets_tenant_digisac_idx). */
  source?: string;
}

export type TicketSort = { by: 'created_at' | 'csat_score'; order: 'asc' | 'desc' };

/**
 * The filters, on the ticket's own columns (the newest analysis's fields are copied onto it), so
 * one index serves filter and order. Red flags and escalation imply requires_attention: saying so
 * lets PostgreSQL use the small partial index tickets_tenant_attention_idx.
 */
function conditions(f: TicketFilter, searched: ReturnType<typeof searchedIds>): SQL | undefined {
  const when = <T>(value: T | undefined, condition: (v: T) => SQL) =>
    value === undefined ? undefined : condition(value);
  const attention =
    f.requiresAttention ?? (f.containsRedFlags || f.requiresEscalation || f.redFlagTerm ? true : undefined);
  return and(
    searched && sql`${tickets.id} in (select id from ${searched})`,
    when(f.from, (from) => gte(tickets.createdAt, from)),
    when(f.to, (to) => (to.exclusive ? lt(tickets.createdAt, to.at) : lte(tickets.createdAt, to.at))),
    when(f.customerId, (id) => eq(tickets.customerId, id)),
    when(f.flagged, (flagged) => eq(tickets.flagged, flagged)),
    when(f.sentiment, (v) => eq(tickets.sentiment, v)),
    when(f.solvedStatus, (v) => eq(tickets.solvedStatus, v)),
    when(attention, (v) => eq(tickets.requiresAttention, v)),
    when(f.requiresEscalation, (v) => eq(tickets.requiresEscalation, v)),
    when(f.containsRedFlags, (v) => eq(tickets.containsRedFlags, v)),
    // "false" means an analysis said no: a ticket never analysed (no sentiment) matches neither.
    attention === false || f.requiresEscalation === false || f.containsRedFlags === false
      ? isNotNull(tickets.sentiment)
      : undefined,
    when(f.analyzed, (v) => (v ? isNotNull(tickets.sentiment) : isNull(tickets.sentiment))),
    when(f.csatLt, (v) => lt(tickets.csatScore, v)),
    when(f.csatGte, (v) => gte(tickets.csatScore, v)),
    when(f.redFlagTerm, (term) => sql`${tickets.redFlagTerms} @> array[${term}]::text[]`),
    // Literal values: the planner matches the partial index tickets_tenant_digisac_idx to them.
    when(f.source, (v) =>
      v === 'digisac' ? sql`${tickets.source} = 'digisac'` : sql`${tickets.source} <> 'digisac'`,
    ),
  );
}

/** Each order matches an index: (created_at, id), or CSAT first with tickets without CSAT last. */
function orderOf(sort: TicketSort) {
  const newestFirst = [desc(tickets.createdAt), desc(tickets.id)];
  if (sort.by === 'created_at') {
    return sort.order === 'desc' ? newestFirst : [asc(tickets.createdAt), asc(tickets.id)];
  }
  const csat =
    sort.order === 'desc'
      ? sql`${tickets.csatScore} desc nulls last`
      : sql`${tickets.csatScore} asc nulls last`;
  return [csat, ...newestFirst];
}

const ticketColumns = { ticket: tickets, analysis: ticketAnalyses, liveCustomerName: customers.name };

/**
 * What a listed ticket shows (toTicketDto): not its search copy (title, content and transcript
 * again), SLA clock or the analysis fields copied for the filters — less for PostgreSQL to read
 * and send and for the server to parse, 20 times per page.
 */
const listedColumns = {
  ticket: {
    id: tickets.id,
    source: tickets.source,
    protocol: tickets.protocol,
    contactNumber: tickets.contactNumber,
    title: tickets.title,
    content: tickets.content,
    conversationText: tickets.conversationText,
    customerId: tickets.customerId,
    customerName: tickets.customerName,
    flagged: tickets.flagged,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
  },
  analysis: ticketAnalyses,
  liveCustomerName: customers.name,
};

/** The joins to the ticket's newest analysis and to its linked customer (keyed by tenant and id). */
const newestAnalysis = and(
  eq(ticketAnalyses.tenantId, tickets.tenantId),
  eq(ticketAnalyses.id, tickets.latestAnalysisId),
);
const linkedCustomer = and(eq(customers.tenantId, tickets.tenantId), eq(customers.id, tickets.customerId));

/** The ticket with its newest analysis and its customer's current name. */
const withAnalysisAndCustomer = (tx: Pick<Tx, 'select'>) =>
  tx
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(ticketAnalyses, newestAnalysis)
    .leftJoin(customers, linkedCustomer);

/**
 * A page of tickets and the total, in one statement (the count is a sub-select run once). The
 * total is exact whenever anything narrows the list; an unfiltered list of a large tenant counts
 * only up to a cap and says so (`estimate`). A search is planned first (planSearch): its rare
 * words pre-filter through the trigram index (exact total), else the list is read newest first
 * with every word rechecked (walkedSearch: the total is exact within the rows it reads).
 */
export async function listTickets(
  tx: Tx,
  filter: TicketFilter,
  sort: TicketSort,
  page: number,
  perPage: number,
) {
  const { limit, offset } = pageWindow(page, perPage);
  const plan = await planSearch(tx, 'tickets', filter.search);
  if (plan && plan.indexed.length === 0) {
    const walked = walkedSearch(
      tx,
      tickets,
      { id: tickets.id, searchText: tickets.searchText },
      plan.patterns,
      conditions(filter, undefined),
      orderOf(sort),
    );
    const rows = await tx
      .select({ ...listedColumns, total: sql<number>`${walked.sql}` })
      .from(tickets)
      .leftJoin(ticketAnalyses, newestAnalysis)
      .leftJoin(customers, linkedCustomer)
      .where(walked.page(limit, offset))
      .orderBy(...orderOf(sort))
      .limit(limit);
    const total = await walked.totalOf(rows, offset);
    // The newest rows of a longer list could not fill the page: the rest is read the complete way
    // (every word through the index, as before app_search_plan: slower, never short).
    if (rows.length === limit || !total.estimate) return { rows, ...total };
  }
  const searched = searchedIds(tx, 'tickets', plan, plan?.indexed);
  const where = conditions(filter, searched);
  const counted = countOrEstimate(tx, tickets, where, searched);
  if (isHotpathOff(tx)) {
    // The statement before issue 33, for the bench's before/after: every column, joined, then limited.
    const rows = await (searched ? tx.with(searched) : tx)
      .select({ ...ticketColumns, total: sql<number>`${counted.sql}` })
      .from(tickets)
      .leftJoin(ticketAnalyses, newestAnalysis)
      .leftJoin(customers, linkedCustomer)
      .where(where)
      .orderBy(...orderOf(sort))
      .limit(limit)
      .offset(offset);
    return { rows, ...(await counted.totalOf(rows, page)) };
  }
  // The page's ids first (an index-only walk over the filter's covering index), then the 20 rows
  // with their analysis and customer: joined before the limit, a misestimated filter (red flags
  // and negative sentiment go together, the planner multiplies them) made PostgreSQL join and
  // sort every match for pages past the first (30 ms instead of 1 at 1,434 matches).
  const pageIds = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  const rows = await (searched ? tx.with(searched) : tx)
    .select({ ...listedColumns, total: sql<number>`${counted.sql}` })
    .from(tickets)
    .innerJoin(pageIds, eq(tickets.id, pageIds.id))
    .leftJoin(ticketAnalyses, newestAnalysis)
    .leftJoin(customers, linkedCustomer)
    .orderBy(...orderOf(sort));
  return { rows, ...(await counted.totalOf(rows, page)) };
}

/**
 * Where a keyset page of the export resumes: the last row's created_at as PostgreSQL's text (it
 * keeps the microseconds a JavaScript Date would drop) and its id.
 */
export interface TicketCursor {
  createdAt: string;
  id: string;
}

/** A ticket as the CSV export reads it (see exportPage). */
export interface TicketExportRow {
  id: string;
  cursor: string;
  title: string | null;
  /** The linked customer's current name, else the name kept on the ticket. */
  customerName: string | null;
  /** 'dd/MM/yyyy HH:mm:ss' in São Paulo. */
  createdAt: string;
  updatedAt: string;
  flagged: boolean;
  /** 'internal' or 'digisac', and a DigiSac ticket's protocol. */
  source: string;
  protocol: string | null;
  /** Cut to the export's limit. */
  content: string;
  /** The newest analysis, or null before the first one. */
  analysis: {
    sentiment: string;
    csatScore: number;
    solvedStatus: string;
    complexityScore: number;
    urgencyLevel: string;
    containsRedFlags: boolean;
    redFlagWords: string[];
    requiresEscalation: boolean;
    escalationReasons: string[];
  } | null;
}

/**
 * A time as São Paulo's wall clock shows it, 'dd/MM/yyyy HH:mm:ss' (the database's zone data, past
 * daylight-saving years included).
 */
const saoPauloTime = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI:SS')`;

/**
 * What a row of the export weighs, in bytes of text, estimated without reading the texts:
 * `octet_length` of a stored (TOASTed) text reads its header, not the text. The content is cut to
 * `contentChars` characters (at most 4 bytes each), the rest of a row is small.
 */
const exportRowBytes = (contentChars: number) =>
  sql`(least(octet_length(${tickets.content}), ${contentChars * 4}::int) + coalesce(octet_length(${tickets.title}), 0) + 512)`;

/**
 * One keyset page of the CSV export: the tickets matching `filter` after `after`, newest first by
 * (created_at desc, id desc) — the order every filter index ends in, so each page is an index range
 * scan, however deep — with the newest analysis's fields; only what the file shows, the content
 * cut to `contentChars` characters in the database. A page is at most `limit` rows and, past its
 * first row, at most `maxBytes` of text: a window of `limit` rows (ids and sizes only) is summed
 * in order and cut before the row that would pass `maxBytes`, and only those rows are read in full (1,000
 * rows of 32,000 characters would otherwise be a 64 MB page). `more`: rows may follow the page.
 * Each row comes as one JSON object: PGlite copies and decodes every field of a result on its
 * own, which for 17 fields cost more than the query (~35 ms per 1,000 rows, ~20 ms as one JSON
 * field parsed natively).
 */
export async function exportPage(
  tx: Tx,
  filter: TicketFilter,
  after: TicketCursor | undefined,
  limit: number,
  contentChars: number,
  maxBytes: number,
): Promise<{ rows: TicketExportRow[]; more: boolean }> {
  const searched = searchedIds(tx, 'tickets', filter.search);
  const bytes = exportRowBytes(contentChars);
  const window = tx.$with('export_window').as(
    (searched ? tx.with(searched) : tx)
      .select({
        windowId: sql<string>`${tickets.id}`.as('window_id'),
        bytes: sql<number>`${bytes}`.as('bytes'),
        upTo: sql<number>`sum(${bytes}) over (order by ${tickets.createdAt} desc, ${tickets.id} desc rows between unbounded preceding and current row)`.as(
          'up_to',
        ),
      })
      .from(tickets)
      .where(
        and(
          conditions(filter, searched),
          after
            ? sql`(${tickets.createdAt}, ${tickets.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(limit),
  );
  const a = ticketAnalyses;
  const rows = await (searched ? tx.with(searched, window) : tx.with(window))
    .select({
      windowRows: sql<number>`(select count(*) from ${window})::int`,
      row: sql<TicketExportRow>`json_build_object(
        'id', ${tickets.id},
        'cursor', ${tickets.createdAt}::text,
        'title', ${tickets.title},
        'customerName', coalesce(${customers.name}, ${tickets.customerName}),
        'createdAt', ${saoPauloTime(tickets.createdAt)},
        'updatedAt', ${saoPauloTime(tickets.updatedAt)},
        'flagged', ${tickets.flagged},
        'source', ${tickets.source},
        'protocol', ${tickets.protocol},
        'content', left(${tickets.content}, ${contentChars}::int),
        'analysis', case when ${a.id} is not null then json_build_object(
          'sentiment', ${a.overallSentiment},
          'csatScore', ${a.csatScore},
          'solvedStatus', ${a.solvedStatus},
          'complexityScore', ${a.complexityScore},
          'urgencyLevel', ${a.urgencyLevel},
          'containsRedFlags', ${a.containsRedFlags},
          'redFlagWords', ${a.redFlagWords},
          'requiresEscalation', ${a.requiresEscalation},
          'escalationReasons', ${a.escalationReasons}
        ) end
      )`,
    })
    .from(window)
    .innerJoin(tickets, eq(tickets.id, window.windowId))
    .leftJoin(ticketAnalyses, newestAnalysis)
    .leftJoin(customers, linkedCustomer)
    // The rows that end within the budget; the first one always (one row may be larger).
    .where(sql`(${window.upTo} <= ${maxBytes} or ${window.upTo} = ${window.bytes})`)
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
  const windowRows = rows[0]?.windowRows ?? 0;
  return { rows: rows.map(({ row }) => row), more: windowRows === limit || rows.length < windowRows };
}

export async function findTicket(tx: Tx, id: string) {
  const [row] = await withAnalysisAndCustomer(tx).where(eq(tickets.id, id));
  return row;
}

export type TicketWithAnalysis = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** What an answer shows of a ticket (a list row; a found ticket holds more). */
export type ShownTicket = Omit<Awaited<ReturnType<typeof listTickets>>['rows'][number], 'total'>;

/** The ticket's title and the start of its content (what an alert names), and its flag. */
export async function findTicketSummary(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: tickets.id,
      title: tickets.title,
      content: sql<string>`left(${tickets.content}, 200)`,
      flagged: tickets.flagged,
    })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row;
}

export type TicketSummary = NonNullable<Awaited<ReturnType<typeof findTicketSummary>>>;

/** Flags the ticket unless it is flagged (spares the row version of a no-op update). */
export async function flagIfUnflagged(tx: Tx, id: string) {
  await tx
    .update(tickets)
    .set({ flagged: true })
    .where(and(eq(tickets.id, id), eq(tickets.flagged, false)));
}

export async function insertTicket(tx: Tx, values: typeof tickets.$inferInsert) {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateTicket(tx: Tx, id: string, values: Partial<typeof tickets.$inferInsert>) {
  const [row] = await tx.update(tickets).set(values).where(eq(tickets.id, id)).returning({ id: tickets.id });
  return row?.id;
}

/** A DigiSac ticket's id, open state and customer, by its DigiSac id (undefined: not here yet). */
export async function findByExternalId(tx: Tx, externalId: string) {
  const [row] = await tx
    .select({
      id: tickets.id,
      isOpen: tickets.isOpen,
      customerId: tickets.customerId,
      customerName: tickets.customerName,
      title: tickets.title,
      protocol: tickets.protocol,
      contactNumber: tickets.contactNumber,
    })
    .from(tickets)
    .where(eq(tickets.externalId, externalId));
  return row;
}

/** Due after `seconds`, unless it is due sooner already (the debounce). */
export async function markAnalysisDue(tx: Tx, id: string, seconds: number) {
  await tx
    .update(tickets)
    .set({
      analysisDueAt: sql`least(coalesce(${tickets.analysisDueAt}, 'infinity'), now() + ${seconds} * interval '1 second')`,
    })
    .where(eq(tickets.id, id));
}

/**
 * System: claims up to `limit` tickets whose analysis is due, across tenants, pushing their due
 * time `leaseSeconds` ahead (another process skips them; a crash retries then). Answers them with
 * the claimed due time, for clearDue.
 */
export async function claimDueAnalyses(tx: Tx, limit: number, leaseSeconds: number) {
  const result = await tx.execute(sql`
    update tickets t set analysis_due_at = now() + ${leaseSeconds} * interval '1 second'
    from (
      select tenant_id, id from tickets
      where analysis_due_at <= now()
      order by analysis_due_at limit ${limit}
      for update skip locked
    ) due
    where t.tenant_id = due.tenant_id and t.id = due.id
    returning t.tenant_id, t.id, t.analysis_due_at::text as due`);
  return ((result as { rows?: { tenant_id: string; id: string; due: string }[] }).rows ?? []).map((r) => ({
    tenantId: r.tenant_id,
    id: r.id,
    due: r.due,
  }));
}

/** Done: no analysis due, unless a message made it due again meanwhile (its due time moved). */
export async function clearDue(tx: Tx, id: string, claimedDue: string) {
  await tx
    .update(tickets)
    .set({ analysisDueAt: null })
    .where(and(eq(tickets.id, id), sql`${tickets.analysisDueAt} = ${claimedDue}::timestamptz`));
}

export async function deleteTicket(tx: Tx, id: string) {
  const rows = await tx.delete(tickets).where(eq(tickets.id, id)).returning({ id: tickets.id });
  return rows.length > 0;
}
