import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, tickets } from '../../db/schema/index.ts';
import {
  countOrEstimate,
  pageWindow,
  planSearch,
  searchedIds,
  searchPatterns,
  searchTextOf,
  walkedSearch,
} from '../../lib/db-helpers.ts';

// Every function takes the tenant's transaction (request.tenantTx): row-level security limits
// it to that tenant, and tenantId is also written explicitly on inserts.

/**
 * The words of a customer search, a word of digits and document or phone punctuation only
 * ('390.533.447-05', '390.533', '(41)', '+55', '99691-0256') reduced to its digits: documents and
 * phones are in search_text as digits.
 */
export function customerSearchWords(search: string | undefined) {
  return search
    ?.split(/\s+/)
    .map((word) => (/^[\d./()+-]+$/.test(word) && /\d/.test(word) ? word.replace(/\D/g, '') : word))
    .join(' ');
}

/**
 * The name and document part of search_text: it is foldText(name, document, company, e-mail,
 * phone digits) (service and seed-bulk alike) and the document is digits, so it ends at the document.
 * A DigiSac contact has no document: its search_text is its name and number, matched whole.
 */
const nameAndDocumentText = sql`case when ${customers.document} is null then ${customers.searchText} else left(${customers.searchText}, strpos(${customers.searchText} || ' ', ' ' || ${customers.document} || ' ') + length(${customers.document})) end`;

/**
 * A page of customers and the total, in one statement (see countOrEstimate). With
 * `match: 'name_document'` the matches are narrowed to those whose name or document holds every
 * word. A search goes through the trigram index or reads the list newest first, as planSearch
 * says (see listTickets).
 */
export async function listCustomers(
  tx: Tx,
  filter: { search?: string; match?: 'name_document'; page: number; perPage: number },
) {
  const search = customerSearchWords(filter.search);
  const { limit, offset } = pageWindow(filter.page, filter.perPage);
  const newestFirst = [desc(customers.createdAt), desc(customers.id)];
  const narrowed =
    filter.match === 'name_document' && searchPatterns(search).length > 0
      ? sql.join(
          searchPatterns(search).map((pattern) => sql`${nameAndDocumentText} like ${pattern}`),
          sql` and `,
        )
      : undefined;
  const plan = await planSearch(tx, 'customers', search);
  if (plan && plan.indexed.length === 0) {
    const walked = walkedSearch(
      tx,
      customers,
      { id: customers.id, searchText: customers.searchText },
      plan.patterns,
      undefined,
      newestFirst,
      narrowed,
    );
    const rows = await tx
      .select({ customer: customers, total: sql<number>`${walked.sql}` })
      .from(customers)
      .where(walked.page(limit, offset))
      .orderBy(...newestFirst)
      .limit(limit);
    const total = await walked.totalOf(rows, offset);
    // The newest rows of a longer list could not fill the page: the rest is read the complete way.
    if (rows.length === limit || !total.estimate) return { rows: rows.map((r) => r.customer), ...total };
  }
  const searched = searchedIds(tx, 'customers', plan, plan?.indexed);
  const where: SQL | undefined =
    searched &&
    (narrowed
      ? sql`${customers.id} in (select id from ${searched}) and ${narrowed}`
      : sql`${customers.id} in (select id from ${searched})`);
  const counted = countOrEstimate(tx, customers, where, searched);
  const rows = await (searched ? tx.with(searched) : tx)
    .select({ customer: customers, total: sql<number>`${counted.sql}` })
    .from(customers)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => r.customer), ...(await counted.totalOf(rows, filter.page)) };
}

export async function findCustomer(tx: Tx, id: string) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function findCustomerByDocument(tx: Tx, document: string) {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.document, document));
  return row;
}

export async function insertCustomer(tx: Tx, values: typeof customers.$inferInsert) {
  const [row] = await tx.insert(customers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * A DigiSac contact as a customer: inserted once, matched by its DigiSac id afterwards and then
 * left alone (a customer edited in Atende keeps its edits). Answers the customer's id and name.
 */
export async function upsertDigisacCustomer(
  tx: Tx,
  values: typeof customers.$inferInsert & { externalId: string },
) {
  const [inserted] = await tx
    .insert(customers)
    .values({ ...values, source: 'digisac' })
    .onConflictDoNothing({
      target: [customers.tenantId, customers.externalId],
      where: sql`external_id is not null`,
    })
    .returning({ id: customers.id, name: customers.name });
  if (inserted) return inserted;
  const [found] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.externalId, values.externalId));
  if (!found) throw new Error('DigiSac customer neither inserted nor found');
  return found;
}

/** The customer of a DigiSac contact, by its DigiSac id. */
export async function findByExternalId(tx: Tx, externalId: string) {
  const [row] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.externalId, externalId));
  return row;
}

export async function updateCustomer(tx: Tx, id: string, values: Partial<typeof customers.$inferInsert>) {
  const [row] = await tx.update(customers).set(values).where(eq(customers.id, id)).returning();
  return row;
}

/** Deletes the customer; its tickets keep the name they show (the link becomes null). */
export async function deleteCustomer(tx: Tx, id: string) {
  const customer = await findCustomer(tx, id);
  if (!customer) return false;
  await tx
    .update(tickets)
    .set({ customerName: customer.name })
    .where(and(eq(tickets.customerId, id)));
  await tx.delete(customers).where(eq(customers.id, id));
  return true;
}

/**
 * A renamed customer's tickets: the name they keep and what ticket search matches (title, content
 * and customer name, folded), rewritten in batches from the stored texts.
 */
export async function renameOnTickets(tx: Tx, id: string, name: string) {
  const linked = await tx
    .select({ id: tickets.id, title: tickets.title, content: tickets.content })
    .from(tickets)
    .where(eq(tickets.customerId, id));
  for (let start = 0; start < linked.length; start += 1000) {
    const batch = linked
      .slice(start, start + 1000)
      .map((t) => ({ id: t.id, search_text: searchTextOf(t.title, t.content, name) }));
    await tx.execute(sql`
      update ${tickets} set customer_name = ${name}, search_text = v.search_text
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id uuid, search_text text)
      where ${tickets.id} = v.id and ${tickets.customerId} = ${id}`);
  }
}
