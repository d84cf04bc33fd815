import {
  type AlertType,
  alertTypes,
  type BulkResult,
  type Notification,
  type NotificationList,
  type NotificationPreferences,
  type NotificationStats,
  type Priority,
  priorities,
  type UpdateNotificationPreferences,
} from '@atende/contracts';
import type { Db } from '../../db/client.ts';
import { withSystem } from '../../db/system.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { iso, isUuid } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './notifications.repo.ts';

/** Notifications are kept this long, then pruneNotifications deletes them. */
export const notificationRetentionDays = 90;

const notificationNotFound = () => notFound('Notificação não encontrada.');

/** A reader's row as a Viewer (an unknown minimum priority reads as low). */
export function toViewer(row: {
  userId: string;
  tenantId: string;
  since: Date;
  mutedAlertTypes: string[] | null;
  minPriority: string | null;
}): repo.Viewer {
  return {
    userId: row.userId,
    tenantId: row.tenantId,
    since: row.since,
    mutedAlertTypes: row.mutedAlertTypes ?? [],
    minPriority: (priorities as readonly string[]).includes(row.minPriority ?? '')
      ? (row.minPriority as Priority)
      : 'low',
  };
}

/** The caller (request.auth.sub, a users.id of the tenant) with their preferences. */
export async function viewerOf({ tenantId, tx }: TenantScope, userId: string): Promise<repo.Viewer> {
  const row = isUuid(userId) ? await repo.findViewer(tx, userId) : undefined;
  if (!row || row.tenantId !== tenantId) {
    throw new AppError('forbidden', 'Usuário não encontrado nesta organização.');
  }
  return toViewer({ ...row, userId });
}

type Row = Awaited<ReturnType<typeof repo.listNotifications>>['rows'][number];

export const toNotificationDto = (row: Row): Notification => ({
  notification_id: row.id,
  title: row.title,
  message: row.message,
  priority: row.priority as Priority,
  alert_type: row.alertType as AlertType,
  read: row.readAt !== null,
  created_at: iso(row.createdAt),
  details: { ticket_id: row.ticketId, message_id: row.messageId },
});

export async function listNotifications(
  { tx }: TenantScope,
  viewer: repo.Viewer,
  query: { limit: number; unreadOnly: boolean },
): Promise<NotificationList> {
  const { rows, total } = await repo.listNotifications(tx, viewer, query);
  return { notifications: rows.map(toNotificationDto), total };
}

/** The /stats query itself, not run (bench/notifications.ts EXPLAINs it): the viewer's counters. */
export const statsQuery = ({ tx }: TenantScope, viewer: repo.Viewer) => repo.countsOf(tx, viewer);

export async function stats({ tx }: TenantScope, viewer: repo.Viewer): Promise<NotificationStats> {
  const groups = repo.allowedCounts(viewer, await repo.countsOf(tx, viewer));
  const byPriority = { high: 0, medium: 0, low: 0 };
  const byType = Object.fromEntries(alertTypes.map((t) => [t, 0])) as Record<AlertType, number>;
  let total = 0;
  let unread = 0;
  for (const group of groups) {
    total += group.total;
    unread += group.unread;
    byPriority[group.priority as Priority] += group.unread;
    byType[group.alertType as AlertType] += group.unread;
  }
  return { unread_count: unread, total, by_priority: byPriority, by_type: byType };
}

/** 404 unless the viewer can address it (another tenant's, cleared, older than the user, unknown). */
async function requireVisible({ tx }: TenantScope, viewer: repo.Viewer, id: string) {
  const row = await repo.findVisible(tx, viewer, id);
  if (!row) throw notificationNotFound();
  return row;
}

export async function markRead(scope: TenantScope, viewer: repo.Viewer, id: string): Promise<BulkResult> {
  const row = await requireVisible(scope, viewer, id);
  const count = row.readAt === null ? await repo.markRead(scope.tx, viewer, id) : 0;
  return { success: true, count };
}

export async function markAllRead({ tx }: TenantScope, viewer: repo.Viewer): Promise<BulkResult> {
  return { success: true, count: await repo.markAllRead(tx, viewer) };
}

export async function clear(scope: TenantScope, viewer: repo.Viewer, id: string): Promise<BulkResult> {
  await requireVisible(scope, viewer, id);
  return { success: true, count: await repo.clear(scope.tx, viewer, id) };
}

export async function clearAll({ tx }: TenantScope, viewer: repo.Viewer): Promise<BulkResult> {
  return { success: true, count: await repo.clearAll(tx, viewer) };
}

const preferencesOf = (viewer: repo.Viewer): NotificationPreferences => ({
  muted_alert_types: viewer.mutedAlertTypes.filter((t): t is AlertType =>
    (alertTypes as readonly string[]).includes(t),
  ),
  min_priority: viewer.minPriority,
});

export const getPreferences = (viewer: repo.Viewer) => preferencesOf(viewer);

export async function updatePreferences(
  { tx }: TenantScope,
  viewer: repo.Viewer,
  input: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const current = preferencesOf(viewer);
  const next = {
    // Stored in the contracts' order, each type once.
    mutedAlertTypes: alertTypes.filter((t) =>
      (input.muted_alert_types ?? current.muted_alert_types).includes(t),
    ),
    minPriority: input.min_priority ?? current.min_priority,
  };
  await repo.upsertPreferences(tx, viewer, next);
  return { muted_alert_types: next.mutedAlertTypes, min_priority: next.minPriority };
}

/**
 * Deletes every tenant's notifications older than the retention (the `notifications-prune` worker
 * job), 5,000 per transaction so no statement outgrows the timeout after a long gap. Answers how
 * many were deleted.
 */
export async function pruneNotifications(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - notificationRetentionDays * 24 * 60 * 60 * 1000);
  const batch = 5_000;
  let total = 0;
  for (;;) {
    const deleted = await withSystem(db, 'notifications-prune', (tx) =>
      repo.pruneBatchOlderThan(tx, cutoff, batch),
    );
    total += deleted;
    if (deleted < batch) return total;
  }
}

/**
 * The tenant's open SLA waits lose their deadlines, in the caller's transaction (a change of
 * business hours, of the limit or of the warning share): the SLA monitor's next check computes
 * them again from the new settings (sla.ts, its undated episodes). Answers how many.
 */
export function resetOpenSlaDeadlines({ tenantId, tx }: TenantScope) {
  return repo.resetOpenDeadlines(tx, tenantId);
}
