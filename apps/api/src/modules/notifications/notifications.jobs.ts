import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pruneNotifications } from './notifications.service.ts';
import { checkWaitingTickets } from './sla.ts';

/** The notifications' periodic jobs (run by the leader process: lib/workers.ts). */
export function scheduleNotificationJobs(app: FastifyInstance) {
  const { db } = app.database;
  app.workers.schedule({
    name: 'sla-monitor',
    everyMs: app.config.SLA_CHECK_INTERVAL_SECONDS * 1000,
    run: async () => {
      const result = await checkWaitingTickets(db, app.events, app.log);
      if (result.alerted + result.solved + result.skipped > 0) app.log.info({ sla: result }, 'SLA check');
    },
  });
  app.workers.schedule({
    name: 'notifications-prune',
    everyMs: 60 * 60_000,
    run: async () => {
      await pruneNotifications(db);
      // PGlite has no autovacuum: without it the covering indexes (migration 0009) cannot answer
      // the unread count from the index alone. PostgreSQL's autovacuum does this by itself.
      if (app.database.driver === 'pglite') {
        await db.execute(sql`vacuum (analyze) notifications, notification_states`);
      }
    },
  });
}
