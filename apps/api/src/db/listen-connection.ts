import type pg from 'pg';

// Database.listen() on PostgreSQL (database.ts says what it promises). Reached only from
// postgres.ts, which hands over the driver it imported lazily: this file loads no `pg` of its own.

type ListenFn = (payload: string) => void;
/** node-postgres, loaded only when DATABASE_URL is set (a PGlite server never needs it). */
type PgDriver = typeof pg;

/** PostgreSQL's LISTEN side: one pg.Client besides the pool, shared by every listener. */
export function pgListener(driver: PgDriver, connectionString: string, connectTimeoutMs: number) {
  const channels = new Map<string, Set<ListenFn>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let backoffMs = 250;
  let closed = false;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const listenerCount = () => [...channels.values()].reduce((n, set) => n + set.size, 0);

  const drop = (conn: pg.Client) => {
    if (client !== conn) return;
    client = undefined;
    conn.end().catch(() => {});
    scheduleReconnect();
  };
  const scheduleReconnect = () => {
    if (closed || retryTimer || listenerCount() === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect(true);
    }, backoffMs);
    retryTimer.unref();
    backoffMs = Math.min(backoffMs * 2, 10_000);
  };
  // A connection dropped without a word (a NAT, a failover) would stay "listening" to nothing:
  // a ping every 30 s that fails or hangs for 10 s reconnects it (and resyncs the listeners).
  const ping = setInterval(() => {
    const conn = client;
    if (!conn) return;
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), 10_000);
    });
    Promise.race([conn.query('select 1'), hung])
      .catch(() => drop(conn))
      .finally(() => clearTimeout(timer));
  }, 30_000);
  ping.unref();
  const connect = (reconnect: boolean) => {
    connecting ??= (async () => {
      if (client || closed) return;
      const conn = new driver.Client({
        connectionString,
        connectionTimeoutMillis: connectTimeoutMs,
        keepAlive: true,
      });
      conn.on('error', () => drop(conn));
      conn.on('end', () => drop(conn));
      conn.on('notification', (msg) => {
        for (const fn of channels.get(msg.channel) ?? []) fn(msg.payload ?? '');
      });
      try {
        await conn.connect();
        for (const channel of channels.keys()) await conn.query(`listen ${quote(channel)}`);
        if (closed || listenerCount() === 0) {
          await conn.end().catch(() => {});
          return;
        }
        client = conn;
        backoffMs = 250;
        if (reconnect) for (const set of channels.values()) for (const fn of set) fn('');
      } catch {
        conn.end().catch(() => {});
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async listen(channel: string, fn: ListenFn) {
      if (closed) throw new Error('database closed');
      const added = !channels.has(channel);
      const set = channels.get(channel) ?? new Set<ListenFn>();
      channels.set(channel, set);
      set.add(fn);
      if (connecting) await connecting;
      if (client && added) await client.query(`listen ${quote(channel)}`).catch(() => {});
      else if (!client) await connect(false);
      return async () => {
        set.delete(fn);
        if (set.size > 0) return;
        channels.delete(channel);
        if (channels.size > 0) {
          await client?.query(`unlisten ${quote(channel)}`).catch(() => {});
          return;
        }
        clearTimeout(retryTimer);
        retryTimer = undefined;
        const conn = client;
        client = undefined;
        await conn?.end().catch(() => {});
      };
    },
    async close() {
      closed = true;
      clearInterval(ping);
      clearTimeout(retryTimer);
      channels.clear();
      if (connecting) await connecting;
      const conn = client;
      client = undefined;
      await conn?.end().catch(() => {});
    },
  };
}
