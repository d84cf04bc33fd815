// The e2e server: the real one (migrate, demo seed, listen), started after adding the fixture
// users that the specs sign in as, the notification specs' tenants with their alerts, and the
// analysis-feedback and DigiSac specs' tenants (one per attempt). Runs in the server's environment (see
// playwright.config.ts).
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/boot.ts';
import { seedBulk } from '../apps/api/src/cli/seed-bulk.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { notificationStates, notifications, tickets, users } from '../apps/api/src/db/schema/index.ts';
import { CpuPool } from '../apps/api/src/lib/cpu/pool.ts';
import { searchTextOf } from '../apps/api/src/lib/db-helpers.ts';
import { AppError } from '../apps/api/src/lib/errors.ts';
import { createUser, type NewUser } from '../apps/api/src/modules/identity/users.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import {
  type AlertTenant,
  alertTenants,
  businessHoursTenants,
  conversationTenants,
  dashboardTenant,
  dashboardTickets,
  dashboardUser,
  digisacTenants,
  feedbackTenants,
  fixtureUsers,
  ingestionTenants,
  otherTenant,
} from './fixtures.ts';

const { database } = await openDatabase({ seed: true });
// The passwords are checked against the policy on a pool of their own, as the seed does.
const cpu = new CpuPool(1);
try {
  await createTenant(database.db, otherTenant).catch(ignoreConflict);
  for (const user of fixtureUsers satisfies NewUser[])
    await createUser(database.db, user, cpu).catch(ignoreConflict);
  for (const setup of alertTenants) await addAlertTenant(database.db, cpu, setup);
  for (const setup of feedbackTenants) await addTenantWithUsers(database.db, cpu, setup);
  for (const setup of digisacTenants) await addTenantWithUsers(database.db, cpu, setup);
  for (const setup of ingestionTenants) await addTenantWithUsers(database.db, cpu, setup);
  for (const setup of conversationTenants) await addTenantWithUsers(database.db, cpu, setup);
  for (const setup of businessHoursTenants) await addTenantWithUsers(database.db, cpu, setup);
  if (await addTenantWithUsers(database.db, cpu, { tenant: dashboardTenant, users: [dashboardUser] })) {
    await seedBulk(database, { tenantSlug: dashboardTenant.slug, tickets: dashboardTickets, customers: 100 });
  }
} finally {
  await Promise.all([database.close(), cpu.close()]);
}
await import('../apps/api/src/server.ts');

function minutesAgo(minutes: number) {
  return new Date(Date.now() - minutes * 60_000);
}

/**
 * A notification spec's tenant: its users (dated before every alert: users see only newer ones),
 * its real ticket (the newest alert points at it; dated days ago, so no SLA alert comes of it), its
 * alerts through the owner connection as the alert rules would write them, and what one user read.
 * A tenant that exists already (a reused E2E_DATA_DIR) is left as it is.
 */
async function addAlertTenant(db: Db, cpu: CpuPool, setup: AlertTenant) {
  const tenant = await createTenant(db, setup.tenant).catch(ignoreConflict);
  if (!tenant) return;
  const created = [];
  for (const user of setup.users satisfies NewUser[]) created.push((await createUser(db, user, cpu)).user);
  await db
    .update(users)
    .set({ createdAt: minutesAgo(100 * 24 * 60) })
    .where(
      inArray(
        users.id,
        created.map((u) => u.id),
      ),
    );

  let ticketId: string | undefined;
  if (setup.ticket) {
    const [ticket] = await db
      .insert(tickets)
      .values({
        tenantId: tenant.id,
        title: setup.ticket.title,
        content: setup.ticket.content,
        searchText: searchTextOf(setup.ticket.title, setup.ticket.content),
        createdAt: minutesAgo(3 * 24 * 60),
      })
      .returning({ id: tickets.id });
    ticketId = ticket?.id;
  }
  // Oldest first, so `seq` orders them as their dates do.
  const rows = setup.alerts.map((alert, index) => ({
    tenantId: tenant.id,
    alertType: alert.alertType,
    priority: alert.priority,
    title: alert.title,
    message: alert.message,
    ticketId: index === 0 && ticketId ? ticketId : randomUUID(),
    createdAt: minutesAgo(alert.minutesAgo),
  }));
  const inserted = rows.length
    ? await db.insert(notifications).values(rows.reverse()).returning({ id: notifications.id })
    : [];
  const ids = inserted.map((row) => row.id).reverse(); // newest first again, as setup.alerts

  const { readBy } = setup;
  if (readBy) {
    const reader = created.find((u) => u.email === readBy.email);
    const read = ids.filter((_, index) => readBy.read(index));
    if (reader && read.length) {
      await db.insert(notificationStates).values(
        read.map((notificationId) => ({
          tenantId: tenant.id,
          userId: reader.id,
          notificationId,
          readAt: new Date(),
        })),
      );
    }
  }
}

function ignoreConflict(err: unknown): undefined {
  if (!(err instanceof AppError && err.code === 'conflict')) throw err;
}

/** A tenant of its own with its users (analysis-feedback.spec.ts); left as it is if it exists. */
async function addTenantWithUsers(
  db: Db,
  cpu: CpuPool,
  setup: { tenant: { name: string; slug: string }; users: NewUser[] },
) {
  const tenant = await createTenant(db, setup.tenant).catch(ignoreConflict);
  if (!tenant) return false;
  for (const user of setup.users) await createUser(db, user, cpu);
  return true;
}
