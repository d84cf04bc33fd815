import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withSystem } from '../../db/system.ts';
import { withTenant } from '../../db/tenant.ts';
import type { DomainEvents } from '../../lib/events.ts';
import * as repo from './notifications.repo.ts';

/**
 * The SLA monitor (ARCHITECTURE "Alerts"): a worker job that finds tickets whose customer has
 * waited longer than the tenant's `max_customer_wait_time_minutes` with no answer, and publishes
 * `ticket.wait_exceeded` once per waiting episode (the alert rule turns it into `ticket_issues`).
 *
 * The database keeps each ticket's wait (`wait_started_at`, `last_answered_at`, `sla_pending`:
 * triggers of migration 0007 on tickets and messages), so a check is one query over the partial
 * index `tickets_sla_pending_idx`: only tickets in a wait the monitor has not settled yet. The wait
 * counts from the first unanswered message: a customer who writes again is not sent to the back.
 * Settling: an alerted wait keeps waiting until answered (one alert per episode); a wait of a
 * ticket solved since it began, or too old to alert, is closed (the next message opens a new one).
 *
 * No backfill: an episode counts only if it began after the monitor first saw the tenant
 * (`tenants.sla_watched_since`) or within the last 24 hours.
 */

/**
 * Tenants whose breaches could not be written are left out for a while (this process is the
 * leader; a new leader simply tries again), so their waits cannot fill every check's batch.
 */
const failedTenants = new Map<string, number>();
const failureBackoffMs = 5 * 60_000;

/** Waits looked at per check (the rest wait for the next one), and per tenant transaction. */
const batchSize = 500;
const chunkSize = 50;
/** Old waits settled per statement. */
const settleBatch = 5000;

export interface SlaCheckResult {
  /** Episodes that breached now: each got its sla_episodes row and its event. */
  alerted: number;
  /** Waits of tickets solved since they began, closed without an alert. */
  solved: number;
  /** Waits too old to alert (no backfill), closed without one. */
  skipped: number;
  /** Tenants whose breaches could not be written this time (logged; retried next check). */
  failed: number;
}

/** One tenant's breaches, as that tenant: episode row, settled wait, event (→ alert). */
async function recordBreaches(db: Db, events: DomainEvents, tenantId: string, rows: repo.DueWait[]) {
  return withTenant(db, tenantId, async ({ tx }) => {
    let alerted = 0;
    for (const row of rows) {
      // Still the same wait (no answer meanwhile)? It stays open until answered, but is settled.
      if (!(await repo.settleWait(tx, row.id, row.startedAt))) continue;
      if (!(await repo.insertSlaEpisode(tx, tenantId, row.id, row.startedAt))) continue;
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

/** One check across every tenant. Runs as the `sla-monitor` system job, then per tenant. */
export async function checkWaitingTickets(
  db: Db,
  events: DomainEvents,
  log?: FastifyBaseLogger,
): Promise<SlaCheckResult> {
  const result: SlaCheckResult = { alerted: 0, solved: 0, skipped: 0, failed: 0 };
  const now = Date.now();
  for (const [tenantId, until] of failedTenants) if (until <= now) failedTenants.delete(tenantId);
  const resting = [...failedTenants.keys()];
  const due = await withSystem(db, 'sla-monitor', async (tx) => {
    await repo.startWatchingNewTenants(tx);
    // Old waits, e.g. imported or generated in bulk, are closed set-wise, never alerted.
    result.skipped += await repo.closeWaitsBeforeWatching(tx, settleBatch);
    return repo.dueWaits(tx, { resting, limit: batchSize });
  });
  if (due.length === 0) return result;

  const quiet = due.filter((row) => row.solved || !row.eligible);
  if (quiet.length > 0) {
    await withSystem(db, 'sla-monitor', (tx) => repo.closeWaitsQuietly(tx, quiet));
    for (const row of quiet) {
      if (row.solved) result.solved++;
      else result.skipped++;
    }
  }
  const breached = new Map<string, repo.DueWait[]>();
  for (const row of due) {
    if (row.solved || !row.eligible) continue;
    breached.set(row.tenantId, [...(breached.get(row.tenantId) ?? []), row]);
  }
  // Short transactions, and one tenant's failure does not hold the others' alerts back.
  for (const [tenantId, rows] of breached) {
    try {
      for (let i = 0; i < rows.length; i += chunkSize) {
        result.alerted += await recordBreaches(db, events, tenantId, rows.slice(i, i + chunkSize));
      }
    } catch (err) {
      result.failed++;
      failedTenants.set(tenantId, Date.now() + failureBackoffMs);
      log?.error({ err, tenantId }, 'SLA breaches not recorded; retried in 5 minutes');
    }
  }
  return result;
}
