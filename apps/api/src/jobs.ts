import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pruneDomainEvents } from './lib/events.ts';
import { pruneAuditLog } from './modules/audit/audit.service.ts';
import {
  analyzeDueTickets,
  drainInbox,
  fetchNewTickets,
  pruneInboxPayloads,
} from './modules/digisac/digisac.processing.ts';
import { advanceImport, syncAll } from './modules/digisac/digisac.pull.ts';
import { sweepCounters } from './modules/identity/security-counters.ts';
import { sweepSrpClaims } from './modules/identity/srp-claims.ts';
import { pruneNotifications } from './modules/notifications/notifications.service.ts';
import { PushDelivery } from './modules/notifications/push.delivery.ts';
import { checkWaitingTickets } from './modules/notifications/sla.ts';

/**
 * Every periodic job, in one list. The leader process runs them (lib/workers.ts: one run per
 * interval across processes), so each must be idempotent.
 */
export function scheduleJobs(app: FastifyInstance) {
  const { workers, database, events, log } = app;
  const { db } = database;
  workers.schedule({
    name: 'domain-events-prune',
    everyMs: 60 * 60_000,
    run: () => pruneDomainEvents(db),
  });
  // Audit rows are kept 400 days; only this job (withSystem) deletes them.
  workers.schedule({
    name: 'audit-prune',
    everyMs: 6 * 60 * 60_000,
    run: () => pruneAuditLog(db).then(() => {}),
  });
  workers.schedule({
    name: 'sla-monitor',
    everyMs: app.config.SLA_CHECK_INTERVAL_SECONDS * 1000,
    run: async () => {
      const result = await checkWaitingTickets(db, events, log);
      if (result.alerted + result.warned + result.solved + result.skipped > 0)
        log.info({ sla: result }, 'SLA check');
    },
  });
  workers.schedule({
    name: 'notifications-prune',
    everyMs: 60 * 60_000,
    run: async () => {
      await pruneNotifications(db);
      // PGlite has no autovacuum: without it the covering indexes (migration 0009) cannot answer
      // the unread count from the index alone. PostgreSQL's autovacuum does this by itself.
      if (database.driver === 'pglite') {
        await db.execute(sql`vacuum (analyze) notifications, notification_states`);
      }
    },
  });
  // DigiSac ingestion: the inbox and the debounced ticket analyses in every process (the work is
  // claimed, so more processes mean more throughput); the payloads pruned by the leader.
  workers.schedule({
    name: 'digisac-inbox',
    everyMs: 500,
    everyProcess: true,
    run: async () => {
      await drainInbox(app);
    },
  });
  workers.schedule({
    name: 'digisac-fetch',
    everyMs: 1_000,
    everyProcess: true,
    run: async () => {
      await fetchNewTickets(app);
    },
  });
  workers.schedule({
    name: 'digisac-analysis',
    everyMs: 5_000,
    everyProcess: true,
    run: async () => {
      while ((await analyzeDueTickets(app)) > 0);
    },
  });
  workers.schedule({ name: 'digisac-inbox-prune', everyMs: 60 * 60_000, run: () => pruneInboxPayloads(db) });
  // History imports advance a few pages per run, in any process; the catch-up sync in the leader.
  workers.schedule({
    name: 'digisac-import',
    everyMs: 2_000,
    everyProcess: true,
    run: async () => {
      const until = Date.now() + 20_000;
      while (Date.now() < until && (await advanceImport(app)));
    },
  });
  workers.schedule({
    name: 'digisac-sync',
    everyMs: app.config.DIGISAC_SYNC_INTERVAL_SECONDS * 1000,
    run: () => syncAll(app),
  });
  // Web Push (issue 34): the outbox is read by the leader every 15 s (retries) and, in every
  // process, at once after a commit that queued pushes (the live wake-up; the claim is
  // FOR UPDATE SKIP LOCKED, so two processes never send one row).
  const push = new PushDelivery(db, app.config, log);
  workers.schedule({
    name: 'web-push',
    everyMs: 15_000,
    run: async () => {
      const result = await push.deliverDue();
      if (result.sent + result.gone + result.retried + result.givenUp > 0)
        log.info({ push: result }, 'Web Push');
    },
  });
  workers.schedule({ name: 'web-push-prune', everyMs: 60 * 60_000, run: () => push.prune() });
  events.onCommitted('notifications.created', ({ data }) => {
    if (data.push) push.wake();
  });
  app.addHook('preClose', () => push.close());
  if (app.builtInIdp) {
    const { mail } = app.builtInIdp;
    workers.schedule({ name: 'mail-queue', everyMs: 5_000, run: () => mail.drain() });
    // Old security-counter windows and the claims of expired SRP blocks go every few minutes.
    workers.schedule({
      name: 'security-counter-sweep',
      everyMs: 5 * 60_000,
      run: async () => {
        await sweepCounters(db);
        await sweepSrpClaims(db);
      },
    });
  }
}
