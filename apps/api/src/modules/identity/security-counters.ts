import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { securityCounters } from '../../db/schema/index.ts';
import { sha256 } from './passwords.ts';

// Fixed-window counters in the database (table security_counters), shared by every server
// process: one atomic upsert counts an event and answers the count, so concurrent requests can
// never all read "under the limit" and then all go on. Callers count BEFORE the expensive or
// secret comparison the limit guards.

export interface CounterHit {
  /** Events in the window, this one included. */
  count: number;
  /** When the window ends (a Retry-After for the caller). */
  resetAt: Date;
}

/** Keys hold e-mails and addresses an attacker chooses: stored hashed, bounded in size. */
const storedKey = (key: string) => {
  const kind = key.slice(0, key.indexOf(':') + 1);
  return `${kind}${sha256(key).slice(0, 32)}`;
};

/** Counts one event under `key` in a window of `windowMs` (a new window starts when it ends). */
export async function hitCounter(db: Db, key: string, windowMs: number): Promise<CounterHit> {
  const expired = sql`${securityCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(securityCounters)
    .values({ key: storedKey(key), count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: securityCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${securityCounters.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${securityCounters.resetAt} end`,
      },
    })
    .returning({ count: securityCounters.count, resetAt: securityCounters.resetAt });
  if (!row) throw new Error('security counter upsert returned no row');
  return row;
}

/** Forgets a key (a successful sign-in clears its failures). */
export async function clearCounter(db: Db, key: string) {
  await db.delete(securityCounters).where(eq(securityCounters.key, storedKey(key)));
}

/** Deletes windows that ended long ago (the table stays small). */
export async function sweepCounters(db: Db) {
  await db.delete(securityCounters).where(sql`${securityCounters.resetAt} < now() - interval '1 hour'`);
}

/** Seconds until a window ends, at least 1 (for Retry-After). */
export const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
