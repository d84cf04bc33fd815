import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { srpClaims } from '../../db/schema/index.ts';

// The SRP claims already answered (table srp_claims, the identity provider's own): what makes a
// SECRET_BLOCK single-use on every process, and what lets a refused claim's one USER_PASSWORD_AUTH
// fallback count as the same attempt. Swept with the security counters (jobs.ts).

/**
 * Uses up an SRP SECRET_BLOCK (by its nonce): false when it was used before. The row remembers
 * the address that answered it and whether a password was tested, for the one fallback.
 */
export async function claimSrpBlock(db: Db, values: typeof srpClaims.$inferInsert) {
  const rows = await db
    .insert(srpClaims)
    .values(values)
    .onConflictDoNothing()
    .returning({ nonce: srpClaims.nonce });
  return rows.length > 0;
}

/**
 * Takes the one USER_PASSWORD_AUTH fallback of a refused SRP claim, from the address that made
 * it, before its block expires. Answers whether that claim tested a password (undefined: no
 * fallback to take — used, expired, unknown or from elsewhere).
 */
export async function takeSrpFallback(db: Db, nonce: string, address: string) {
  const [row] = await db
    .update(srpClaims)
    .set({ fallbackUsedAt: sql`now()` })
    .where(
      and(
        eq(srpClaims.nonce, nonce),
        eq(srpClaims.address, address),
        isNull(srpClaims.fallbackUsedAt),
        gt(srpClaims.expiresAt, sql`now()`),
      ),
    )
    .returning({ tested: srpClaims.tested });
  return row?.tested;
}

/**
 * Forgets SRP claims whose blocks expired a while ago. Not at once: a process checks a block's
 * expiry by its own clock, and one a little behind the database's would take a just-swept block
 * as unused; the margin keeps the claim while any process may still hold its block live.
 */
export async function sweepSrpClaims(db: Db) {
  await db.delete(srpClaims).where(lt(srpClaims.expiresAt, sql`now() - interval '10 minutes'`));
}
