import { and, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, ticketAnalyses, tickets } from '../../db/schema/index.ts';
import { foldSql, matchesSearch, pageWindow } from '../../lib/db-helpers.ts';

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
  csatLt?: number;
  csatGte?: number;
  /** Already folded (lower case, no accents). */
  redFlagTerm?: string;
}

function conditions(f: TicketFilter): SQL | undefined {
  const when = <T>(value: T | undefined, condition: (v: T) => SQL) =>
    value === undefined ? undefined : condition(value);
  return and(
    matchesSearch([tickets.searchText, customers.searchText], f.search),
    when(f.from, (from) => gte(tickets.createdAt, from)),
    when(f.to, (to) => (to.exclusive ? lt(tickets.createdAt, to.at) : lte(tickets.createdAt, to.at))),
    when(f.customerId, (id) => eq(tickets.customerId, id)),
    when(f.flagged, (flagged) => eq(tickets.flagged, flagged)),
    // Analysis filters read the newest analysis (joined through latest_analysis_id).
    when(f.sentiment, (v) => eq(ticketAnalyses.overallSentiment, v)),
    when(f.solvedStatus, (v) => eq(ticketAnalyses.solvedStatus, v)),
    when(f.requiresEscalation, (v) => eq(ticketAnalyses.requiresEscalation, v)),
    when(f.containsRedFlags, (v) => eq(ticketAnalyses.containsRedFlags, v)),
    when(f.csatLt, (v) => lt(ticketAnalyses.csatScore, v)),
    when(f.csatGte, (v) => gte(ticketAnalyses.csatScore, v)),
    when(
      f.redFlagTerm,
      (term) =>
        sql`exists (select 1 from unnest(${ticketAnalyses.redFlagWords}) as w(word) where ${foldSql(sql`w.word`)} = ${term})`,
    ),
  );
}

const ticketColumns = { ticket: tickets, analysis: ticketAnalyses, liveCustomerName: customers.name };

/** Newest first, with the newest analysis and the customer's current name. */
export async function listTickets(tx: Tx, filter: TicketFilter, page: number, perPage: number) {
  const where = conditions(filter);
  const { limit, offset } = pageWindow(page, perPage);
  const rows = await tx
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(ticketAnalyses, eq(ticketAnalyses.id, tickets.latestAnalysisId))
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit)
    .offset(offset);
  const [totalRow] = await tx
    .select({ total: count() })
    .from(tickets)
    .leftJoin(ticketAnalyses, eq(ticketAnalyses.id, tickets.latestAnalysisId))
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findTicket(tx: Tx, id: string) {
  const [row] = await tx
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(ticketAnalyses, eq(ticketAnalyses.id, tickets.latestAnalysisId))
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .where(eq(tickets.id, id));
  return row;
}

export type TicketWithAnalysis = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

export async function insertTicket(tx: Tx, values: typeof tickets.$inferInsert) {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateTicket(tx: Tx, id: string, values: Partial<typeof tickets.$inferInsert>) {
  const [row] = await tx.update(tickets).set(values).where(eq(tickets.id, id)).returning({ id: tickets.id });
  return row?.id;
}

export async function deleteTicket(tx: Tx, id: string) {
  const rows = await tx.delete(tickets).where(eq(tickets.id, id)).returning({ id: tickets.id });
  return rows.length > 0;
}
