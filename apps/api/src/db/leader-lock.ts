import type pg from 'pg';

// Database.isLeader() on PostgreSQL (database.ts says what it promises). Reached only from
// postgres.ts, which hands over the driver it imported lazily: this file loads no `pg` of its own.

/** node-postgres, loaded only when DATABASE_URL is set (a PGlite server never needs it). */
type PgDriver = typeof pg;

/** Any constant shared by every Atende process: the periodic jobs' leader lock. */
const leaderLockKey = 7_201_400_502;

/** PostgreSQL's leader lock: a session advisory lock on its own connection (none held in the pool). */
export function pgLeader(driver: PgDriver, connectionString: string, connectTimeoutMs: number) {
  let client: pg.Client | undefined;
  let held = false;
  let closed = false;
  let trying: Promise<boolean> | undefined;
  const drop = (conn: pg.Client) => {
    if (client !== conn) return;
    client = undefined;
    held = false;
    conn.end().catch(() => {});
  };
  const tryLead = async () => {
    if (closed) return false;
    try {
      // A round trip proves the session (and so the lock) is still there: a connection dropped
      // without a word (a NAT, a failover) must not keep "leading" while another process leads.
      if (client && held) {
        await client.query('select 1');
        return true;
      }
      if (!client) {
        const conn = new driver.Client({
          connectionString,
          connectionTimeoutMillis: connectTimeoutMs,
          // Who leads, for operators (pg_stat_activity) and the two-process test.
          application_name: `atende-leader:${process.pid}`,
          keepAlive: true,
        });
        conn.on('error', () => drop(conn));
        conn.on('end', () => drop(conn));
        await conn.connect();
        if (closed) {
          await conn.end().catch(() => {});
          return false;
        }
        client = conn;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        leaderLockKey,
      ]);
      held = rows[0]?.locked === true;
      return held;
    } catch {
      if (client) drop(client);
      return false;
    }
  };
  return {
    isLeader() {
      trying ??= tryLead().finally(() => {
        trying = undefined;
      });
      return trying;
    },
    async close() {
      closed = true;
      if (trying) await trying;
      const conn = client;
      client = undefined;
      held = false;
      await conn?.end().catch(() => {}); // ending the session releases the lock
    },
  };
}
