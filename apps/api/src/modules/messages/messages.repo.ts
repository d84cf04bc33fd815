import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, messageAnalyses, messages, tickets, users } from '../../db/schema/index.ts';
import { countOrEstimate, pageWindow, searchedIds } from '../../lib/db-helpers.ts';

export interface MessageFilter {
  search?: string;
  ticketId?: string;
  customerId?: string;
  direction?: string;
  flagged?: boolean;
}

function conditions(f: MessageFilter, searched: ReturnType<typeof searchedIds>): SQL | undefined {
  return and(
    searched && sql`${messages.id} in (select id from ${searched})`,
    f.ticketId === undefined ? undefined : eq(messages.ticketId, f.ticketId),
    f.customerId === undefined ? undefined : eq(messages.customerId, f.customerId),
    f.direction === undefined ? undefined : eq(messages.direction, f.direction),
    f.flagged === undefined ? undefined : eq(messages.flagged, f.flagged),
  );
}

/** The message with its newest analysis, its ticket's title and its customer's name (lists show them, not ids). */
const withAnalysis = <Extra extends Record<string, SQL>>(tx: Pick<Tx, 'select'>, extra: Extra) =>
  tx
    .select({
      message: messages,
      analysis: messageAnalyses,
      ticketTitle: tickets.title,
      customerName: customers.name,
      ...extra,
    })
    .from(messages)
    .leftJoin(
      messageAnalyses,
      and(eq(messageAnalyses.tenantId, messages.tenantId), eq(messageAnalyses.id, messages.latestAnalysisId)),
    )
    .leftJoin(tickets, and(eq(tickets.tenantId, messages.tenantId), eq(tickets.id, messages.ticketId)))
    .leftJoin(
      customers,
      and(eq(customers.tenantId, messages.tenantId), eq(customers.id, messages.customerId)),
    );

/** A page of messages (newest first) and the total, in one statement (see countOrEstimate). */
export async function listMessages(tx: Tx, filter: MessageFilter, page: number, perPage: number) {
  const searched = searchedIds(tx, 'messages', filter.search);
  const where = conditions(filter, searched);
  const { limit, offset } = pageWindow(page, perPage);
  const counted = countOrEstimate(tx, messages, where, searched);
  const rows = await withAnalysis(searched ? tx.with(searched) : tx, { total: sql<number>`${counted.sql}` })
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
  return { rows, ...(await counted.totalOf(rows, page)) };
}

export async function findMessage(tx: Tx, id: string) {
  const [row] = await withAnalysis(tx, {}).where(eq(messages.id, id));
  return row;
}

export type MessageWithAnalysis = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export async function insertMessage(tx: Tx, values: typeof messages.$inferInsert) {
  const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function setMessageFlag(tx: Tx, id: string, flagged: boolean) {
  const rows = await tx
    .update(messages)
    .set({ flagged })
    .where(eq(messages.id, id))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function deleteMessage(tx: Tx, id: string) {
  const rows = await tx.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  return rows.length > 0;
}

/** Whether a user (an expert) belongs to the transaction's tenant. */
export async function userExists(tx: Tx, id: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}
