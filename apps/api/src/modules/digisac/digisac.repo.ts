import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { digisacEvents, digisacImports, digisacLinks, digisacWorkLeases } from '../../db/schema/index.ts';

// The ingestion's tables (db/schema/digisac.ts). Functions take the tenant's transaction, but
// those marked "System", which run across tenants (withSystem): the intake's look-up of a
// secret, and the workers' claim.

// ── Links: the webhook and the sync cursor ─────────────────────────────────────────────────────

export async function findLink(tx: Tx, tenantId: string) {
  const [row] = await tx.select().from(digisacLinks).where(eq(digisacLinks.tenantId, tenantId));
  return row;
}

export async function saveWebhook(
  tx: Tx,
  tenantId: string,
  webhook: { secretHash: string; webhookId: string } | null,
) {
  const values = {
    webhookSecretHash: webhook?.secretHash ?? null,
    webhookId: webhook?.webhookId ?? null,
    webhookRegisteredAt: webhook ? sql`now()` : null,
  };
  await tx
    .insert(digisacLinks)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: digisacLinks.tenantId, set: values });
}

// ── The intake ─────────────────────────────────────────────────────────────────────────────────

/**
 * Rows a tenant's intake limit is split over (db/schema/digisac.ts): one row per 50 events/s of
 * the limit, at most 8 — a low limit stays one exact bucket; a high one is not held back by one
 * row lock per commit (~700 commits/s per row on a disk that flushes each).
 */
export const intakeBucketShards = (perSecond: number) => Math.max(1, Math.min(8, Math.floor(perSecond / 50)));

/**
 * System, one statement: the tenant whose webhook secret hashes to `hash`, one token from one of
 * its buckets (a random shard, each refilled at perSecond/shards up to burst/shards), and, with
 * the token, the event into its inbox (a dedupe key seen before stores nothing). Answers the
 * tenant (null: unknown secret), whether a token was taken, whether the event is new.
 */
export async function admitAndStore(
  tx: Tx,
  input: { hash: string; perSecond: number; burst: number; event: Omit<NewEvent, 'tenantId'> },
) {
  const shards = intakeBucketShards(input.perSecond);
  const rate = input.perSecond / shards;
  const burst = Math.max(1, input.burst / shards);
  const shard = Math.floor(Math.random() * shards);
  const refilled = sql`least(${burst}::real, b.tokens + extract(epoch from clock_timestamp() - b.refilled_at)::real * ${rate}::real)`;
  const e = input.event;
  const result = await tx.execute(sql`
    with link as (
      select tenant_id from digisac_links where webhook_secret_hash = ${input.hash}
    ), token as (
      insert into digisac_intake_buckets as b (tenant_id, shard, tokens, refilled_at)
      select tenant_id, ${shard}, ${burst}::real - 1, clock_timestamp() from link
      on conflict (tenant_id, shard) do update set tokens = ${refilled} - 1, refilled_at = clock_timestamp()
        where ${refilled} >= 1
      returning tenant_id
    ), stored as (
      insert into digisac_events (tenant_id, event, source, dedupe_key, work_key, occurred_at, payload, state)
      select tenant_id, ${e.event}, ${e.source}, ${e.dedupeKey}, ${e.workKey},
             ${e.occurredAt ? e.occurredAt.toISOString() : null}::timestamptz,
             ${e.payload === undefined || e.payload === null ? null : JSON.stringify(e.payload)}::jsonb,
             ${e.state ?? 'pending'}
      from token
      on conflict (tenant_id, dedupe_key) do nothing
      returning 1
    )
    select (select tenant_id from link) as tenant_id,
           (select count(*) from token)::int as admitted,
           (select count(*) from stored)::int as stored`);
  const [row] =
    (result as { rows?: { tenant_id: string | null; admitted: number; stored: number }[] }).rows ?? [];
  return {
    tenantId: row?.tenant_id ?? null,
    admitted: (row?.admitted ?? 0) > 0,
    stored: (row?.stored ?? 0) > 0,
  };
}

export type NewEvent = Omit<typeof digisacEvents.$inferInsert, 'id'>;

/** Stores the event unless its dedupe key is stored already; answers whether it was new. */
export async function insertEvent(tx: Tx, event: NewEvent) {
  const rows = await tx
    .insert(digisacEvents)
    .values(event)
    .onConflictDoNothing({ target: [digisacEvents.tenantId, digisacEvents.dedupeKey] })
    .returning({ id: digisacEvents.id });
  return rows.length > 0;
}

/** Stores many events (an import's or the sync's page); answers how many were new. */
export async function insertEvents(tx: Tx, events: NewEvent[]) {
  if (events.length === 0) return 0;
  const rows = await tx
    .insert(digisacEvents)
    .values(events)
    .onConflictDoNothing({ target: [digisacEvents.tenantId, digisacEvents.dedupeKey] })
    .returning({ id: digisacEvents.id });
  return rows.length;
}

// ── The workers ────────────────────────────────────────────────────────────────────────────────

