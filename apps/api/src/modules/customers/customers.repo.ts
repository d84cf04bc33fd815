import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, tickets } from '../../db/schema/index.ts';
import { countOrEstimate, pageWindow, searchedIds, searchTextOf } from '../../lib/db-helpers.ts';

// Every function takes the tenant's transaction (request.tenantTx): row-level security limits
// it to that tenant, and tenantId is also written explicitly on inserts.

/** A page of customers and the total, in one statement (see countOrEstimate). */
export async function listCustomers(tx: Tx, filter: { search?: string; page: number; perPage: number }) {
  const searched = searchedIds(tx, 'customers', filter.search);
  const where: SQL | undefined = searched && sql`${customers.id} in (select id from ${searched})`;
  const { limit, offset } = pageWindow(filter.page, filter.perPage);
  const counted = countOrEstimate(tx, customers, where, searched);
  const rows = await (searched ? tx.with(searched) : tx)
    .select({ customer: customers, total: sql<number>`${counted.sql}` })
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
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
