import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, messageAnalyses, messages, tickets, users } from '../../db/schema/index.ts';
import { pageWindow, planSearch, searchedIds, walkedSearch } from '../../lib/db-helpers.ts';
import { countMessages } from './messages.counts.ts';

export interface MessageFilter {
  search?: string;
  ticketId?: string;
  customerId?: string;
  direction?: string;
  flagged?: boolean;
  /** One kind (message, note, system); undefined: every kind. */
  kind?: string;
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

/**
 * A page of messages (newest first) and the total, in one statement (see countOrEstimate); a
 * search through the trigram index or read newest first, as planSearch says (see listTickets).
 */
export async function listMessages(tx: Tx, filter: MessageFilter, page: number, perPage: number) {
  const { limit, offset } = pageWindow(page, perPage);
  // Nearly every message is of kind 'message' (the default): it does not narrow the count.
  const kind = filter.kind === undefined ? undefined : eq(messages.kind, filter.kind);
  const newestFirst = [desc(messages.createdAt), desc(messages.id)];
  const plan = await planSearch(tx, 'messages', filter.search);
  if (plan && plan.indexed.length === 0) {
    const walked = walkedSearch(
      tx,
      messages,
      { id: messages.id, searchText: messages.searchText },
      plan.patterns,
      and(conditions(filter, undefined), kind),
      newestFirst,
    );
    const rows = await withAnalysis(tx, { total: sql<number>`${walked.sql}` })
      .where(walked.page(limit, offset))
      .orderBy(...newestFirst)
      .limit(limit);
    const total = await walked.totalOf(rows, offset);
    // The newest rows of a longer list could not fill the page: the rest is read the complete way
    // (every word through the index, as before app_search_plan: slower, never short).
    if (rows.length === limit || !total.estimate) return { rows, ...total };
  }
  const searched = searchedIds(tx, 'messages', plan, plan?.indexed);
  const narrowing = conditions(filter, searched);
  const counted = countMessages(tx, filter, narrowing, searched, kind);
  const rows = await withAnalysis(searched ? tx.with(searched) : tx, { total: sql<number>`${counted.sql}` })
    .where(and(narrowing, kind))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return { rows, ...(await counted.totalOf(rows, page)) };
}

/**
 * One page of a ticket's conversation, newest first: up to `limit` messages of every kind older
 * than the message `beforeId` (by created_at, then id: a keyset, so equal times neither repeat nor
 * drop), or the newest ones. The cursor's time is read in the statement, not sent from JavaScript
 * (whose dates would cut its microseconds). messages_tenant_ticket_idx (tenant, ticket,
 * created_at desc, id desc) serves it: an index range read stopping after `limit` rows.
 */
export async function conversationPage(
  tx: Tx,
  ticketId: string,
  beforeId: string | undefined,
  limit: number,
) {
  const older =
    beforeId === undefined
      ? undefined
      : sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m
          where m.id = ${beforeId} and m.ticket_id = ${ticketId})`;
  return withAnalysis(tx, {})
    .where(and(eq(messages.ticketId, ticketId), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Whether a message belongs to this ticket. */
export async function messageInTicket(tx: Tx, id: string, ticketId: string) {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.ticketId, ticketId)));
  return row !== undefined;
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

/**
 * A DigiSac message: inserted once per DigiSac id; a later version (an edit) replaces its text.
 * Answers its id and whether it is new.
 */
export async function upsertExternalMessage(
  tx: Tx,
  values: typeof messages.$inferInsert & { externalId: string },
) {
  const [row] = await tx
    .insert(messages)
    .values(values)
    .onConflictDoUpdate({
      target: [messages.tenantId, messages.externalId],
      targetWhere: sql`external_id is not null`,
      set: { content: sql`excluded.content`, searchText: sql`excluded.search_text` },
      setWhere: sql`${messages.content} is distinct from excluded.content`,
    })
    .returning({ id: messages.id, created: sql<boolean>`xmax = 0` });
  if (row) return row;
  const [same] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.externalId, values.externalId));
  if (!same) throw new Error('external message neither written nor found');
  return { id: same.id, created: false };
}

/** Which of these DigiSac ids are stored already. */
export async function storedExternalIds(tx: Tx, externalIds: string[]) {
  if (externalIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ externalId: messages.externalId })
    .from(messages)
    .where(inArray(messages.externalId, externalIds));
  return new Set(rows.map((r) => r.externalId as string));
}

/**
 * A ticket's conversation, oldest first: its customer, agent and bot messages (no notes or
 * system rows), the newest ones whose text adds up to `maxChars` (the first of them may pass it).
 */
export async function conversationOf(tx: Tx, ticketId: string, maxChars: number) {
  const result = await tx.execute(sql`
    select sender, content, created_at::text as at from (
      select sender, content, created_at, id,
             sum(length(content)) over (order by created_at desc, id desc) as up_to
      from messages
      where ticket_id = ${ticketId} and kind = 'message'
    ) newest
    where up_to - length(content) < ${maxChars}
    order by created_at, id`);
  return (result as { rows?: { sender: string; content: string; at: string }[] }).rows ?? [];
}

/** The ticket's messages written before its customer was known become that customer's. */
export async function linkToCustomer(tx: Tx, ticketId: string, customerId: string) {
  await tx
    .update(messages)
    .set({ customerId })
    .where(and(eq(messages.ticketId, ticketId), sql`${messages.customerId} is null`));
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