/**
 * System: leases up to `limit` work keys (DigiSac tickets) that have events due, oldest due first,
 * for `leaseMs`. The upsert takes a key only when nobody holds it or its lease ran out, so two
 * processes never hold one key; a crashed worker's lease runs out.
 */
export async function leaseWork(
  tx: Tx,
  { limit, leaseMs, fetches }: { limit: number; leaseMs: number; fetches: boolean },
) {
  // The inbox's keys, or the requests to read a ticket from DigiSac (the digisac-fetch job's).
  const kind = fetches ? sql`work_key like 'fetch:%'` : sql`work_key not like 'fetch:%'`;
  const result = await tx.execute(sql`
    with due as (
      select distinct on (tenant_id, work_key) tenant_id, work_key, next_attempt_at
      from (
        select tenant_id, work_key, next_attempt_at from digisac_events
        where state = 'pending' and next_attempt_at <= now() and ${kind}
        order by next_attempt_at limit ${limit * 20}
      ) candidates
      order by tenant_id, work_key, next_attempt_at
    )
    insert into digisac_work_leases (tenant_id, work_key, lease_until)
    select tenant_id, work_key, clock_timestamp() + ${leaseMs} * interval '1 millisecond'
    from (select * from due order by next_attempt_at limit ${limit}) picked
    on conflict (tenant_id, work_key) do update set lease_until = excluded.lease_until
      where digisac_work_leases.lease_until < clock_timestamp()
    returning tenant_id, work_key`);
  return ((result as { rows?: { tenant_id: string; work_key: string }[] }).rows ?? []).map((r) => ({
    tenantId: r.tenant_id,
    workKey: r.work_key,
  }));
}

export async function releaseWork(tx: Tx, tenantId: string, workKey: string) {
  await tx
    .delete(digisacWorkLeases)
    .where(and(eq(digisacWorkLeases.tenantId, tenantId), eq(digisacWorkLeases.workKey, workKey)));
}

/** The key's due events in DigiSac's order (its time, then arrival), at most `limit`. */
export function dueEventsOf(tx: Tx, workKey: string, limit: number) {
  return tx
    .select()
    .from(digisacEvents)
    .where(
      and(
        eq(digisacEvents.workKey, workKey),
        eq(digisacEvents.state, 'pending'),
        sql`${digisacEvents.nextAttemptAt} <= now()`,
      ),
    )
    .orderBy(sql`${digisacEvents.occurredAt} asc nulls first`, asc(digisacEvents.receivedAt))
    .limit(limit);
}

export async function markProcessed(tx: Tx, ids: string[], state: 'processed' | 'ignored' = 'processed') {
  if (ids.length === 0) return;
  await tx
    .update(digisacEvents)
    .set({ state, processedAt: sql`now()`, error: null })
    .where(inArray(digisacEvents.id, ids));
}

/**
 * A failed try: back to pending after a back-off (2^attempts × `baseMs`), or `failed` with its
 * reason after `maxAttempts`.
 */
