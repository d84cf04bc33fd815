import { type AlertType, alertTypes, type Priority, priorities } from '@atende/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  max,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  alertStates,
  businessHours,
  notificationCounts,
  notificationPreferences,
  notificationStates,
  notifications,
  slaEpisodes,
  tenants,
  ticketAnalyses,
  tickets,
  users,
} from '../../db/schema/index.ts';

// Every function takes the tenant's transaction (row-level security limits it to that tenant: the
// notifications_tenant_seq_idx prefix) but those marked "System", which the periodic jobs run
// across tenants (withSystem).

/** Who reads: since when they see notifications, and what they muted. */
export interface Viewer {
  userId: string;
  tenantId: string;
  since: Date;
  mutedAlertTypes: string[];
  minPriority: Priority;
}

/** The user's creation time and preferences in one read (undefined: no such enabled user in the tenant). */
export async function findViewer(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      tenantId: users.tenantId,
      since: users.createdAt,
      mutedAlertTypes: notificationPreferences.mutedAlertTypes,
      minPriority: notificationPreferences.minPriority,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.enabled, true)));
  return row;
}

const rank: Record<Priority, number> = { low: 0, medium: 1, high: 2 };

/** The priorities at or above the minimum. */
export const prioritiesFrom = (min: Priority) => priorities.filter((p) => rank[p] >= rank[min]);

/** The state row of this user for each notification (absent: unread, shown). */
const stateOf = (userId: string) =>
  and(eq(notificationStates.notificationId, notifications.id), eq(notificationStates.userId, userId));

/**
 * What the viewer sees: created since their account, not cleared by them, and (unless
 * `ignorePreferences`) neither muted nor below their minimum priority. Rows with a type or a
 * priority the contracts do not know are never shown (they could not be answered).
 */
function visible(
  viewer: Viewer,
  options: { unreadOnly?: boolean; ignorePreferences?: boolean; statesJoined?: boolean } = {},
) {
  const { unreadOnly = false, statesJoined = true } = options;
  const conditions: (SQL | undefined)[] = [
    sql`${notifications.createdAt} >= ${viewer.since.toISOString()}::timestamptz`,
    inArray(notifications.alertType, [...alertTypes]),
    inArray(notifications.priority, [...priorities]),
  ];
  if (statesJoined) {
    conditions.push(isNull(notificationStates.clearedAt));
    if (unreadOnly) conditions.push(isNull(notificationStates.readAt));
  } else {
    // Without the join: NOT EXISTS lets PostgreSQL walk notifications_tenant_seq_idx newest
    // first and stop at the page (a left join + IS NULL is estimated at one row, so it sorts all).
    conditions.push(sql`not exists (
      select 1 from ${notificationStates} s
      where s.user_id = ${viewer.userId} and s.notification_id = ${notifications.id}
        and (s.cleared_at is not null ${unreadOnly ? sql`or s.read_at is not null` : sql``}))`);
  }
  if (!options.ignorePreferences) {
    if (viewer.mutedAlertTypes.length > 0)
      conditions.push(notInArray(notifications.alertType, viewer.mutedAlertTypes));
    const allowed = prioritiesFrom(viewer.minPriority);
    if (allowed.length < priorities.length) conditions.push(inArray(notifications.priority, allowed));
  }
  return and(...conditions);
}

/** What a list item needs (with the viewer's read state from the joined state row). */
const itemColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  priority: notifications.priority,
  alertType: notifications.alertType,
  ticketId: notifications.ticketId,
  messageId: notifications.messageId,
  createdAt: notifications.createdAt,
  readAt: notificationStates.readAt,
};

/** One page, newest first (by seq), and how many match in all (the viewer's counters). */
export async function listNotifications(
  tx: Tx,
  viewer: Viewer,
  filter: { unreadOnly: boolean; limit: number },
) {
  if (filter.unreadOnly) {
    // Unread: no state row to read, so none is joined.
    const where = visible(viewer, { unreadOnly: true, statesJoined: false });
    const rows = await tx
      .select({ ...itemColumns, readAt: sql<Date | null>`null::timestamptz` })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.seq))
      .limit(filter.limit);
    return { rows, total: sumCounts(viewer, await countsOf(tx, viewer)).unread };
  }
  const rows = await tx
    .select(itemColumns)
    .from(notifications)
    .leftJoin(notificationStates, stateOf(viewer.userId))
    .where(visible(viewer))
    .orderBy(desc(notifications.seq))
    .limit(filter.limit);
  return { rows, total: sumCounts(viewer, await countsOf(tx, viewer)).total };
}

