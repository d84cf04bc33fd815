import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { authChallenges, refreshTokens, resetCodes, tenants, users } from '../../db/schema/index.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { Credentials } from './passwords.ts';
import type { SrpVerifier } from './srp.ts';

// The identity provider works before any tenant is known (sign-in by e-mail), so these queries
// run as the owner role, outside withTenant. Nothing here is reachable from a tenant request.
type Conn = Db | Tx;

export async function findUserByEmail(db: Conn, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

export async function findUserById(db: Conn, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function insertUser(db: Conn, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('insert returned no row');
  return user;
}

export async function setPassword(tx: Tx, events: DomainEvents, userId: string, credentials: Credentials) {
  // A changed password ends every session: the tokens issued before (their generation is now
  // stale, see auth.ts), every refresh token, every open NEW_PASSWORD_REQUIRED challenge and the
  // live notification streams (the event).
  const [user] = await tx
    .update(users)
    .set({ ...credentials, mustChangePassword: false, tokenGeneration: sql`${users.tokenGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ tenantId: users.tenantId });
  if (user) await events.publish(tx, user.tenantId, 'user.sessions_ended', { user_id: userId });
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx.delete(authChallenges).where(eq(authChallenges.userId, userId));
}

export function listUsersOfTenant(db: Conn, tenantId: string) {
  return db.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.email));
}

export async function findTenantBySlug(db: Conn, slug: string) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.slug, slug));
  return tenant;
}

export async function disableUser(db: Db, events: DomainEvents, email: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ enabled: false, tokenGeneration: sql`${users.tokenGeneration} + 1` })
      .where(eq(users.email, email.toLowerCase()))
      .returning();
    if (user) {
      await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, user.id));
      await tx.delete(authChallenges).where(eq(authChallenges.userId, user.id));
      await events.publish(tx, user.tenantId, 'user.sessions_ended', { user_id: user.id });
    }
    return user;
  });
}

/**
 * Stores a refresh token only while the user's token generation is still `generation`: the
 * user row is read FOR SHARE, so a concurrent password change either commits first (nothing is
 * stored) or waits, and its revocation then covers this token. False when nothing was stored.
 */
export async function insertRefreshToken(
  db: Conn,
  generation: number,
  values: Omit<typeof refreshTokens.$inferInsert, 'id' | 'revokedAt' | 'createdAt'>,
) {
  const rows = await db.execute(sql`
    insert into refresh_tokens (user_id, token_hash, auth_time, expires_at)
    select id, ${values.tokenHash}, ${values.authTime.toISOString()}::timestamptz, ${values.expiresAt.toISOString()}::timestamptz
    from users where id = ${values.userId} and enabled and token_generation = ${generation}
    for share
    returning id`);
  return rowCount(rows) > 0;
}

/** Rows returned by a raw statement, whichever driver ran it. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}

export async function findLiveRefreshToken(db: Conn, tokenHash: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

export async function insertChallenge(db: Conn, values: typeof authChallenges.$inferInsert) {
  await db.insert(authChallenges).values(values);
}

export async function findLiveChallenge(db: Conn, sessionHash: string) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.sessionHash, sessionHash), gt(authChallenges.expiresAt, new Date())));
  return row;
}

/** Stores a new code and retires the older ones: only the newest code works. */
export async function replaceResetCode(db: Tx, values: typeof resetCodes.$inferInsert) {
  // Two requests at once take turns on the user's row: the later one's code is the live one.
  await db.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
  await db
    .update(resetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(resetCodes.userId, values.userId), isNull(resetCodes.usedAt)));
  await db.insert(resetCodes).values(values);
}

/**
 * Spends one attempt of the user's newest live code, atomically, BEFORE the code is compared:
 * concurrent guesses each take their own attempt, and none is left after `maxAttempts`. Returns
 * the code to compare, or undefined when there is no live code with attempts left.
 */
export async function claimResetAttempt(db: Conn, userId: string, maxAttempts: number) {
  const newest = db
    .select({ id: resetCodes.id })
    .from(resetCodes)
    .where(and(eq(resetCodes.userId, userId), isNull(resetCodes.usedAt)))
    .orderBy(desc(resetCodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(resetCodes)
    .set({ attempts: sql`${resetCodes.attempts} + 1` })
    .where(
      and(
        eq(resetCodes.id, sql`(${newest})`),
        isNull(resetCodes.usedAt),
        lt(resetCodes.attempts, maxAttempts),
        gt(resetCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Uses up a code; false when a concurrent request used it first. */
export async function markResetCodeUsed(db: Conn, codeId: string) {
  const rows = await db
    .update(resetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(resetCodes.id, codeId), isNull(resetCodes.usedAt)))
    .returning({ id: resetCodes.id });
  return rows.length > 0;
}

/** What decides whether a user's tokens still hold (see auth.ts). */
export async function tokenStateOf(db: Conn, userId: string) {
  const [row] = await db
    .select({ enabled: users.enabled, generation: users.tokenGeneration })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * From a tenant's transaction: ends a user's refresh tokens and open challenges (app_user cannot
 * touch those tables: the definer function app_end_user_sessions, migration 0018, does, for a
 * user of the transaction's tenant only) and announces the end of their sessions.
 */
export async function endSessionsInTenant(tx: Tx, events: DomainEvents, tenantId: string, userId: string) {
  await tx.execute(sql`select app_end_user_sessions(${userId})`);
  await events.publish(tx, tenantId, 'user.sessions_ended', { user_id: userId });
}

/** Notes a successful sign-in (the people list shows it). */
export async function recordSignIn(db: Conn, userId: string) {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Gives a user whose password predates SRP its verifier, made from the password that just
 * signed in: only while that password is still the stored one and no verifier was set meanwhile.
 */
export async function storeMissingVerifier(
  db: Conn,
  userId: string,
  passwordHash: string,
  verifier: SrpVerifier,
) {
  await db
    .update(users)
    .set(verifier)
    .where(and(eq(users.id, userId), eq(users.passwordHash, passwordHash), isNull(users.srpVerifier)));
}
