import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { slaEpisodes, tenants, ticketAnalyses, tickets } from '../../db/schema/index.ts';
import { withSystem } from '../../db/system.ts';
import { withTenant } from '../../db/tenant.ts';
import type { DomainEvents } from '../../lib/events.ts';

/**
 * The SLA monitor (ARCHITECTURE "Alerts"): a worker job that finds tickets whose customer has
 * waited longer than the tenant's `max_customer_wait_time_minutes` with no answer, and publishes
 * `ticket.wait_exceeded` once per waiting episode (the alert rule turns it into `ticket_issues`).
 *
 * The database keeps each ticket's wait (`awaiting_since`, `wait_started_at`, `sla_pending`:
 * triggers of migration 0007 on tickets and messages), so a check is one query over the partial
 * index `tickets_sla_pending_idx`: only tickets in an open episode the monitor has not settled.
 * Settling an episode (alerted, solved, too old) clears `sla_pending`.
 *
 * No backfill: an episode counts only if it began after the monitor first saw the tenant
 * (`tenants.sla_watched_since`) or within the last 24 hours.
 */

/** Tickets settled per check (the rest wait for the next one). */
const batchSize = 500;

export interface SlaCheckResult {
  /** Episodes that breached now: each got its sla_episodes row and its event. */
  alerted: number;
  /** Episodes of solved tickets, closed without an alert. */
  solved: number;
  /** Episodes too old to alert (no backfill), closed without one. */
  skipped: number;
}

/** One check across every tenant. Runs as the `sla-monitor` system job, then per tenant. */
export async function checkWaitingTickets(db: Db, events: DomainEvents): Promise<SlaCheckResult> {
  const result: SlaCheckResult = { alerted: 0, solved: 0, skipped: 0 };
  const due = await withSystem(db, 'sla-monitor', async (tx) => {
    await tx.execute(sql`update tenants set sla_watched_since = now() where sla_watched_since is null`);
    // Old waits, e.g. imported or generated in bulk, are settled set-wise, never alerted.
    const old = await tx.execute(sql`
      update tickets t set sla_pending = false
      from tenants te
      where t.id in (
          select id from tickets
          where sla_pending and awaiting_since < now() - interval '24 hours'
          order by awaiting_since limit 5000)
        and te.id = t.tenant_id and t.wait_started_at < te.sla_watched_since
        and t.wait_started_at < now() - interval '24 hours'
      returning t.id`);
    result.skipped += (old as { rows?: unknown[] }).rows?.length ?? 0;
    return tx
      .select({
        id: tickets.id,
        tenantId: tickets.tenantId,
        // Exact (microseconds) as ISO text: it identifies the episode.
        startedAt: sql<string>`to_json(${tickets.waitStartedAt}) #>> '{}'`,
        waitedMinutes: sql<number>`floor(extract(epoch from now() - ${tickets.awaitingSince}) / 60)::int`,
        solved: sql<boolean>`coalesce(${ticketAnalyses.solvedStatus} = 'solved', false)`,
        eligible: sql<boolean>`(${tickets.waitStartedAt} >= ${tenants.slaWatchedSince}
          or ${tickets.waitStartedAt} >= now() - interval '24 hours')`,
      })
      .from(tickets)
      .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
      .leftJoin(ticketAnalyses, eq(ticketAnalyses.id, tickets.latestAnalysisId))
      .where(
        and(
          sql`${tickets.slaPending}`,
          // The index range (1 minute is the smallest limit), then each tenant's own limit.
          sql`${tickets.awaitingSince} < now() - interval '1 minute'`,
          sql`${tickets.awaitingSince} < now() - ${tenants.maxCustomerWaitTimeMinutes} * interval '1 minute'`,
        ),
      )
      .orderBy(tickets.awaitingSince)
      .limit(batchSize);
  });
  if (due.length === 0) return result;

  const closed: string[] = [];
  const breached = new Map<string, typeof due>();
  for (const row of due) {
    if (row.solved || !row.eligible) {
      closed.push(row.id);
      if (row.solved) result.solved++;
      else result.skipped++;
      continue;
    }
    breached.set(row.tenantId, [...(breached.get(row.tenantId) ?? []), row]);
  }
  if (closed.length > 0) {
    await withSystem(db, 'sla-monitor', (tx) =>
      tx
        .update(tickets)
        .set({ slaPending: false })
        .where(and(inArray(tickets.id, closed), eq(tickets.slaPending, true))),
    );
  }
  // The breaches, one transaction per tenant, as that tenant: episode, settled flag and event.
  for (const [tenantId, rows] of breached) {
    result.alerted += await withTenant(db, tenantId, async (tx) => {
      let alerted = 0;
      for (const row of rows) {
        // Still the same open episode (no answer meanwhile)?
        const [settled] = await tx
          .update(tickets)
          .set({ slaPending: false })
          .where(
            and(
              eq(tickets.id, row.id),
              eq(tickets.slaPending, true),
              sql`${tickets.waitStartedAt} = ${row.startedAt}::timestamptz`,
            ),
          )
          .returning({ id: tickets.id });
        if (!settled) continue;
        const [episode] = await tx
          .insert(slaEpisodes)
          .values({ tenantId, ticketId: row.id, startedAt: sql`${row.startedAt}::timestamptz` })
          .onConflictDoNothing()
          .returning({ id: slaEpisodes.id });
        if (!episode) continue;
        await events.publish(tx, tenantId, 'ticket.wait_exceeded', {
          ticket_id: row.id,
          started_at: row.startedAt,
          waited_minutes: row.waitedMinutes,
        });
        alerted++;
      }
      return alerted;
    });
  }
  return result;
}
