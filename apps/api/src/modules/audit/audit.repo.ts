import { and, desc, eq, gte, ilike, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { countOrEstimate, pageWindow } from '../../lib/db-helpers.ts';

// Tenant requests (request.tenantTx): app_user may read and insert its tenant's rows, nothing
// else (audit_log's policies and grants). pruneAuditRows is the system job's (withSystem).

export async function insertAuditRow(tx: Tx, values: typeof auditLog.$inferInsert) {
  await tx.insert(auditLog).values(values);
}

/**
 * Adds an external sign-in's row unless one with the same actor and auth_time exists (rows since
 * the sign-in only: the index on (tenant_id, created_at) keeps the check short).
 */
export async function insertAuditRowOnce(
  tx: Tx,
  values: {
    tenantId: string;
    action: string;
    actorId: string | null;
    actorEmail: string | null;
    details: { auth_time: number } & Record<string, unknown>;
    ip: string | null;
    userAgent: string | null;
    since: Date;
  },
) {
  const details = JSON.stringify(values.details);
  await tx.execute(sql`
    insert into audit_log (tenant_id, action, actor_id, actor_email, details, ip, user_agent)
    select ${values.tenantId}, ${values.action}, ${values.actorId}, ${values.actorEmail}, ${details}::jsonb,
      ${values.ip}, ${values.userAgent}
    where not exists (
      select 1 from audit_log
      where tenant_id = ${values.tenantId} and created_at >= ${values.since.toISOString()}::timestamptz
        and action = ${values.action}
        and actor_id is not distinct from ${values.actorId}::uuid
        and actor_email is not distinct from ${values.actorEmail}
        and details->>'auth_time' = ${String(values.details.auth_time)})`);
}

export interface AuditFilter {
  /** Part of the actor's e-mail. */
  actor?: string;
  action?: string;
  from?: Date;
  to?: { at: Date; exclusive: boolean };
  page: number;
  perPage: number;
}

/** A page of the tenant's audit rows, newest first, and the total (one statement). */
export async function listAuditRows(tx: Tx, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actor) {
    const pattern = `%${filter.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(ilike(auditLog.actorEmail, pattern));
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) {
    conditions.push(
      filter.to.exclusive ? lt(auditLog.createdAt, filter.to.at) : lte(auditLog.createdAt, filter.to.at),
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(filter.page, filter.perPage);
  const counted = countOrEstimate(tx, auditLog, where);
  const rows = await tx
    .select({ row: auditLog, total: sql<number>`${counted.sql}` })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => r.row), ...(await counted.totalOf(rows, filter.page)) };
}

/** System: deletes rows older than `days` across tenants, in batches; answers how many went. */
export async function pruneAuditRows(tx: Tx, days: number, batch: number) {
  const result = await tx.execute(sql`
    delete from audit_log where (tenant_id, id) in (
      select tenant_id, id from audit_log
      where created_at < now() - ${days} * interval '1 day'
      limit ${batch})
    returning 1`);
  return ((result as { rows?: unknown[] }).rows ?? []).length;
}
