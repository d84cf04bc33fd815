import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, tickets } from '../../db/schema/index.ts';
import { matchesSearch, pageWindow } from '../../lib/db-helpers.ts';

// Every function takes the tenant's transaction (request.tenantTx): row-level security limits
// it to that tenant, and tenantId is also written explicitly on inserts.

export async function listCustomers(tx: Tx, filter: { search?: string; page: number; perPage: number }) {
  const where: SQL | undefined = matchesSearch(customers.searchText, filter.search);
  const { limit, offset } = pageWindow(filter.page, filter.perPage);
  const [rows, [totalRow]] = await Promise.all([
    tx
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(limit)
      .offset(offset),
    tx.select({ total: count() }).from(customers).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
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
