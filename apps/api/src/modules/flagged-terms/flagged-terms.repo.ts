import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { flaggedTerms, tenants } from '../../db/schema/index.ts';
import { matchesSearch } from '../../lib/db-helpers.ts';

// Every function takes the tenant's transaction (request.tenantTx): row-level security limits
// it to that tenant, and tenantId is also written explicitly on inserts.

// Byte order of the folded text: the same on PGlite and on PostgreSQL whatever their locale.
const byFoldedTerm = [sql`${flaggedTerms.termFolded} collate "C"`, asc(flaggedTerms.id)];

export function listTerms(tx: Tx, filter: { search?: string; limit: number }) {
  return tx
    .select()
    .from(flaggedTerms)
    .where(matchesSearch(flaggedTerms.termFolded, filter.search))
    .orderBy(...byFoldedTerm)
    .limit(filter.limit);
}

export async function activeTerms(tx: Tx) {
  const rows = await tx
    .select({ term: flaggedTerms.term })
    .from(flaggedTerms)
    .where(eq(flaggedTerms.isActive, true))
    .orderBy(...byFoldedTerm);
  return rows.map((r) => r.term);
}

/** The tenant's terms_version (bumped by the flagged_terms_guard trigger on every term write). */
export async function termsVersion(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({ version: tenants.termsVersion })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.version ?? 0;
}

/** How many terms the tenant has, active or not (the cap counts them all). */
export async function countTerms(tx: Tx) {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(flaggedTerms);
  return row?.count ?? 0;
}

export async function findTerm(tx: Tx, id: string) {
  const [row] = await tx.select().from(flaggedTerms).where(eq(flaggedTerms.id, id));
  return row;
}

/** The term whose folded text is `folded`, other than `exceptId`. */
export async function findTermByFolded(tx: Tx, folded: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: flaggedTerms.id })
    .from(flaggedTerms)
    .where(and(eq(flaggedTerms.termFolded, folded), exceptId ? ne(flaggedTerms.id, exceptId) : undefined));
  return row;
}

/** The id of each of `folded` that is already a term. */
export async function idsByFolded(tx: Tx, folded: string[]) {
  if (folded.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: flaggedTerms.id, termFolded: flaggedTerms.termFolded })
    .from(flaggedTerms)
    .where(inArray(flaggedTerms.termFolded, folded));
  return new Map(rows.map((r) => [r.termFolded, r.id]));
}

export async function insertTerm(tx: Tx, values: typeof flaggedTerms.$inferInsert) {
  const [row] = await tx.insert(flaggedTerms).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Inserts in one statement; a row whose folded term was taken meanwhile (a concurrent request)
 * is skipped instead of failing the statement, so it is missing from the answer.
 */
export function insertTermsSkippingTaken(tx: Tx, values: (typeof flaggedTerms.$inferInsert)[]) {
  if (values.length === 0) return Promise.resolve([]);
  return tx
    .insert(flaggedTerms)
    .values(values)
    .onConflictDoNothing({ target: [flaggedTerms.tenantId, flaggedTerms.termFolded] })
    .returning();
}

export async function updateTerm(tx: Tx, id: string, values: Partial<typeof flaggedTerms.$inferInsert>) {
  const [row] = await tx.update(flaggedTerms).set(values).where(eq(flaggedTerms.id, id)).returning();
  return row;
}

/** Flips is_active in SQL, so two concurrent toggles never read the same value. */
export async function toggleTerm(tx: Tx, id: string) {
  const [row] = await tx
    .update(flaggedTerms)
    .set({ isActive: sql`not ${flaggedTerms.isActive}` })
    .where(eq(flaggedTerms.id, id))
    .returning();
  return row;
}

export async function deleteTerm(tx: Tx, id: string) {
  const rows = await tx
    .delete(flaggedTerms)
    .where(eq(flaggedTerms.id, id))
    .returning({ id: flaggedTerms.id });
  return rows.length > 0;
}