/**
 * A Last-Event-ID replay: what the viewer sees among the tenant's notifications numbered in
 * (`after`, `newest`], the newest `limit` of them, oldest first. The caller bounds that range to
 * the tenant's newest few (stream.ts: NOTIFICATION_REPLAY_WINDOW), so PostgreSQL reads at most
 * that many rows through notifications_tenant_tenant_seq_idx, however many the viewer muted.
 */
export async function listReplay(
  tx: Tx,
  viewer: Viewer,
  range: { after: number; newest: number; limit: number },
) {
  const rows = await tx
    .select({ tenantSeq: notifications.tenantSeq, ...itemColumns })
    .from(notifications)
    .leftJoin(notificationStates, stateOf(viewer.userId))
    .where(
      and(
        gt(notifications.tenantSeq, range.after),
        lte(notifications.tenantSeq, range.newest),
        visible(viewer),
      ),
    )
    .orderBy(desc(notifications.tenantSeq))
    .limit(range.limit);
  return rows.reverse();
}

/**
 * The tenant's notifications numbered after `after`, oldest first, for every open stream of the
 * tenant at once (stream.ts filters them per viewer: `visibleTo`). The numbers follow commit
 * order, so nothing committed later can come below what was read. New ones have no state yet,
 * so they read as unread.
 */
export async function listTenantAfter(tx: Tx, after: number, limit: number) {
  return tx
    .select({
      tenantSeq: notifications.tenantSeq,
      ...itemColumns,
      readAt: sql<Date | null>`null::timestamptz`,
    })
    .from(notifications)
    .where(
      and(
        gt(notifications.tenantSeq, after),
        inArray(notifications.alertType, [...alertTypes]),
        inArray(notifications.priority, [...priorities]),
      ),
    )
    .orderBy(asc(notifications.tenantSeq))
    .limit(limit);
}

/** In memory, what `visible` says in SQL (but the cleared state, which new rows do not have). */
export function visibleTo(viewer: Viewer) {
  const allowed = new Set<string>(prioritiesFrom(viewer.minPriority));
  const since = viewer.since.getTime();
  return (row: { createdAt: Date; alertType: string; priority: string }) =>
    row.createdAt.getTime() >= since &&
    !viewer.mutedAlertTypes.includes(row.alertType) &&
    allowed.has(row.priority);
}

/** Several users as readers (enabled users of the transaction's tenant only), by id. */
export async function findViewers(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      userId: users.id,
      tenantId: users.tenantId,
      since: users.createdAt,
      mutedAlertTypes: notificationPreferences.mutedAlertTypes,
      minPriority: notificationPreferences.minPriority,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(inArray(users.id, userIds), eq(users.enabled, true)));
}

/** The tenant's highest notification number (0 when it has none). */
export async function newestTenantSeq(tx: Tx) {
  const [row] = await tx.select({ seq: max(notifications.tenantSeq) }).from(notifications);
  return Number(row?.seq ?? 0);
}

/**
 * Visible notifications by type and priority, with how many of them are unread, counted from the
 * rows (what the counters of countsOf must equal: the tests compare them).
 */
