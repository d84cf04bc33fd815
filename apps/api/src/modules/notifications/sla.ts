import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withSystem } from '../../db/system.ts';
import { withTenant } from '../../db/tenant.ts';
import { addBusinessMinutes, businessMinutesBetween, toSchedule } from '../../lib/business-time.ts';
import type { DomainEvents } from '../../lib/events.ts';
import * as repo from './notifications.repo.ts';

/**
 * The SLA monitor (ARCHITECTURE "Alerts"): a worker job that finds waits that reached the tenant's
 * warning share (`sla_warning_percent`) of `max_customer_wait_time_minutes`, and those past it,
 * counted in the tenant's business time (lib/business-time.ts; no business hours: every minute),
 * and publishes `ticket.sla_warning` and `ticket.wait_exceeded` once per waiting episode (the
 * alert rules turn them into `sla_warning` and `ticket_issues`).
 *
 * The database keeps each ticket's wait (`wait_started_at`, `last_answered_at`, `sla_pending`:
 * triggers of migrations 0007/0016 on tickets and messages) and records each wait as an
 * `sla_episodes` row when it starts (0019) with null deadlines. A check (1) fills the deadlines of
 * undated episodes in TypeScript (the partial index `sla_episodes_undated_idx`; a change of hours
 * or limits nulls the open ones), then (2) reads the episodes whose breach instant has passed and
 * (3) those whose warning instant has (partial indexes on `due_at` and `warn_at`): index-driven
 * whatever the schedule. `now` is a parameter (tests control the clock). The wait counts from the
 * first unanswered message: a customer who writes again is not sent to the back. Settling: an
 * alerted wait keeps waiting until answered (one alert per episode); a wait of a ticket solved
 * since it began, or too old to alert, is closed (the next message opens a new one).
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
  /** Episodes that breached now: each got its breach and its event. */
  alerted: number;
  /** Episodes that reached the warning share now (and have not breached): each got its event. */
  warned: number;
  /** Waits of tickets solved since they began, closed without an alert. */
  solved: number;
  /** Waits too old to alert (no backfill), closed without one. */
  skipped: number;
  /** Tenants whose breaches or warnings could not be written this time (logged; retried next check). */
  failed: number;
}

/** Deadlines of undated episodes, computed in business time; 'infinity' when the hours never open. */
async function fillDeadlines(db: Db, resting: string[]) {
  await withSystem(db, 'sla-monitor', async (tx) => {
    const undated = await repo.undatedEpisodes(tx, { resting, limit: batchSize });
    await repo.setDeadlines(
      tx,
      undated.map((row) => {
        const schedule = toSchedule(row.hours);
        const start = row.startedAt.getTime();
        const iso = (t: number | null) => (t === null ? 'infinity' : new Date(t).toISOString());
        const warnAt =
          row.warningPercent > 0
            ? iso(addBusinessMinutes(schedule, start, (row.limitMinutes * row.warningPercent) / 100))
            : null;
        return {
          id: row.id,
          tenantId: row.tenantId,
          warnAt,
          dueAt: iso(addBusinessMinutes(schedule, start, row.limitMinutes)),
        };
      }),
    );
  });
}

function waited(row: repo.PassedEpisode, now: Date) {
  const minutes = businessMinutesBetween(toSchedule(row.hours), Date.parse(row.startedAt), now.getTime());
  return { waited_minutes: Math.floor(minutes), ...(row.hours && { business_hours: true }) };
}

/** One tenant's breaches or warnings, as that tenant: the episode's mark, then its event (→ alert). */
async function recordPassed(
  db: Db,
  events: DomainEvents,
  kind: 'warn' | 'due',
  tenantId: string,
  rows: repo.PassedEpisode[],
  now: Date,
) {
  return withTenant(db, tenantId, async ({ tx }) => {
    let recorded = 0;
    for (const row of rows) {
      if (kind === 'due') {
        // Still the same wait (no answer meanwhile)? It stays open until answered, but is settled.
        if (!(await repo.settleWait(tx, row.id, row.startedAt))) continue;
        if (!(await repo.breachEpisode(tx, row.episodeId, now))) continue;
        await events.publish(tx, tenantId, 'ticket.wait_exceeded', {
          ticket_id: row.id,
          started_at: row.startedAt,
          ...waited(row, now),
        });
      } else {
        if (!(await repo.warnEpisode(tx, row.episodeId, now))) continue;
        await events.publish(tx, tenantId, 'ticket.sla_warning', {
          ticket_id: row.id,
          started_at: row.startedAt,
          limit_minutes: row.limitMinutes,
          ...waited(row, now),
        });
      }
      recorded++;
    }
    return recorded;
  });
}

/** Breaches (`due`) then warnings (`warn`) whose instant has passed: quiet ones closed, the rest alerted. */
async function handlePassed(
  db: Db,
  events: DomainEvents,
  kind: 'warn' | 'due',
  now: Date,
  result: SlaCheckResult,
  log?: FastifyBaseLogger,
) {
  const resting = [...failedTenants.keys()];
  const passed = await withSystem(db, 'sla-monitor', (tx) =>
    repo.passedEpisodes(tx, { kind, now, resting, limit: batchSize }),
  );
  if (passed.length === 0) return;
  const stale = passed.filter((row) => row.stale);
  const quiet = passed.filter((row) => !row.stale && (row.solved || !row.eligible));
  if (stale.length > 0 || quiet.length > 0) {
    await withSystem(db, 'sla-monitor', async (tx) => {
      await repo.dropEpisodes(tx, stale);
      // Closing the wait drops its episode too (the trigger of 0019).
      await repo.closeWaitsQuietly(tx, quiet);
    });
    for (const row of quiet) {
      if (row.solved) result.solved++;
      else result.skipped++;
    }
  }
  const byTenant = new Map<string, repo.PassedEpisode[]>();
  for (const row of passed) {
    if (row.stale || row.solved || !row.eligible) continue;
    byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row]);
  }
  // Short transactions, and one tenant's failure does not hold the others' alerts back.
  for (const [tenantId, rows] of byTenant) {
    try {
      for (let i = 0; i < rows.length; i += chunkSize) {
        const recorded = await recordPassed(db, events, kind, tenantId, rows.slice(i, i + chunkSize), now);
        if (kind === 'due') result.alerted += recorded;
        else result.warned += recorded;
      }
    } catch (err) {
      result.failed++;
      failedTenants.set(tenantId, Date.now() + failureBackoffMs);
      log?.error({ err, tenantId }, 'SLA alerts not recorded; retried in 5 minutes');
    }
  }
}

/**
 * One check across every tenant at `now` (default: the clock). Runs as the `sla-monitor` system
 * job, then per tenant.
 */
export async function checkWaitingTickets(
  db: Db,
  events: DomainEvents,
  log?: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<SlaCheckResult> {
  const result: SlaCheckResult = { alerted: 0, warned: 0, solved: 0, skipped: 0, failed: 0 };
  for (const [tenantId, until] of failedTenants) if (until <= Date.now()) failedTenants.delete(tenantId);
  await withSystem(db, 'sla-monitor', async (tx) => {
    await repo.startWatchingNewTenants(tx);
    // Old waits, e.g. imported or generated in bulk, are closed set-wise, never alerted.
    result.skipped += await repo.closeWaitsBeforeWatching(tx, settleBatch);
  });
  await fillDeadlines(db, [...failedTenants.keys()]);
  // Breaches first: a wait past both instants breaches and is never warned.
  await handlePassed(db, events, 'due', now, result, log);
  await handlePassed(db, events, 'warn', now, result, log);
  return result;
}
