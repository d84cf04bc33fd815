import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

// Web Push's tables (migration 0024). Functions taking a tenant id run in that tenant's
// transaction (RLS) or, for the alert rules, in whatever transaction published the alert (the SLA
// monitor's is the owner's: every statement names the tenant). Those marked "System" are the
// delivery workers', across tenants (withSystem).

/** Rows returned by a raw statement, whichever driver ran it. */
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? []) as T[];

/** Stores (or takes over, for another user of the tenant) the device; answers nothing. */
export async function upsertSubscription(
  tx: Tx,
  values: {
    tenantId: string;
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
) {
  await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [pushSubscriptions.tenantId, pushSubscriptions.endpoint],
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        createdAt: sql`now()`,
      },
    });
}

/** Keeps the user's `keep` newest devices, deleting the rest; answers how many are left. */
export async function trimSubscriptions(tx: Tx, tenantId: string, userId: string, keep: number) {
  await tx.execute(sql`
    delete from push_subscriptions
    where tenant_id = ${tenantId} and user_id = ${userId} and id not in (
      select id from push_subscriptions where tenant_id = ${tenantId} and user_id = ${userId}
      order by created_at desc, id desc limit ${keep})`);
  return countSubscriptions(tx, tenantId, userId);
}

export async function countSubscriptions(tx: Tx, tenantId: string, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId)));
  return row?.n ?? 0;
}

/** Deletes the user's device with this endpoint (another user's is left alone). */
export async function deleteSubscription(tx: Tx, tenantId: string, userId: string, endpoint: string) {
  await tx
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.tenantId, tenantId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}

/** Deletes every device of the user when the user is disabled (a password change keeps them). */
export async function deleteSubscriptionsOfDisabledUser(tx: Tx, tenantId: string, userId: string) {
  await tx.execute(sql`
    delete from push_subscriptions s
    using users u
    where s.tenant_id = ${tenantId} and s.user_id = ${userId}
      and u.tenant_id = s.tenant_id and u.id = s.user_id and not u.enabled`);
}

/** The user's devices, oldest first (tests, support). */
export function listSubscriptions(tx: Tx, tenantId: string, userId: string) {
  return tx
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId)))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/** One new notification as the outbox takes it. */
export interface PushCandidate {
  id: string;
  alertType: string;
  /** 2 high, 1 medium, 0 low. */
  rank: number;
  /** Order within the burst (lower first, at equal rank). */
  ord: number;
  ticketId: string | null;
  payload: string;
  urgency: 'high' | 'normal';
}

/**
 * In the transaction that created the notifications: one push per device of every enabled user
 * with a device whose preferences (muted types, minimum priority) let one of them through — the
 * highest-priority one of the burst — except a user pushed an alert of the same ticket within the
 * last 60 s (push_ticket_marks: the upsert's row lock makes a concurrent transaction of the same
 * ticket wait and then see this one's mark). Answers how many rows were queued.
 */
export async function enqueue(tx: Tx, tenantId: string, candidates: PushCandidate[]) {
  if (candidates.length === 0) return 0;
  const result = await tx.execute(sql`
    with n as (
      select * from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb)
        as x(id uuid, "alertType" text, rank int, ord int, "ticketId" uuid, payload text, urgency text)
    ),
    chosen as (
      select distinct on (u.id) u.id as user_id, n.id, n."ticketId" as ticket_id, n.payload, n.urgency
      from users u
      join n on true
      left join notification_preferences p on p.tenant_id = u.tenant_id and p.user_id = u.id
      where u.tenant_id = ${tenantId} and u.enabled
        and exists (select 1 from push_subscriptions s where s.tenant_id = ${tenantId} and s.user_id = u.id)
        and not (n."alertType" = any(coalesce(p.muted_alert_types, '{}'::text[])))
        and n.rank >= case p.min_priority when 'high' then 2 when 'medium' then 1 else 0 end
      order by u.id, n.rank desc, n.ord
    ),
    marked as (
      insert into push_ticket_marks (tenant_id, user_id, ticket_id, pushed_at)
      select ${tenantId}::uuid, user_id, ticket_id, now() from chosen where ticket_id is not null
      order by user_id
      on conflict (tenant_id, user_id, ticket_id) do update set pushed_at = excluded.pushed_at
        where push_ticket_marks.pushed_at <= excluded.pushed_at - interval '60 seconds'
      returning user_id
    )
    insert into push_outbox (tenant_id, subscription_id, notification_id, payload, urgency)
    select ${tenantId}::uuid, s.id, c.id, c.payload, c.urgency
    from chosen c
    join push_subscriptions s on s.tenant_id = ${tenantId} and s.user_id = c.user_id
    where c.ticket_id is null or c.user_id in (select user_id from marked)
    returning id`);
  return rowsOf(result).length;
}

/** A claimed push with its device. */
export interface ClaimedPush {
  tenantId: string;
  id: string;
  notificationId: string;
  payload: string;
  urgency: 'high' | 'normal';
  attempts: number;
  createdAt: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * System: claims up to `limit` due pushes (FOR UPDATE SKIP LOCKED: another process's claim is
 * skipped, not waited for) by counting the attempt and putting them off by `leaseSeconds`, so a
 * process that dies while sending leaves them to be tried again then. Commit before sending.
 */
export async function claimDue(tx: Tx, limit: number, leaseSeconds: number) {
  const result = await tx.execute(sql`
    with due as (
      select tenant_id, id from push_outbox
      where next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update push_outbox o
    set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    from due, push_subscriptions s
    where o.tenant_id = due.tenant_id and o.id = due.id
      and s.tenant_id = o.tenant_id and s.id = o.subscription_id
    returning o.tenant_id as "tenantId", o.id, o.notification_id as "notificationId", o.payload,
      o.urgency, o.attempts, to_json(o.created_at) #>> '{}' as "createdAt",
      s.id as "subscriptionId", s.endpoint, s.p256dh, s.auth`);
  return rowsOf<ClaimedPush>(result);
}

/** System: the pushes are done with (sent, or given up): deleted. */
export async function deletePushes(tx: Tx, rows: { tenantId: string; id: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    delete from push_outbox o
    using (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("tenantId" uuid, id uuid)) d
    where o.tenant_id = d."tenantId" and o.id = d.id`);
}

/** System: the push services said these devices are gone (404/410); their pending pushes go too. */
export async function deleteGoneSubscriptions(tx: Tx, rows: { tenantId: string; subscriptionId: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    delete from push_subscriptions s
    using (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           as x("tenantId" uuid, "subscriptionId" uuid)) d
    where s.tenant_id = d."tenantId" and s.id = d."subscriptionId"`);
}

/** System: tries again in `delaySeconds`, keeping why the last one failed. */
export async function postpone(
  tx: Tx,
  rows: { tenantId: string; id: string; delaySeconds: number; error: string }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update push_outbox o
    set next_attempt_at = now() + make_interval(secs => d."delaySeconds"), last_error = d.error
    from (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x("tenantId" uuid, id uuid, "delaySeconds" int, error text)) d
    where o.tenant_id = d."tenantId" and o.id = d.id`);
}

/** System: marks older than an hour mean nothing any more (the rule looks 60 s back). */
export async function pruneTicketMarks(tx: Tx) {
  await tx.execute(sql`delete from push_ticket_marks where pushed_at < now() - interval '1 hour'`);
}