export function countByTypeAndPriority(tx: Tx, viewer: Viewer) {
  return tx
    .select({
      alertType: notifications.alertType,
      priority: notifications.priority,
      total: count(),
      unread: sql<number>`count(*) filter (where ${notificationStates.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .leftJoin(notificationStates, stateOf(viewer.userId))
    .where(visible(viewer))
    .groupBy(notifications.alertType, notifications.priority);
}

/**
 * The viewer's counters (migration 0025: kept by the transactions that number, read, clear or delete
 * notifications), one row per alert type and priority they ever saw: the primary key's prefix.
 */
export function countsOf(tx: Tx, viewer: Viewer) {
  return tx
    .select({
      alertType: notificationCounts.alertType,
      priority: notificationCounts.priority,
      total: notificationCounts.total,
      unread: notificationCounts.unread,
    })
    .from(notificationCounts)
    .where(
      and(eq(notificationCounts.tenantId, viewer.tenantId), eq(notificationCounts.userId, viewer.userId)),
    );
}

/** The counters `visible` allows (known type and priority, neither muted nor below the minimum). */
export function allowedCounts<T extends { alertType: string; priority: string }>(viewer: Viewer, rows: T[]) {
  const allowed = new Set<string>(prioritiesFrom(viewer.minPriority));
  const types = new Set<string>(alertTypes);
  return rows.filter(
    (r) => types.has(r.alertType) && allowed.has(r.priority) && !viewer.mutedAlertTypes.includes(r.alertType),
  );
}

/** What the viewer sees in all (not cleared) and unread, from their counters. */
export function sumCounts(
  viewer: Viewer,
  rows: { alertType: string; priority: string; total: number; unread: number }[],
) {
  let total = 0;
  let unread = 0;
  for (const row of allowedCounts(viewer, rows)) {
    total += row.total;
    unread += row.unread;
  }
  return { total, unread };
}

/** The notification as this viewer may address it (preferences aside), with their state. */
export async function findVisible(tx: Tx, viewer: Viewer, id: string) {
  const [row] = await tx
    .select({ id: notifications.id, readAt: notificationStates.readAt })
    .from(notifications)
    .leftJoin(notificationStates, stateOf(viewer.userId))
    .where(and(eq(notifications.id, id), visible(viewer, { ignorePreferences: true })));
  return row;
}

/** Rows returned by a raw statement, whichever driver ran it. */
const rowCount = (result: unknown) => {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
};

/**
 * Marks read (and, with `clear`, clears) every notification matching `target` that is not so
 * already: one INSERT … SELECT … ON CONFLICT. Answers how many changed.
 */
async function writeStates(tx: Tx, viewer: Viewer, target: SQL | undefined, clear: boolean) {
  const pending = clear ? sql`true` : isNull(notificationStates.readAt);
  const result = await tx.execute(sql`
    insert into ${notificationStates} (tenant_id, user_id, notification_id, read_at, cleared_at)
    select ${notifications.tenantId}, ${viewer.userId}::uuid, ${notifications.id}, now(), ${clear ? sql`now()` : sql`null`}
    from ${notifications}
    left join ${notificationStates} on ${stateOf(viewer.userId)}
    where ${and(target, pending)}
    on conflict (tenant_id, user_id, notification_id) do update
      set read_at = coalesce(${notificationStates.readAt}, excluded.read_at),
          cleared_at = coalesce(${notificationStates.clearedAt}, excluded.cleared_at)
      where ${notificationStates.clearedAt} is null
        and (${clear ? sql`true` : sql`${notificationStates.readAt} is null`})
    returning ${notificationStates.notificationId}`);
  return rowCount(result);
}

export const markRead = (tx: Tx, viewer: Viewer, id: string) =>
  writeStates(tx, viewer, and(eq(notifications.id, id), visible(viewer, { ignorePreferences: true })), false);

export const markAllRead = (tx: Tx, viewer: Viewer) =>
  writeStates(tx, viewer, visible(viewer, { unreadOnly: true }), false);

export const clear = (tx: Tx, viewer: Viewer, id: string) =>
  writeStates(tx, viewer, and(eq(notifications.id, id), visible(viewer, { ignorePreferences: true })), true);

export const clearAll = (tx: Tx, viewer: Viewer) => writeStates(tx, viewer, visible(viewer), true);

export async function upsertPreferences(
  tx: Tx,
  viewer: Viewer,
  values: { mutedAlertTypes: string[]; minPriority: Priority },
) {
  await tx
    .insert(notificationPreferences)
    .values({ userId: viewer.userId, tenantId: viewer.tenantId, ...values })
    .onConflictDoUpdate({
      target: [notificationPreferences.tenantId, notificationPreferences.userId],
      set: { ...values, updatedAt: new Date() },
    });
}

/**
 * System: deletes up to `limit` of every tenant's notifications created before `cutoff`, oldest
 * first. Answers how many.
 */
export async function pruneBatchOlderThan(tx: Tx, cutoff: Date, limit: number) {
  const rows = await tx
    .delete(notifications)
    .where(
      sql`(${notifications.tenantId}, ${notifications.id}) in (${tx
        .select({ tenantId: notifications.tenantId, id: notifications.id })
        .from(notifications)
        .where(lt(notifications.createdAt, cutoff))
        .orderBy(notifications.createdAt)
        .limit(limit)})`,
    )
    .returning({ id: notifications.id });
  return rows.length;
}

// ── Alerts (alerts.ts) ──────────────────────────────────────────────────────────────────────────

/**
 * Moves the edge state of the given conditions in one upsert and answers the types that turned
 * true (new rows with active, or rows that were inactive). Rows whose state did not change are
 * not touched. Concurrent callers serialise on the row, so only one of them sees the edge.
 */
export async function turnedTrue(
  tx: Tx,
  tenantId: string,
  ticketId: string,
  states: { type: AlertType; active: boolean }[],
) {
  if (states.length === 0) return new Set<AlertType>();
  const rows = await tx
    .insert(alertStates)
    .values(states.map((s) => ({ tenantId, ticketId, alertType: s.type, active: s.active })))
    .onConflictDoUpdate({
      target: [alertStates.tenantId, alertStates.ticketId, alertStates.alertType],
      set: { active: sql`excluded.active`, updatedAt: sql`now()` },
      setWhere: sql`${alertStates.active} is distinct from excluded.active`,
    })
    .returning({ alertType: alertStates.alertType, active: alertStates.active });
  return new Set(rows.filter((r) => r.active).map((r) => r.alertType as AlertType));
}

/** Stores notifications; answers their seqs. */
export async function insertNotifications(tx: Tx, rows: (typeof notifications.$inferInsert)[]) {
  const inserted = await tx.insert(notifications).values(rows).returning({ seq: notifications.seq });
  return inserted.map((r) => r.seq);
}

// ── The SLA monitor (sla.ts): the waits kept on tickets by the triggers of migration 0007, their
// episodes recorded by the trigger of 0019 ────────────────────────────────────────────────────

/** System: tenants the monitor sees for the first time start being watched now. */
export async function startWatchingNewTenants(tx: Tx) {
  await tx.execute(sql`update tenants set sla_watched_since = now() where sla_watched_since is null`);
}

/**
 * System: closes, without an alert, up to `limit` waits older than 24 hours that began before
 * their tenant was watched (imported or generated in bulk); answers how many.
 */
export async function closeWaitsBeforeWatching(tx: Tx, limit: number) {
  const closed = await tx.execute(sql`
    update tickets t set sla_pending = false, wait_started_at = null
    from tenants te
    where (t.tenant_id, t.id) in (
        select tenant_id, id from tickets
        where sla_pending and wait_started_at < now() - interval '24 hours'
        order by wait_started_at limit ${limit})
      and te.id = t.tenant_id and t.wait_started_at < te.sla_watched_since
    returning t.id`);
  return (closed as { rows?: unknown[] }).rows?.length ?? 0;
}

/** A tenant's SLA settings as the monitor reads them with each episode. */
export interface EpisodeTenant {
  tenantId: string;
  limitMinutes: number;
  warningPercent: number;
  /** Null: no business hours (24×7). */
  hours: {
    timeZone: string;
    state: string | null;
    closedOnOptionalHolidays: boolean;
    weekly: unknown;
    daysOff: unknown;
  } | null;
}

const episodeTenant = {
  tenantId: slaEpisodes.tenantId,
  limitMinutes: tenants.maxCustomerWaitTimeMinutes,
  warningPercent: tenants.slaWarningPercent,
  hours: sql<
    EpisodeTenant['hours']
  >`case when ${businessHours.tenantId} is null then null else json_build_object(
    'timeZone', ${businessHours.timeZone}, 'state', ${businessHours.state},
    'closedOnOptionalHolidays', ${businessHours.closedOnOptionalHolidays},
    'weekly', ${businessHours.weekly}, 'daysOff', ${businessHours.daysOff}) end`,
};

export interface UndatedEpisode extends EpisodeTenant {
  id: string;
  startedAt: Date;
}

/**
 * System: open episodes whose deadlines are not computed yet (new waits, or the tenant changed
 * its hours or limits): the partial index sla_episodes_undated_idx, oldest first.
 */
export function undatedEpisodes(tx: Tx, { resting, limit }: { resting: string[]; limit: number }) {
  return tx
    .select({ id: slaEpisodes.id, startedAt: slaEpisodes.startedAt, ...episodeTenant })
    .from(slaEpisodes)
    .innerJoin(tenants, eq(tenants.id, slaEpisodes.tenantId))
    .leftJoin(businessHours, eq(businessHours.tenantId, slaEpisodes.tenantId))
    .where(
      and(
        sql`${slaEpisodes.answeredAt} is null and ${slaEpisodes.breachedAt} is null and ${slaEpisodes.dueAt} is null`,
        resting.length > 0 ? notInArray(slaEpisodes.tenantId, resting) : undefined,
      ),
    )
    .orderBy(slaEpisodes.startedAt)
    .limit(limit) as Promise<UndatedEpisode[]>;
}

/**
 * The tenant's open episodes (neither answered nor breached) without deadlines: the monitor
 * computes them again (sla_episodes_undated_idx). A warning already raised stays raised.
 */
export async function resetOpenDeadlines(tx: Tx, tenantId: string) {
  const reset = await tx
    .update(slaEpisodes)
    .set({ warnAt: null, dueAt: null })
    .where(
      and(eq(slaEpisodes.tenantId, tenantId), isNull(slaEpisodes.answeredAt), isNull(slaEpisodes.breachedAt)),
    )
    .returning({ id: slaEpisodes.id });
  return reset.length;
}

/** System: writes computed deadlines (ISO text; `infinity` for a schedule that never opens). */
export async function setDeadlines(
  tx: Tx,
  rows: { id: string; tenantId: string; warnAt: string | null; dueAt: string }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update sla_episodes e set warn_at = d."warnAt", due_at = d."dueAt"
    from (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(id uuid, "tenantId" uuid, "warnAt" timestamptz, "dueAt" timestamptz)) d
    where e.tenant_id = d."tenantId" and e.id = d.id and e.due_at is null`);
}

export interface PassedEpisode extends EpisodeTenant {
  /** The episode. */
  episodeId: string;
  /** The ticket. */
  id: string;
  /** Exact (microseconds) as ISO text: it identifies the episode and the ticket's wait. */
  startedAt: string;
  /** The ticket no longer waits in this episode (gone, or its wait changed): drop it. */
  stale: boolean;
  /** Solved by an analysis made during this wait (an older one speaks of an earlier one). */
  solved: boolean;
  /** Began after the monitor first saw the tenant, or within 24 hours of `now` (no backfill). */
  eligible: boolean;
}

/**
 * System: open episodes whose warning (`warn`) or breach (`due`) instant has passed by `now`,
 * oldest deadline first (the partial indexes sla_episodes_warn_idx / sla_episodes_due_idx).
 */
export function passedEpisodes(
  tx: Tx,
  { kind, now, resting, limit }: { kind: 'warn' | 'due'; now: Date; resting: string[]; limit: number },
): Promise<PassedEpisode[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const deadline = kind === 'due' ? slaEpisodes.dueAt : slaEpisodes.warnAt;
  return tx
    .select({
      episodeId: slaEpisodes.id,
      id: slaEpisodes.ticketId,
      startedAt: sql<string>`to_json(${slaEpisodes.startedAt}) #>> '{}'`,
      stale: sql<boolean>`${tickets.id} is null`,
      solved: sql<boolean>`coalesce(${ticketAnalyses.solvedStatus} = 'solved'
        and ${ticketAnalyses.createdAt} >= ${slaEpisodes.startedAt}, false)`,
      eligible: sql<boolean>`(${slaEpisodes.startedAt} >= ${tenants.slaWatchedSince}
        or ${slaEpisodes.startedAt} >= ${at} - interval '24 hours')`,
      ...episodeTenant,
    })
    .from(slaEpisodes)
    .innerJoin(tenants, eq(tenants.id, slaEpisodes.tenantId))
    .leftJoin(businessHours, eq(businessHours.tenantId, slaEpisodes.tenantId))
    .leftJoin(
      tickets,
      and(
        eq(tickets.tenantId, slaEpisodes.tenantId),
        eq(tickets.id, slaEpisodes.ticketId),
        eq(tickets.waitStartedAt, slaEpisodes.startedAt),
      ),
    )
    .leftJoin(
      ticketAnalyses,
      and(eq(ticketAnalyses.tenantId, tickets.tenantId), eq(ticketAnalyses.id, tickets.latestAnalysisId)),
    )
    .where(
      and(
        kind === 'due'
          ? sql`${slaEpisodes.answeredAt} is null and ${slaEpisodes.breachedAt} is null and ${slaEpisodes.dueAt} is not null`
          : sql`${slaEpisodes.answeredAt} is null and ${slaEpisodes.warnedAt} is null and ${slaEpisodes.breachedAt} is null and ${slaEpisodes.warnAt} is not null`,
        sql`${deadline} <= ${at}`,
        resting.length > 0 ? notInArray(slaEpisodes.tenantId, resting) : undefined,
      ),
    )
    .orderBy(deadline)
    .limit(limit) as Promise<PassedEpisode[]>;
}

/** System: drops open episodes no ticket waits in any more (never breached: nobody was late). */
export async function dropEpisodes(tx: Tx, rows: { episodeId: string; tenantId: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    delete from sla_episodes e
    using (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("episodeId" uuid, "tenantId" uuid)) d
    where e.tenant_id = d."tenantId" and e.id = d."episodeId" and e.breached_at is null and e.answered_at is null`);
}

/** The episode breaches at `now` (its warning counts as passed); false when it did already or was answered. */
export async function breachEpisode(tx: Tx, episodeId: string, now: Date) {
  const [row] = await tx
    .update(slaEpisodes)
    .set({
      breachedAt: now,
      warnedAt: sql`coalesce(${slaEpisodes.warnedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(slaEpisodes.id, episodeId), isNull(slaEpisodes.breachedAt), isNull(slaEpisodes.answeredAt)))
    .returning({ id: slaEpisodes.id });
  return row !== undefined;
}

/** The episode's warning is raised at `now`; false when it was already, or it breached or was answered. */
export async function warnEpisode(tx: Tx, episodeId: string, now: Date) {
  const [row] = await tx
    .update(slaEpisodes)
    .set({ warnedAt: now })
    .where(
      and(
        eq(slaEpisodes.id, episodeId),
        isNull(slaEpisodes.warnedAt),
        isNull(slaEpisodes.breachedAt),
        isNull(slaEpisodes.answeredAt),
      ),
    )
    .returning({ id: slaEpisodes.id });
  return row !== undefined;
}

/** System: closes waits without an alert; the next inbound message opens a new episode. */
export async function closeWaitsQuietly(tx: Tx, rows: { id: string; tenantId: string; startedAt: string }[]) {
  await tx.execute(sql`
    update tickets t set sla_pending = false, wait_started_at = null
    from (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(id uuid, "tenantId" uuid, "startedAt" timestamptz)) w
    where t.tenant_id = w."tenantId" and t.id = w.id and t.sla_pending and t.wait_started_at = w."startedAt"`);
}

/** Settles the wait if it is still the one that began at `startedAt` (no answer meanwhile). */
export async function settleWait(tx: Tx, ticketId: string, startedAt: string) {
  const [settled] = await tx
    .update(tickets)
    .set({ slaPending: false })
    .where(
      and(
        eq(tickets.id, ticketId),
        sql`${tickets.slaPending}`,
        sql`${tickets.waitStartedAt} = ${startedAt}::timestamptz`,
      ),
    )
    .returning({ id: tickets.id });
  return settled !== undefined;
}