export async function markFailedTry(
  tx: Tx,
  ids: string[],
  error: string,
  { maxAttempts, baseMs }: { maxAttempts: number; baseMs: number },
) {
  if (ids.length === 0) return;
  await tx
    .update(digisacEvents)
    .set({
      attempts: sql`${digisacEvents.attempts} + 1`,
      error,
      state: sql`case when ${digisacEvents.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
      nextAttemptAt: sql`now() + power(2, ${digisacEvents.attempts}) * ${baseMs} * interval '1 millisecond'`,
    })
    .where(inArray(digisacEvents.id, ids));
}

/** Due again after `ms`, the try not counted (our own call limit said wait, not DigiSac). */
export async function postpone(tx: Tx, ids: string[], ms: number) {
  if (ids.length === 0) return;
  await tx
    .update(digisacEvents)
    .set({ nextAttemptAt: sql`now() + ${ms} * interval '1 millisecond'` })
    .where(inArray(digisacEvents.id, ids));
}

// ── Status, the failed list, a retry ───────────────────────────────────────────────────────────

/** Events received in the last 24 hours, by state. */
export function eventCounts24h(tx: Tx) {
  return tx
    .select({ state: digisacEvents.state, n: count() })
    .from(digisacEvents)
    .where(sql`${digisacEvents.receivedAt} >= now() - interval '24 hours'`)
    .groupBy(digisacEvents.state);
}

/** When the newest webhook event arrived (any age). */
export async function lastWebhookEventAt(tx: Tx) {
  const [row] = await tx
    .select({ at: digisacEvents.receivedAt })
    .from(digisacEvents)
    .where(eq(digisacEvents.source, 'webhook'))
    .orderBy(desc(digisacEvents.receivedAt))
    .limit(1);
  return row?.at ?? null;
}

export async function listEvents(tx: Tx, state: string, page: number, perPage: number) {
  const where = eq(digisacEvents.state, state);
  const rows = await tx
    .select({
      id: digisacEvents.id,
      event: digisacEvents.event,
      receivedAt: digisacEvents.receivedAt,
      attempts: digisacEvents.attempts,
      error: digisacEvents.error,
    })
    .from(digisacEvents)
    .where(where)
    .orderBy(desc(digisacEvents.receivedAt), desc(digisacEvents.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await tx.select({ n: count() }).from(digisacEvents).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A failed event goes back to pending, now, with its tries counted afresh; false when not failed. */
export async function retryEvent(tx: Tx, id: string) {
  const rows = await tx
    .update(digisacEvents)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, error: null })
    .where(and(eq(digisacEvents.id, id), eq(digisacEvents.state, 'failed')))
    .returning({ id: digisacEvents.id });
  return rows.length > 0;
}

/** System: drops the payloads of events older than `days` (their outcome stays); answers how many. */
export async function dropOldPayloads(tx: Tx, days: number, limit: number) {
  const result = await tx.execute(sql`
    update digisac_events set payload = null
    where (tenant_id, id) in (
      select tenant_id, id from digisac_events
      where payload is not null and received_at < now() - ${days} * interval '1 day'
      limit ${limit})
    returning 1`);
  return (result as { rows?: unknown[] }).rows?.length ?? 0;
}

// ── The webhook's settings and the retry's answer ──────────────────────────────────────────────

/**
 * The tenant's link, created empty if absent, locked until the transaction ends: a rotation or a
 * removal reads the webhook it replaces while no other can, so none is left active at DigiSac
 * unknown here.
 */
export async function lockLink(tx: Tx, tenantId: string) {
  await tx.insert(digisacLinks).values({ tenantId }).onConflictDoNothing({ target: digisacLinks.tenantId });
  const [row] = await tx.select().from(digisacLinks).where(eq(digisacLinks.tenantId, tenantId)).for('update');
  return row;
}

/** An event's state, or undefined when the tenant has no such event. */
export async function eventState(tx: Tx, id: string) {
  const [row] = await tx
    .select({ state: digisacEvents.state })
    .from(digisacEvents)
    .where(eq(digisacEvents.id, id));
  return row?.state;
}

// ── History import and catch-up sync ───────────────────────────────────────────────────────────

/** System: the tenants whose webhook is active (the catch-up sync repairs what it missed). */
export async function linkedTenants(tx: Tx) {
  const rows = await tx
    .select({ tenantId: digisacLinks.tenantId })
    .from(digisacLinks)
    .where(isNotNull(digisacLinks.webhookSecretHash));
  return rows.map((r) => r.tenantId);
}

export async function saveSyncCursor(tx: Tx, tenantId: string, cursor: Date) {
  await tx
    .update(digisacLinks)
    .set({ syncCursor: cursor, lastSyncAt: sql`now()` })
    .where(eq(digisacLinks.tenantId, tenantId));
}

export type DigisacImport = typeof digisacImports.$inferSelect;

/** The tenant's newest import, if any. */
export async function latestImport(tx: Tx) {
  const [row] = await tx.select().from(digisacImports).orderBy(desc(digisacImports.startedAt)).limit(1);
  return row;
}

export async function insertImport(tx: Tx, values: { tenantId: string; days: number; since: Date }) {
  const [row] = await tx.insert(digisacImports).values(values).returning();
  if (!row) throw new Error('import insert returned no row');
  return row;
}

/**
 * System: takes one running import nobody holds (or whose holder's lease ran out) for `leaseMs`;
 * answers it, or undefined.
 */
export async function claimImport(tx: Tx, leaseMs: number) {
  const result = await tx.execute(sql`
    update digisac_imports i set lease_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
    from (
      select tenant_id, id from digisac_imports
      where state = 'running' and (lease_until is null or lease_until < clock_timestamp())
      order by started_at limit 1
      for update skip locked
    ) free
    where i.tenant_id = free.tenant_id and i.id = free.id
    returning i.tenant_id, i.id`);
  const [row] = (result as { rows?: { tenant_id: string; id: string }[] }).rows ?? [];
  return row ? { tenantId: row.tenant_id, id: row.id } : undefined;
}

export async function findImport(tx: Tx, id: string) {
  const [row] = await tx.select().from(digisacImports).where(eq(digisacImports.id, id));
  return row;
}

/** Records progress, unless the import was cancelled meanwhile; answers whether it is still running. */
export async function advanceImport(
  tx: Tx,
  id: string,
  values: Partial<
    Pick<DigisacImport, 'cursor' | 'page' | 'tickets' | 'messages' | 'state' | 'error' | 'finishedAt'>
  >,
) {
  const rows = await tx
    .update(digisacImports)
    .set(values)
    .where(and(eq(digisacImports.id, id), eq(digisacImports.state, 'running')))
    .returning({ id: digisacImports.id });
  return rows.length > 0;
}

/** The process is done with it for now: another run (any process) may take it at once. */
export async function releaseImport(tx: Tx, id: string) {
  await tx.update(digisacImports).set({ leaseUntil: null }).where(eq(digisacImports.id, id));
}

/** Cancels the running import; answers whether there was one. */
export async function cancelImport(tx: Tx) {
  const rows = await tx
    .update(digisacImports)
    .set({ state: 'cancelled', finishedAt: sql`now()`, leaseUntil: null })
    .where(eq(digisacImports.state, 'running'))
    .returning({ id: digisacImports.id });
  return rows.length > 0;
}
